import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { CheckInAnswer } from '#protocol/conflict/rules.ts';
import type { ExerciseKind, Prescription, WorkoutExerciseField, WorkoutSessionField, WorkoutSetField } from '#protocol/conflict/workout.ts';
import { users } from './users.ts';

/**
 * One counter for the whole server, bumped in the same transaction as every synced write: pull
 * asks for "everything after version N", which is exact where timestamps are not (ARCHITECTURE §3).
 */
export const syncCounter = sqliteTable('sync_counter', {
  id: integer('id').primaryKey(),
  value: integer('value').notNull(),
  /**
   * The latest HLC any instance's clock had given when it last stored the counter: an instance
   * receives it with the counter, so a write it stamps orders after every write stamped before,
   * whichever instance took it and whatever its clock reads (ADR 031).
   */
  lastStamp: text('last_stamp'),
});

/** A client device (browser profile) of one user and the last mutation seq it had applied. */
export const devices = sqliteTable(
  'devices',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastSeq: integer('last_seq').notNull().default(0),
    createdAt: integer('created_at').notNull(),
    lastSeenAt: integer('last_seen_at').notNull(),
  },
  (table) => [index('devices_user_idx').on(table.userId)],
);

/**
 * Why the server refused a device's mutation, kept so that a resent batch (its first answer lost)
 * is told again: a refused change is never dropped without the user hearing of it.
 */
export const syncRefusals = sqliteTable(
  'sync_refusals',
  {
    deviceId: text('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    code: text('code').notNull(),
  },
  (table) => [primaryKey({ columns: [table.deviceId, table.seq] })],
);

/**
 * Keyed by the client's UUIDv7; weight and notes can be corrected, each field last-writer-wins
 * by the HLC kept in `hlcs` (ADR 015); a delete is a tombstone (deleted_at) and wins.
 */
export const weightRecords = sqliteTable(
  'weight_records',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    weight: real('weight').notNull(),
    notes: text('notes'),
    createdAt: integer('created_at').notNull(),
    deletedAt: integer('deleted_at'),
    version: integer('version').notNull(),
    /** The HLC of the last correction of each field (`weight`, `notes`); `{}` as first recorded. */
    hlcs: text('hlcs', { mode: 'json' }).$type<Record<string, string>>().notNull().default({}),
  },
  (table) => [
    index('weight_records_user_version_idx').on(table.userId, table.version),
    // Covers the weight list: its rows come in order from the index alone, without a sort or a
    // visit to the table for each of them (ADR 014, the load benchmark's figure (c)).
    index('weight_records_user_list_idx').on(table.userId, table.createdAt, table.id, table.weight, table.notes, table.deletedAt),
  ],
);

/** One row per user and local date; each field carries the HLC of its last write (in `hlcs`). */
export const dailyProgress = sqliteTable(
  'daily_progress',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    localDate: text('local_date').notNull(),
    workoutCompleted: integer('workout_completed', { mode: 'boolean' }).notNull().default(false),
    dietFollowed: integer('diet_followed', { mode: 'boolean' }).notNull().default(false),
    mood: integer('mood').notNull().default(3),
    energy: integer('energy').notNull().default(3),
    isCompleted: integer('is_completed', { mode: 'boolean' }).notNull().default(false),
    hlcs: text('hlcs', { mode: 'json' }).$type<Record<string, string>>().notNull(),
    version: integer('version').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.localDate] }), index('daily_progress_user_version_idx').on(table.userId, table.version)],
);

export const notifications = sqliteTable(
  'notifications',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['diet_published', 'workout_published', 'other'] }).notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    read: integer('read', { mode: 'boolean' }).notNull().default(false),
    createdAt: integer('created_at').notNull(),
    version: integer('version').notNull(),
  },
  (table) => [index('notifications_user_version_idx').on(table.userId, table.version)],
);

/**
 * Body measurements (issue 21): keyed by the client's UUIDv7 like weight records; lengths in cm,
 * body fat in %, each null when not measured; each field corrected last-writer-wins by the HLC in
 * `hlcs`; a delete is a tombstone (deleted_at).
 */
export const bodyMeasurements = sqliteTable(
  'body_measurements',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    waist: real('waist'),
    hip: real('hip'),
    chest: real('chest'),
    arm: real('arm'),
    thigh: real('thigh'),
    neck: real('neck'),
    bodyFat: real('body_fat'),
    createdAt: integer('created_at').notNull(),
    deletedAt: integer('deleted_at'),
    version: integer('version').notNull(),
    hlcs: text('hlcs', { mode: 'json' }).$type<Record<string, string>>().notNull().default({}),
  },
  (table) => [index('body_measurements_user_version_idx').on(table.userId, table.version), index('body_measurements_user_created_idx').on(table.userId, table.createdAt)],
);

/**
 * Progress photos (issue 21): the record, keyed by the client's UUIDv7; the files are on disk
 * under UPLOADS_PATH (services/photo-files.ts). `stored_at` is set when both have arrived.
 * `kind` 'message' is a photo sent in the client's thread (issue 22): no pose, shown only there,
 * but uploaded, scoped, counted in the quota, exported and erased as a progress photo is.
 */
