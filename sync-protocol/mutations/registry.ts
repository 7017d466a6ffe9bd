/**
 * Every synced mutation, each defined once in its own module (docs/adding-a-synced-entity.md).
 * The envelope's names and argument types, the server's push and the device's local writes all
 * come from this list.
 */
import { checkInSubmit } from './checkin-submit.ts';
import { measurementAdd } from './measurement-add.ts';
import { measurementDelete } from './measurement-delete.ts';
import { measurementUpdate } from './measurement-update.ts';
import { photoAdd } from './photo-add.ts';
import { photoDelete } from './photo-delete.ts';
import { messageDelete } from './message-delete.ts';
import { messageSend } from './message-send.ts';
import { messagesRead } from './messages-read.ts';
import { notificationRead } from './notification-read.ts';
import { profileUpdate } from './profile-update.ts';
import { progressComplete } from './progress-complete.ts';
import { progressSet } from './progress-set.ts';
import { weightAdd } from './weight-add.ts';
import { weightDelete } from './weight-delete.ts';
import { weightUpdate } from './weight-update.ts';
import { workoutExerciseAdd, workoutExerciseRemove, workoutExerciseUpdate } from './workout-exercise.ts';
import { workoutDiscard, workoutFinish, workoutStart } from './workout-session.ts';
import { workoutSetAdd, workoutSetRemove, workoutSetUpdate } from './workout-set.ts';

export const MUTATORS = [weightAdd, weightUpdate, weightDelete, progressSet, progressComplete, profileUpdate, notificationRead, measurementAdd, measurementUpdate, measurementDelete, photoAdd, photoDelete, messageSend, messageDelete, messagesRead, checkInSubmit, workoutStart, workoutFinish, workoutDiscard, workoutExerciseAdd, workoutExerciseUpdate, workoutExerciseRemove, workoutSetAdd, workoutSetUpdate, workoutSetRemove] as const;

type AnyMutator = (typeof MUTATORS)[number];
export type MutationName = AnyMutator['name'];
export type MutationArgs = { [M in AnyMutator as M['name']]: M extends { apply(args: infer A, ...rest: never[]): unknown } ? A : never };

/** The mutator of a name, or undefined for a name this build does not know. */
export const mutatorNamed = (name: string): AnyMutator | undefined => MUTATORS.find((mutator) => mutator.name === name);
