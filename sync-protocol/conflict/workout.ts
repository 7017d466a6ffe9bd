/**
 * The workout session's rows and merge rules (issue 48, ADR 030), beside the other entities' in
 * ./rules.ts: a module of their own, loaded with the workout's mutators rather than by every
 * signed-in page.
 */
import { applyFieldCorrections, applyTombstone, changed, rejected, type Outcome } from './rules.ts';

// A session, its exercises and their sets, each keyed by the device's UUIDv7. The fields a client
// corrects are last-writer-wins per field by HLC; a discarded session, a removed exercise or set
// is a tombstone that wins over every correction.

/** How an exercise's sets are logged: reps with a load, reps with body weight, or a time. */
export const EXERCISE_KINDS = ['load', 'bodyweight', 'time'] as const;
export type ExerciseKind = (typeof EXERCISE_KINDS)[number];

export const WORKOUT_SESSION_FIELDS = ['endedAt'] as const;
export type WorkoutSessionField = (typeof WORKOUT_SESSION_FIELDS)[number];

export interface WorkoutSession {
  id: string;
  /** The plan it follows, and the day of its schedule by weekday (0 Sunday); null for a session of the client's own. */
  planId: string | null;
  weekday: number | null;
  startedAt: string;
  /** When it was finished; null while it is open. */
  endedAt: string | null;
  /** Exercises and sets ever added to it, removed ones included: its limits count them. */
  exerciseCount: number;
  setCount: number;
  deleted: boolean;
  hlcs: Partial<Record<WorkoutSessionField, string>>;
}

export const WORKOUT_EXERCISE_FIELDS = ['position', 'skipped', 'note'] as const;
export type WorkoutExerciseField = (typeof WORKOUT_EXERCISE_FIELDS)[number];

/** What the plan asked of an exercise, as its author wrote it ("4", "8-12", "60s"). */
export interface Prescription {
  sets: string | null;
  reps: string | null;
  rest: string | null;
}

export interface WorkoutExercise {
  id: string;
  sessionId: string;
  /** What its history follows across sessions and plan versions (ADR 030). */
  exerciseKey: string;
  name: string;
  kind: ExerciseKind;
  /** The plan's, for an exercise from the plan; null for one the client added. */
  prescription: Prescription | null;
  position: number;
  skipped: boolean;
  note: string | null;
  deleted: boolean;
  hlcs: Partial<Record<WorkoutExerciseField, string>>;
}

/**
 * A name an exercise goes by, and the exercise it names (ADR 030): written by the server only
 * (a plan published, a coach's merge), one row per name key of the user.
 */
export interface ExerciseName {
  id: string;
  nameKey: string;
  exerciseId: string;
}

export const WORKOUT_SET_FIELDS = ['position', 'reps', 'loadKg', 'seconds'] as const;
export type WorkoutSetField = (typeof WORKOUT_SET_FIELDS)[number];

/** A set marked done: it reaches the outbox then (ADR 030); one not yet done is the screen's. */
export interface WorkoutSet {
  id: string;
  sessionId: string;
  exerciseId: string;
  position: number;
  reps: number | null;
  loadKg: number | null;
  seconds: number | null;
  doneAt: string;
  deleted: boolean;
  hlcs: Partial<Record<WorkoutSetField, string>>;
}

/** Issue 48's limits of a session: exercises and sets added, and its length. */
export const WORKOUT_LIMITS = { exercises: 60, sets: 500, durationMs: 24 * 60 * 60 * 1000 } as const;

const tooLate = (session: WorkoutSession, at: string) => Date.parse(at) - Date.parse(session.startedAt) > WORKOUT_LIMITS.durationMs;

/**
 * An exercise or a set added to a session, counted against its limits (the mutator adds the row
 * in the same change). Refused when the session is unknown, was discarded (the change would be
 * lost without a word), is full, or when a set was done (`doneAt`, the device's time: a phone
 * offline for days pushes late) more than 24 hours after the session started.
 */
export function countIntoSession(current: WorkoutSession | undefined, part: 'exercise' | 'set', doneAt?: string): Outcome<WorkoutSession> {
  if (!current) return rejected('NOT_FOUND');
  if (current.deleted) return rejected('WORKOUT_SESSION_DISCARDED');
  if (doneAt !== undefined && tooLate(current, doneAt)) return rejected('WORKOUT_SESSION_TOO_LONG');
  if (part === 'exercise') {
    return current.exerciseCount >= WORKOUT_LIMITS.exercises ? rejected('WORKOUT_SESSION_FULL') : changed({ ...current, exerciseCount: current.exerciseCount + 1 });
  }
  return current.setCount >= WORKOUT_LIMITS.sets ? rejected('WORKOUT_SESSION_FULL') : changed({ ...current, setCount: current.setCount + 1 });
}

/** Finishing, or finishing again at another time from another device: the latest write wins. */
export function applyWorkoutSessionFinish(current: WorkoutSession | undefined, endedAt: string, hlc: string): Outcome<WorkoutSession> {
  if (current && !current.deleted && (Date.parse(endedAt) < Date.parse(current.startedAt) || tooLate(current, endedAt))) return rejected('WORKOUT_SESSION_TOO_LONG');
  return applyFieldCorrections(current, { endedAt }, WORKOUT_SESSION_FIELDS, hlc);
}

export function applyWorkoutSessionDiscard(current: WorkoutSession | undefined): Outcome<WorkoutSession> {
  return applyTombstone(current);
}

/** Moved, skipped or annotated: each field given, if this write is its latest. */
export function applyWorkoutExerciseUpdate(current: WorkoutExercise | undefined, args: Partial<Pick<WorkoutExercise, WorkoutExerciseField>>, hlc: string): Outcome<WorkoutExercise> {
  return applyFieldCorrections(current, args, WORKOUT_EXERCISE_FIELDS, hlc);
}

export function applyWorkoutExerciseRemove(current: WorkoutExercise | undefined): Outcome<WorkoutExercise> {
  return applyTombstone(current);
}

/** A set's reps, load, time or place corrected: each field given, if this write is its latest. */
export function applyWorkoutSetUpdate(current: WorkoutSet | undefined, args: Partial<Pick<WorkoutSet, WorkoutSetField>>, hlc: string): Outcome<WorkoutSet> {
  return applyFieldCorrections(current, args, WORKOUT_SET_FIELDS, hlc);
}

export function applyWorkoutSetRemove(current: WorkoutSet | undefined): Outcome<WorkoutSet> {
  return applyTombstone(current);
}