export const progressPhotos = sqliteTable(
  'progress_photos',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['progress', 'message'] }).notNull().default('progress'),
    pose: text('pose', { enum: ['front', 'side', 'back'] }),
    contentType: text('content_type', { enum: ['image/webp', 'image/jpeg'] }).notNull(),
    bytes: integer('bytes').notNull(),
    thumbnailBytes: integer('thumbnail_bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: integer('created_at').notNull(),
    storedAt: integer('stored_at'),
    deletedAt: integer('deleted_at'),
    version: integer('version').notNull(),
  },
  (table) => [index('progress_photos_user_version_idx').on(table.userId, table.version), index('progress_photos_user_created_idx').on(table.userId, table.createdAt)],
);

/** Columns every authored plan has: owner, title, draft/published life cycle, sync version. */
const planColumns = () => ({
  id: text('id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  description: text('description'),
  status: text('status', { enum: ['draft', 'published'] }).notNull().default('draft'),
  createdAt: integer('created_at').notNull(),
  updatedAt: integer('updated_at').notNull(),
  publishedAt: integer('published_at'),
  deletedAt: integer('deleted_at'),
  version: integer('version').notNull(),
  // The texts as clients read them (ADR 024), JSON of DietContent / WorkoutContent, structured
  // when the author saves; null only for a row older than the column, until the start-up backfill.
  content: text('content'),
  // JSON list of the filled fields that read as nothing, for the author.
  unreadable: text('unreadable').notNull().default('[]'),
  // The author's language (the request's at save), and JSON of the plan in the other two,
  // made on publishing (PlanTranslations); plans older than the column were written in pt-BR.
  language: text('language').notNull().default('pt-BR'),
  translations: text('translations').notNull().default('{}'),
  // The author's words for the translations, JSON { locale: { "kind\u0000original": text } },
  // laid over every translation of the plan (ADR 024).
  translationEdits: text('translation_edits').notNull().default('{}'),
  // The model failed when the translation was stored (out of quota, unreachable): what the
  // catalog knew was stored, and the background round asks the model again.
  translationRetry: integer('translation_retry', { mode: 'boolean' }).notNull().default(false),
  // The background round's claim on the plan's translation (ADR 031): until this instant one
  // instance is translating it and the others pass it by; cleared when a translation is stored,
  // and a crashed instance's claim simply runs out.
  translationClaimedUntil: integer('translation_claimed_until'),
});

/** SPEC §3 diet plan. Text fields keep what the author wrote (JSON or free text). */
export const dietPlans = sqliteTable(
  'diet_plans',
  {
    ...planColumns(),
    objective: text('objective'),
    dailyCalories: integer('daily_calories'),
    macros: text('macros'),
    meals: text('meals'),
    weeklyMenu: text('weekly_menu'),
    tips: text('tips'),
    substitutions: text('substitutions'),
  },
  (table) => [index('diet_plans_user_version_idx').on(table.userId, table.version)],
);

/** SPEC §3 workout plan. */
export const workoutPlans = sqliteTable(
  'workout_plans',
  {
    ...planColumns(),
    duration: text('duration'),
    frequency: text('frequency'),
    weeklySchedule: text('weekly_schedule'),
    progressionTips: text('progression_tips'),
    safetyNotes: text('safety_notes'),
  },
  (table) => [index('workout_plans_user_version_idx').on(table.userId, table.version)],
);

export type WeightRecordRow = typeof weightRecords.$inferSelect;
export type DailyProgressRow = typeof dailyProgress.$inferSelect;
export type NotificationRow = typeof notifications.$inferSelect;
export type DietPlanRow = typeof dietPlans.$inferSelect;
export type WorkoutPlanRow = typeof workoutPlans.$inferSelect;
export type DeviceRow = typeof devices.$inferSelect;

/**
 * Messages (issue 22): one thread per client (`user_id`) with their coaching team. Keyed by the
 * sender's UUIDv7; `from` says which side wrote it, `sender_id` who (a coach's name is kept as
 * signed). `sent_at` is the server's receipt, the thread's order. A delete empties the body.
 */
export const messages = sqliteTable(
  'messages',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    from: text('from', { enum: ['client', 'coach'] }).notNull(),
    senderId: text('sender_id'),
    senderName: text('sender_name'),
    body: text('body').notNull(),
    // The photo sent with it (progress_photos of kind 'message', the same user's), or null.
    photoId: text('photo_id'),
    createdAt: integer('created_at').notNull(),
    sentAt: integer('sent_at').notNull(),
    deletedAt: integer('deleted_at'),
    version: integer('version').notNull(),
  },
  (table) => [index('messages_user_version_idx').on(table.userId, table.version), index('messages_user_sent_idx').on(table.userId, table.sentAt)],
);

/** Where each side has read a client's thread up to (issue 22): one row per client. */
export const messageThreads = sqliteTable(
  'message_threads',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientReadUpTo: integer('client_read_up_to'),
    coachReadUpTo: integer('coach_read_up_to'),
    version: integer('version').notNull(),
  },
  (table) => [index('message_threads_user_version_idx').on(table.userId, table.version)],
);

