/** A workout session's exercise (issue 48, ADR 030): added from the plan or by the client, moved, skipped, annotated, removed. */
import { applyWorkoutExerciseRemove, applyWorkoutExerciseUpdate, countIntoSession, EXERCISE_KINDS, type WorkoutExercise } from '../conflict/workout.ts';
import { changedResult, defineMutator, refused, unchangedResult, update, use, type MutatorContext } from './mutator.ts';
import { useAll } from './use-all.ts';

/** An exercise as added; the plan's prescription for one from the plan, none for one the client added. */
export type WorkoutExerciseAddArgs = Pick<WorkoutExercise, 'id' | 'sessionId' | 'exerciseKey' | 'name' | 'kind' | 'position'> & Partial<Pick<WorkoutExercise, 'prescription' | 'note'>>;

export const workoutExerciseAdd = defineMutator({
  name: 'workoutExercise.add',
  version: 1,
  tables: ['workoutSessions', 'workoutExercises'],
  args: { id: 'uuid', sessionId: 'uuid', exerciseKey: 'exerciseName', name: 'exerciseName', kind: EXERCISE_KINDS, prescription: 'prescription?', position: 'position', note: 'notes?' },
  *apply(args: WorkoutExerciseAddArgs) {
    // The exercise and its session read together (one round trip on the device).
    const [replayed, session] = yield* useAll(
      (storage) => storage.workoutExercises.get(args.id),
      (storage) => storage.workoutSessions.get(args.sessionId),
    );
    // A replay first: counted once, even in a session that has filled since (its limits are not looked at).
    if (replayed) return unchangedResult;
    const counted = countIntoSession(session, 'exercise');
    if (!counted.ok) return counted;
    const exercise: WorkoutExercise = { ...args, prescription: args.prescription ?? null, note: args.note ?? null, skipped: false, deleted: false, hlcs: {} };
    const stored = yield* use((storage) => storage.workoutExercises.insert(exercise));
    if (stored === 'taken') return refused('ID_CONFLICT');
    yield* use((storage) => storage.workoutSessions.put(counted.row));
    return changedResult;
  },
});

export interface WorkoutExerciseUpdateArgs {
  id: string;
  position?: number;
  skipped?: boolean;
  note?: string | null;
}

export const workoutExerciseUpdate = defineMutator({
  name: 'workoutExercise.update',
  version: 1,
  tables: ['workoutExercises'],
  args: { id: 'uuid', position: 'position?', skipped: 'boolean?', note: 'notes?' },
  refine: (args: WorkoutExerciseUpdateArgs) => (Object.keys(args).length > 1 ? null : { field: 'id', key: 'validation.required' }),
  *apply(args: WorkoutExerciseUpdateArgs, { hlc }: MutatorContext) {
    return yield* update('workoutExercises', args.id, (exercise) => applyWorkoutExerciseUpdate(exercise, args, hlc));
  },
});

export interface WorkoutExerciseRemoveArgs {
  id: string;
}

export const workoutExerciseRemove = defineMutator({
  name: 'workoutExercise.remove',
  version: 1,
  tables: ['workoutExercises'],
  args: { id: 'uuid' },
  *apply(args: WorkoutExerciseRemoveArgs) {
    return yield* update('workoutExercises', args.id, applyWorkoutExerciseRemove);
  },
});
