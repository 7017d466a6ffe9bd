/**
 * The mutators a device loads when it needs them (./registry.ts), so that the sync engine every
 * signed-in page loads does not grow with them: the workout session's (issue 48), loaded with
 * /workout, the weekly check-in's, loaded with its dialog, and the profile's (issue 50: its notice
 * choices), loaded with /profile and /settings; each also when the outbox holds one of them.
 */
import { checkInSubmit } from './checkin-submit.ts';
import { profileUpdate } from './profile-update.ts';
import { workoutExerciseAdd, workoutExerciseRemove, workoutExerciseUpdate } from './workout-exercise.ts';
import { workoutDiscard, workoutFinish, workoutStart } from './workout-session.ts';
import { workoutSetAdd, workoutSetRemove, workoutSetUpdate } from './workout-set.ts';

export const LATER_MUTATORS = [checkInSubmit, profileUpdate, workoutStart, workoutFinish, workoutDiscard, workoutExerciseAdd, workoutExerciseUpdate, workoutExerciseRemove, workoutSetAdd, workoutSetUpdate, workoutSetRemove] as const;
