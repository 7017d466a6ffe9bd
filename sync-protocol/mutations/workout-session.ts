/**
 * A workout session (issue 48, ADR 030): started on the device, finished, or discarded. Its
 * exercises and sets are mutators of their own (./workout-exercise.ts, ./workout-set.ts).
 */
import { applyWorkoutSessionDiscard, applyWorkoutSessionFinish, type WorkoutSession } from '../conflict/workout.ts';
import { notAfter } from './instants.ts';
import { changedResult, defineMutator, refused, unchangedResult, update, use, type MutatorContext } from './mutator.ts';

export interface WorkoutStartArgs {
  id: string;
  /** The plan and the day of its schedule it follows; absent for a session of the client's own. */
  planId?: string;
  weekday?: number;
  startedAt: string;
}

export const workoutStart = defineMutator({
  name: 'workout.start',
  version: 1,
  tables: ['workoutSessions'],
  args: { id: 'uuid', planId: 'uuid?', weekday: 'weekday?', startedAt: 'instant' },
  *apply(args: WorkoutStartArgs, { now }: MutatorContext) {
    const session: WorkoutSession = {
      id: args.id,
      planId: args.planId ?? null,
      weekday: args.weekday ?? null,
      startedAt: notAfter(args.startedAt, now),
      endedAt: null,
      exerciseCount: 0,
      setCount: 0,
      deleted: false,
      hlcs: {},
    };
    const stored = yield* use((storage) => storage.workoutSessions.insert(session));
    if (stored === 'taken') return refused('ID_CONFLICT');
    return stored === 'inserted' ? changedResult : unchangedResult;
  },
});

export interface WorkoutFinishArgs {
  id: string;
  endedAt: string;
}

export const workoutFinish = defineMutator({
  name: 'workout.finish',
  version: 1,
  tables: ['workoutSessions'],
  args: { id: 'uuid', endedAt: 'instant' },
  *apply(args: WorkoutFinishArgs, { hlc, now }: MutatorContext) {
    return yield* update('workoutSessions', args.id, (session) => applyWorkoutSessionFinish(session, notAfter(args.endedAt, now), hlc));
  },
});

export interface WorkoutDiscardArgs {
  id: string;
}

export const workoutDiscard = defineMutator({
  name: 'workout.discard',
  version: 1,
  tables: ['workoutSessions'],
  args: { id: 'uuid' },
  *apply(args: WorkoutDiscardArgs) {
    return yield* update('workoutSessions', args.id, applyWorkoutSessionDiscard);
  },
});
