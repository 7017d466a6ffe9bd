/**
 * A set marked done in a workout session (issue 48, ADR 030): it reaches the outbox the moment it
 * is, so the coach sees a session in progress once the phone has signal. Corrected or removed
 * afterwards, each field last-writer-wins by HLC.
 */
import { applyWorkoutSetRemove, applyWorkoutSetUpdate, countIntoSession, type WorkoutSet } from '../conflict/workout.ts';
import { notAfter } from './instants.ts';
import { changedResult, defineMutator, refused, unchangedResult, update, use, type MutatorContext } from './mutator.ts';
import { useAll } from './use-all.ts';

/** A set as marked done; null where the exercise has none: no reps for a time, no load for body weight. */
export type WorkoutSetAddArgs = Pick<WorkoutSet, 'id' | 'sessionId' | 'exerciseId' | 'position' | 'reps' | 'loadKg' | 'seconds' | 'doneAt'>;

/** A set says what was done: reps, or a time. */
const saysSomething = (args: { reps?: number | null; seconds?: number | null }) => (args.reps ?? null) !== null || (args.seconds ?? null) !== null;

export const workoutSetAdd = defineMutator({
  name: 'workoutSet.add',
  version: 1,
  tables: ['workoutSessions', 'workoutExercises', 'workoutSets'],
  args: { id: 'uuid', sessionId: 'uuid', exerciseId: 'uuid', position: 'position', reps: 'reps', loadKg: 'load', seconds: 'setSeconds', doneAt: 'instant' },
  refine: (args: WorkoutSetAddArgs) => (saysSomething(args) ? null : { field: 'reps', key: 'validation.repsInvalid' }),
  *apply(args: WorkoutSetAddArgs, { now }: MutatorContext) {
    // The set, its exercise and its session read together (one round trip on the device).
    const [replayed, exercise, session] = yield* useAll(
      (storage) => storage.workoutSets.get(args.id),
      (storage) => storage.workoutExercises.get(args.exerciseId),
      (storage) => storage.workoutSessions.get(args.sessionId),
    );
    // A replay first: counted once, even in a session that has filled since (its limits are not looked at).
    if (replayed) return unchangedResult;
    if (!exercise || exercise.sessionId !== args.sessionId) return refused('NOT_FOUND');
    const doneAt = notAfter(args.doneAt, now);
    const counted = countIntoSession(session, 'set', doneAt);
    if (!counted.ok) return counted;
    const set: WorkoutSet = { ...args, doneAt, deleted: false, hlcs: {} };
    const stored = yield* use((storage) => storage.workoutSets.insert(set));
    if (stored === 'taken') return refused('ID_CONFLICT');
    yield* use((storage) => storage.workoutSessions.put(counted.row));
    return changedResult;
  },
});

export interface WorkoutSetUpdateArgs {
  id: string;
  position?: number;
  reps?: number | null;
  loadKg?: number | null;
  seconds?: number | null;
}

export const workoutSetUpdate = defineMutator({
  name: 'workoutSet.update',
  version: 1,
  tables: ['workoutSets'],
  args: { id: 'uuid', position: 'position?', reps: 'reps?', loadKg: 'load?', seconds: 'setSeconds?' },
  refine: (args: WorkoutSetUpdateArgs) => (Object.keys(args).length > 1 ? null : { field: 'reps', key: 'validation.required' }),
  *apply(args: WorkoutSetUpdateArgs, { hlc }: MutatorContext) {
    return yield* update('workoutSets', args.id, (set) => applyWorkoutSetUpdate(set, args, hlc));
  },
});

export interface WorkoutSetRemoveArgs {
  id: string;
}

export const workoutSetRemove = defineMutator({
  name: 'workoutSet.remove',
  version: 1,
  tables: ['workoutSets'],
  args: { id: 'uuid' },
  *apply(args: WorkoutSetRemoveArgs) {
    return yield* update('workoutSets', args.id, applyWorkoutSetRemove);
  },
});
