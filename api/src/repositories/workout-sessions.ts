/**
 * Workout sessions, their exercises and sets on SQLite (issue 48): the generic owned rows
 * (./owned-rows.ts), with the instants kept as milliseconds and a tombstone as the time of the
 * write that made it.
 */
import type { WorkoutExercise, WorkoutSession, WorkoutSet } from '#protocol/conflict/workout.ts';
import type { AppDatabase } from '../db/client.ts';
import { workoutExercises, workoutSessions, workoutSets } from '../db/schema/index.ts';
import { createOwnedRows } from './owned-rows.ts';
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

export function createWorkoutSessions(database: AppDatabase, versions: SyncVersions, now: () => number) {
  return createOwnedRows(database, versions, workoutSessions, {
    toRow: toWorkoutSession,
    toColumns: ({ id: _id, deleted, startedAt, endedAt, ...fields }) => ({ ...fields, startedAt: Date.parse(startedAt), endedAt: endedAt === null ? null : Date.parse(endedAt), deletedAt: deleted ? now() : null }),
  });
}

export function createWorkoutExercises(database: AppDatabase, versions: SyncVersions, now: () => number) {
  return createOwnedRows(database, versions, workoutExercises, {
    toRow: toWorkoutExercise,
    toColumns: ({ id: _id, deleted, ...fields }) => ({ ...fields, deletedAt: deleted ? now() : null }),
  });
}

export function createWorkoutSets(database: AppDatabase, versions: SyncVersions, now: () => number) {
  return createOwnedRows(database, versions, workoutSets, {
    toRow: toWorkoutSet,
    toColumns: ({ id: _id, deleted, doneAt, ...fields }) => ({ ...fields, doneAt: Date.parse(doneAt), deletedAt: deleted ? now() : null }),
  });
}
