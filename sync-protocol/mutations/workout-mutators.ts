/**
 * The workout session's mutators (issue 48), in a module of their own: a device loads them with
 * /workout, or when its outbox holds one of them, so that the sync engine every signed-in page
 * loads does not grow with them (./registry.ts).
 */
import { workoutExerciseAdd, workoutExerciseRemove, workoutExerciseUpdate } from './workout-exercise.ts';
import { workoutDiscard, workoutFinish, workoutStart } from './workout-session.ts';
import { workoutSetAdd, workoutSetRemove, workoutSetUpdate } from './workout-set.ts';

export const WORKOUT_MUTATORS = [workoutStart, workoutFinish, workoutDiscard, workoutExerciseAdd, workoutExerciseUpdate, workoutExerciseRemove, workoutSetAdd, workoutSetUpdate, workoutSetRemove] as const;
