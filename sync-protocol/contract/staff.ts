/**
 * Shapes of the teacher-admin and admin endpoints (SPEC §3 "Admin user view", §7), shared by the
 * routes and the PWA's admin feature.
 */
import type { BodyMeasurement, ProgressPhoto } from './tracking.ts';
import type { WorkoutExercise, WorkoutSession, WorkoutSet } from '../conflict/workout.ts';
import type { WeekAdherence } from '../domain/workout-adherence.ts';
import type { DietPlanInput, WorkoutPlanInput } from '../schemas/plans.ts';
import type { ClientDto } from './clients.ts';
import type { DietPlanDto, WorkoutPlanDto } from './plans.ts';
import type { SubscriptionDto } from './subscriptions.ts';

/** One row of GET /api/teacher-admin/users; the UI groups rows by diet freshness in its own time zone. */
export interface StaffUserSummary {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  role: ClientDto['role'];
  /** The teacher the client came through (issue 7's referral); null when unassigned. */
  teacherId: string | null;
  /** When an admin approved this teacher (ADR 013); null for a teacher awaiting approval and for everyone else. */
  teacherApprovedAt: string | null;
  createdAt: string;
  /** Publication instant of the latest published diet, or null. */
  latestDietPublishedAt: string | null;
  subscription: SubscriptionDto | null;
}

export type StaffBodyMeasurement = Omit<BodyMeasurement, 'deleted' | 'hlcs'>;

/** A client's progress photo as their coach sees it; the files are read from `/api/photos/:id/…`. */
export type StaffProgressPhoto = Pick<ProgressPhoto, 'id' | 'createdAt' | 'pose' | 'width' | 'height' | 'stored'>;

/** GET /api/teacher-admin/users/:id — the client plus every plan, drafts included. */
export interface StaffUserDetail extends ClientDto {
  teacherId: string | null;
  teacherApprovedAt: string | null;
  dietPlans: DietPlanDto[];
  workoutPlans: WorkoutPlanDto[];
  subscription: SubscriptionDto | null;
  /** The client's weigh-ins, oldest first, for their trend (issue 21). */
  weighIns: { weight: number; createdAt: string }[];
  /** The client's body measurements, newest first (issue 21). */
  bodyMeasurements: StaffBodyMeasurement[];
  /** The client's progress photos, newest first: for admins and the client's own teacher only, else empty (ADR 027). */
  progressPhotos: StaffProgressPhoto[];
}

/** A set the client marked done, as their coach reads it. */
export type StaffWorkoutSet = Pick<WorkoutSet, 'id' | 'position' | 'reps' | 'loadKg' | 'seconds' | 'doneAt'>;

/** An exercise of a session with the plan's prescription as written that day (null for one the client added) and its sets, in order. */
export interface StaffWorkoutExercise extends Pick<WorkoutExercise, 'id' | 'exerciseKey' | 'name' | 'kind' | 'prescription' | 'position' | 'skipped' | 'note'> {
  sets: StaffWorkoutSet[];
}

/** A session the client ran (open while `endedAt` is null), with the name of its plan's day when the plan names it. */
export interface StaffWorkoutSession extends Pick<WorkoutSession, 'id' | 'planId' | 'weekday' | 'startedAt' | 'endedAt'> {
  dayName: string | null;
  exercises: StaffWorkoutExercise[];
}

/**
 * An exercise the client has done (a set marked done in a session not discarded), with every name
 * it goes by, the latest first (ADR 030): a coach's merge joins two names into one exercise.
 */
export interface StaffExercise {
  /** The id the names share, or the one name's key when it has none. */
  exerciseId: string;
  names: { nameKey: string; name: string }[];
  /** Sessions it was done in, and the start of the latest. */
  sessions: number;
  lastDoneAt: string;
}

/**
 * GET /api/coach/clients/:id/workout-sessions (issue 48, part 6): the client's latest sessions,
 * newest first, discarded ones and removed exercises and sets left out, this week's adherence, and
 * every exercise they have done, latest first.
 */
export interface StaffWorkoutHistory {
  sessions: StaffWorkoutSession[];
  adherence: WeekAdherence;
  exercises: StaffExercise[];
}

/** Where a generated draft came from: a model through the SDK, or the built-in generator. */
export type GenerationSource = 'ai' | 'builtin';

/** A generated draft: exactly the form's fields, structured ones as text, ready to review. */
export type GeneratedDiet = { [K in keyof DietPlanInput]: DietPlanInput[K] };
export type GeneratedWorkout = { [K in keyof WorkoutPlanInput]: WorkoutPlanInput[K] };

export interface GenerateDietResponse {
  success: true;
  diet: GeneratedDiet;
  source: GenerationSource;
}
export interface GenerateWorkoutResponse {
  success: true;
  workout: GeneratedWorkout;
  source: GenerationSource;
}

export interface TranslateTextsResponse {
  success: boolean;
  translatedTexts: string[];
  attempts: number;
  error?: string;
}

export interface IdentifiedExercise {
  name: string;
  muscleGroups: string[];
  equipment: string[];
  description: string;
  alternativeNames: string[];
}

export interface ExerciseImageTestResponse {
  success: true;
  identifiedExercise: IdentifiedExercise;
  /** Catalog exercises that match the identification, best first. */
  matchedExercises: { id: string; name: string; muscleGroups: string[]; score: number }[];
  /** The steps the server ran, in order, for the tester to read. */
  /** `step` is 'validateImage', 'identifyExercise' or 'matchCatalog' today; a client shows an id it does not know as it is. */
  workflow: { step: string; status: 'ok' | 'skipped'; detail: string }[];
}
