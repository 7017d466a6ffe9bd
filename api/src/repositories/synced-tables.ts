/**
 * The server's synced tables (#protocol/tables.ts): one repository each, as the push's storage
 * port and the pull's pages need it. A table missing here fails the type check, so a synced
 * table added to the protocol cannot go unserved.
 */
import { createCheckIns } from './check-ins.ts';
import type { TableStorage } from '#protocol/mutations/storage.ts';
import type { SyncedRows, SyncedTableName } from '#protocol/tables.ts';
import type { AppDatabase } from '../db/client.ts';
import { createBodyMeasurements } from './body-measurements.ts';
import { createProgressPhotos } from './progress-photos.ts';
import { createMessages } from './messages.ts';
import { createMessageThreads } from './message-threads.ts';
import { createDailyProgress } from './daily-progress.ts';
import { createNotifications } from './notifications.ts';
import type { SyncVersions } from './sync-versions.ts';
import { createWeightRecords } from './weight-records.ts';
import { exerciseNames } from '../db/schema/index.ts';
import { createOwnedRows } from './owned-rows.ts';
import { createWorkoutExercises, createWorkoutSessions, createWorkoutSets } from './workout-sessions.ts';
import type { StaffNotices } from '../notices/staff-notices.ts';

/** A row as a pull sends it, with the sync version that stamped it last. */
export interface VersionedRow<Row> {
  version: number;
  row: Row;
}

/** A synced table's storage as the server's mutators use it: the protocol's calls, answered with promises. */
export type AsyncTableStorage<Row> = { [M in keyof TableStorage<Row>]: TableStorage<Row>[M] extends (...args: infer P) => infer R ? (...args: P) => Promise<R> : never };

export interface SyncedTableRepository<Row> {
  /** The mutators' storage of one user's rows; each write takes the next sync version. */
  storageFor(userId: string): AsyncTableStorage<Row>;
  /** One user's rows stamped after `cursor`, oldest version first (a pull's page). */
  changedAfter(userId: string, cursor: number, limit: number): Promise<VersionedRow<Row>[]>;
}

export type SyncedTableRepositories = { [N in SyncedTableName]: SyncedTableRepository<SyncedRows[N]> };

export function createSyncedTables(database: AppDatabase, versions: SyncVersions, now: () => number, coachesChanged?: (clientId: string) => Promise<void>, staffNotices?: StaffNotices) {
  return {
    weightRecords: createWeightRecords(database, versions, now),
    dailyProgress: createDailyProgress(database, versions, now),
    notifications: createNotifications(database, versions, now),
    bodyMeasurements: createBodyMeasurements(database, versions, now),
    progressPhotos: createProgressPhotos(database, versions, now, coachesChanged),
    messages: createMessages(database, versions, now, coachesChanged, staffNotices),
    messageThreads: createMessageThreads(database, versions, coachesChanged),
    checkIns: createCheckIns(database, versions, coachesChanged, staffNotices),
    workoutSessions: createWorkoutSessions(database, versions, now, coachesChanged),
    workoutExercises: createWorkoutExercises(database, versions, now, coachesChanged),
    workoutSets: createWorkoutSets(database, versions, now, coachesChanged),
    exerciseNames: createOwnedRows(database, versions, exerciseNames),
  } satisfies SyncedTableRepositories;
}

export type Repositories = ReturnType<typeof createSyncedTables>;
