/**
 * The user's synced tables (ADR 025, docs/adding-a-synced-entity.md): rows a client changes
 * through mutators and pulls from the server, each kept per user on SQLite and on every device.
 * Everything generic about them derives from this list: the mutators' storage port, the pull's
 * `changes`, the device's IndexedDB stores and the replica's pull and reset.
 */
import type { BodyMeasurement, DailyProgress, NotificationDto, PhotoRecord, WeightRecord } from './contract/tracking.ts';
import type { CheckIn, Message, MessageThread } from './conflict/rules.ts';
import type { ExerciseName, WorkoutExercise, WorkoutSession, WorkoutSet } from './conflict/workout.ts';

/** Each synced table's row as it crosses the wire. */
export interface SyncedRows {
  weightRecords: WeightRecord;
  dailyProgress: DailyProgress;
  notifications: NotificationDto;
  bodyMeasurements: BodyMeasurement;
  /** Progress photos and messages' photos (`kind`): one record, one upload. */
  progressPhotos: PhotoRecord;
  messages: Message;
  messageThreads: MessageThread;
  checkIns: CheckIn;
  /** A workout session, its exercises and the sets done (issue 48). */
  workoutSessions: WorkoutSession;
  workoutExercises: WorkoutExercise;
  workoutSets: WorkoutSet;
  /** The names an exercise goes by, whose history follows one id (ADR 030); the server's only. */
  exerciseNames: ExerciseName;
}

export type SyncedTableName = keyof SyncedRows;

export interface SyncedTable<Row> {
  /** The field that names a row within one user's rows (a client UUIDv7, a calendar day). */
  key: keyof Row & string;
  /** Fields the device indexes besides the key (its screens read by them). */
  indexes: readonly (keyof Row & string)[];
  /** The device database version that added the table (pwa/src/db/user-db.ts declares it). */
  since: number;
}

export const SYNCED_TABLES: { readonly [N in SyncedTableName]: SyncedTable<SyncedRows[N]> } = {
  weightRecords: { key: 'id', indexes: ['createdAt'], since: 1 },
  dailyProgress: { key: 'localDate', indexes: [], since: 1 },
  notifications: { key: 'id', indexes: ['createdAt'], since: 1 },
  bodyMeasurements: { key: 'id', indexes: ['createdAt'], since: 6 },
  progressPhotos: { key: 'id', indexes: ['createdAt'], since: 6 },
  messages: { key: 'id', indexes: ['sentAt'], since: 8 },
  messageThreads: { key: 'id', indexes: [], since: 8 },
  checkIns: { key: 'id', indexes: ['week'], since: 9 },
  workoutSessions: { key: 'id', indexes: ['startedAt'], since: 10 },
  workoutExercises: { key: 'id', indexes: ['sessionId', 'exerciseKey'], since: 10 },
  workoutSets: { key: 'id', indexes: ['sessionId', 'exerciseId'], since: 10 },
  exerciseNames: { key: 'id', indexes: ['nameKey', 'exerciseId'], since: 11 },
};

export const SYNCED_TABLE_NAMES = Object.keys(SYNCED_TABLES) as SyncedTableName[];

/** One value per synced table, built by `make` (typed per table, where TypeScript cannot follow a loop). */
export function perSyncedTable<F extends { [N in SyncedTableName]: unknown }>(make: (name: SyncedTableName) => unknown): F {
  return Object.fromEntries(SYNCED_TABLE_NAMES.map((name) => [name, make(name)])) as F;
}

/** The key of a synced row. */
export const keyOf = <N extends SyncedTableName>(name: N, row: SyncedRows[N]): string => row[SYNCED_TABLES[name].key] as string;
