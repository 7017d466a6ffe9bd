/**
 * Body measurements (issue 21): the generic owned rows (./owned-rows.ts), with the instants kept
 * as milliseconds and the tombstone as the time of the delete.
 */
import type { BodyMeasurement } from '#protocol/contract/tracking.ts';
import type { AppDatabase } from '../db/client.ts';
import { bodyMeasurements } from '../db/schema/index.ts';
import { createOwnedRows } from './owned-rows.ts';
import type { SyncVersions } from './sync-versions.ts';

type BodyMeasurementRow = typeof bodyMeasurements.$inferSelect;

export const toBodyMeasurement = ({ id, waist, hip, chest, arm, thigh, neck, bodyFat, createdAt, deletedAt, hlcs }: BodyMeasurementRow): BodyMeasurement => ({
  id,
  createdAt: new Date(createdAt).toISOString(),
  waist,
  hip,
  chest,
  arm,
  thigh,
  neck,
  bodyFat,
  deleted: deletedAt !== null,
  hlcs: hlcs as BodyMeasurement['hlcs'],
});

export function createBodyMeasurements(database: Pick<AppDatabase, 'sql'>, versions: SyncVersions, now: () => number) {
  return createOwnedRows(database, versions, bodyMeasurements, {
    toRow: toBodyMeasurement,
    // A tombstone's time is that of the write that made it (later writes leave the row deleted).
    toColumns: ({ id: _id, deleted, createdAt, ...fields }) => ({ ...fields, createdAt: Date.parse(createdAt), deletedAt: deleted ? now() : null }),
  });
}