/**
 * Weekly check-ins (issue 22, part 2): the client's report of a week (`week`, the check-in day
 * that began it, on their calendar), written once; a coach's review stamps `reviewed_at`.
 */
export const checkIns = sqliteTable(
  'check_ins',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    week: text('week').notNull(),
    createdAt: integer('created_at').notNull(),
    weight: real('weight'),
    dietAdherence: integer('diet_adherence').notNull(),
    workoutAdherence: integer('workout_adherence').notNull(),
    hunger: integer('hunger').notNull(),
    sleep: integer('sleep').notNull(),
    stress: integer('stress').notNull(),
    energy: integer('energy').notNull(),
    note: text('note'),
    // JSON [{ question, answer }]: the coach's own questions as they were asked.
    answers: text('answers', { mode: 'json' }).$type<CheckInAnswer[]>().notNull().default(sql`'[]'`),
    reviewedAt: integer('reviewed_at'),
    reviewedBy: text('reviewed_by'),
    version: integer('version').notNull(),
  },
  (table) => [index('check_ins_user_version_idx').on(table.userId, table.version), index('check_ins_user_week_idx').on(table.userId, table.week), index('check_ins_created_idx').on(table.createdAt)],
);

/**
 * Workout sessions (issue 48, ADR 030): a session the client ran, from their plan's day or of their
 * own, its exercises and the sets marked done, each keyed by the device's UUIDv7. Instants in
 * milliseconds; a tombstone is the time of the write that made it. `exercise_count` and
 * `set_count` count what was ever added to the session, for its limits.
 */
export const workoutSessions = sqliteTable(
  'workout_sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: text('plan_id'),
    weekday: integer('weekday'),
    startedAt: integer('started_at').notNull(),
    endedAt: integer('ended_at'),
    exerciseCount: integer('exercise_count').notNull().default(0),
    setCount: integer('set_count').notNull().default(0),
    deletedAt: integer('deleted_at'),
    version: integer('version').notNull(),
    hlcs: text('hlcs', { mode: 'json' }).$type<Partial<Record<WorkoutSessionField, string>>>().notNull().default({}),
  },
  (table) => [index('workout_sessions_user_version_idx').on(table.userId, table.version), index('workout_sessions_user_started_idx').on(table.userId, table.startedAt)],
);

export const workoutExercises = sqliteTable(
  'workout_exercises',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: text('session_id').notNull(),
    exerciseKey: text('exercise_key').notNull(),
    name: text('name').notNull(),
    kind: text('kind', { enum: ['load', 'bodyweight', 'time'] }).$type<ExerciseKind>().notNull(),
    // JSON { sets, reps, rest } as the plan wrote them; null for an exercise the client added.
    prescription: text('prescription', { mode: 'json' }).$type<Prescription | null>(),
    position: integer('position').notNull(),
    skipped: integer('skipped', { mode: 'boolean' }).notNull().default(false),
    note: text('note'),
    deletedAt: integer('deleted_at'),
    version: integer('version').notNull(),
    hlcs: text('hlcs', { mode: 'json' }).$type<Partial<Record<WorkoutExerciseField, string>>>().notNull().default({}),
  },
  (table) => [
    index('workout_exercises_user_version_idx').on(table.userId, table.version),
    index('workout_exercises_session_idx').on(table.sessionId),
    index('workout_exercises_user_key_idx').on(table.userId, table.exerciseKey),
  ],
);

export const workoutSets = sqliteTable(
  'workout_sets',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: text('session_id').notNull(),
    exerciseId: text('exercise_id').notNull(),
    position: integer('position').notNull(),
    reps: integer('reps'),
    loadKg: real('load_kg'),
    seconds: integer('seconds'),
    doneAt: integer('done_at').notNull(),
    deletedAt: integer('deleted_at'),
    version: integer('version').notNull(),
    hlcs: text('hlcs', { mode: 'json' }).$type<Partial<Record<WorkoutSetField, string>>>().notNull().default({}),
  },
  (table) => [index('workout_sets_user_version_idx').on(table.userId, table.version), index('workout_sets_exercise_idx').on(table.exerciseId), index('workout_sets_session_idx').on(table.sessionId)],
);

/**
 * The names a client's exercises go by (issue 48, ADR 030): each name's key (`exerciseNameKey`)
 * and the id of the exercise it names. Publishing a workout plan gives each of its names a row,
 * kept across the plan's versions; a coach's merge gives every name of one exercise the other's
 * id. A name with no row names an exercise of its own. Synced to the client's devices, whose
 * history follows the id.
 */
export const exerciseNames = sqliteTable(
  'exercise_names',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    nameKey: text('name_key').notNull(),
    exerciseId: text('exercise_id').notNull(),
    version: integer('version').notNull(),
  },
  (table) => [index('exercise_names_user_version_idx').on(table.userId, table.version), uniqueIndex('exercise_names_user_key_idx').on(table.userId, table.nameKey)],
);
