/**
 * Workout sessions, their exercises and sets (issue 48): the generic owned rows (./owned-rows.ts),
 * with the instants kept as milliseconds and a tombstone as the time of the write that made it.
 * Every write tells `coachesChanged(clientId)`, so a coach's open view of the client's sessions
 * fetches again (a push's writes make one poke, ADR 023).
 */
import type { WorkoutExercise, WorkoutSession, WorkoutSet } from '#protocol/conflict/workout.ts';
import type { AppDatabase } from '../db/client.ts';
import { workoutExercises, workoutSessions, workoutSets } from '../db/schema/index.ts';
import { createOwnedRows } from './owned-rows.ts';
import type { AsyncTableStorage } from './synced-tables.ts';
import type { SyncVersions } from './sync-versions.ts';

const iso = (ms: number) => new Date(ms).toISOString();

export const toWorkoutSession = ({ userId: _userId, version: _version, startedAt, endedAt, deletedAt, hlcs, ...fields }: typeof workoutSessions.$inferSelect): WorkoutSession => ({
  ...fields,
  startedAt: iso(startedAt),
  endedAt: endedAt === null ? null : iso(endedAt),
  deleted: deletedAt !== null,
  hlcs,
});

export const toWorkoutExercise = ({ userId: _userId, version: _version, deletedAt, ...fields }: typeof workoutExercises.$inferSelect): WorkoutExercise => ({
  ...fields,
  prescription: fields.prescription ?? null,
  deleted: deletedAt !== null,
});

export const toWorkoutSet = ({ userId: _userId, version: _version, doneAt, deletedAt, ...fields }: typeof workoutSets.$inferSelect): WorkoutSet => ({
  ...fields,
  doneAt: iso(doneAt),
  deleted: deletedAt !== null,
});

type CoachesChanged = (clientId: string) => Promise<void>;

/** The repository with each stored change told to the client's coaches. */
function tellingCoaches<Row, R extends { storageFor(userId: string): AsyncTableStorage<Row> }>(rows: R, coachesChanged: CoachesChanged): R {
  return {
    ...rows,
    storageFor(userId: string): AsyncTableStorage<Row> {
      const storage = rows.storageFor(userId);
      return {
        ...storage,
        insert: async (row) => {
          const stored = await storage.insert(row);
          if (stored === 'inserted') await coachesChanged(userId);
          return stored;
        },
        put: async (row) => {
          await storage.put(row);
          await coachesChanged(userId);
        },
      };
    },
  };
}

export function createWorkoutSessions(database: Pick<AppDatabase, 'sql'>, versions: SyncVersions, now: () => number, coachesChanged: CoachesChanged = async () => {}) {
  const rows = createOwnedRows(database, versions, workoutSessions, {
    toRow: toWorkoutSession,
    toColumns: ({ id: _id, deleted, startedAt, endedAt, ...fields }) => ({ ...fields, startedAt: Date.parse(startedAt), endedAt: endedAt === null ? null : Date.parse(endedAt), deletedAt: deleted ? now() : null }),
  });
  return tellingCoaches<WorkoutSession, typeof rows>(rows, coachesChanged);
}

export function createWorkoutExercises(database: Pick<AppDatabase, 'sql'>, versions: SyncVersions, now: () => number, coachesChanged: CoachesChanged = async () => {}) {
  const rows = createOwnedRows(database, versions, workoutExercises, {
    toRow: toWorkoutExercise,
    toColumns: ({ id: _id, deleted, ...fields }) => ({ ...fields, deletedAt: deleted ? now() : null }),
  });
  return tellingCoaches<WorkoutExercise, typeof rows>(rows, coachesChanged);
}

export function createWorkoutSets(database: Pick<AppDatabase, 'sql'>, versions: SyncVersions, now: () => number, coachesChanged: CoachesChanged = async () => {}) {
  const rows = createOwnedRows(database, versions, workoutSets, {
    toRow: toWorkoutSet,
    toColumns: ({ id: _id, deleted, doneAt, ...fields }) => ({ ...fields, doneAt: Date.parse(doneAt), deletedAt: deleted ? now() : null }),
  });
  return tellingCoaches<WorkoutSet, typeof rows>(rows, coachesChanged);
}
