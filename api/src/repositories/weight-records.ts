/**
 * Weight records on SQLite (SPEC §5): the mutators' storage of them for one user, the pull's
 * pages and the REST reads. Statements are prepared once: a push applies up to a thousand.
 */
import { and, desc, eq, isNull, max, sql } from 'drizzle-orm';
import type { WeightRecord } from '#protocol/contract/tracking.ts';
import { parseInstant } from '#protocol/domain/calendar.ts';
import type { TableStorage } from '#protocol/mutations/storage.ts';
import type { AppDatabase } from '../db/client.ts';
import { weightRecords } from '../db/schema/index.ts';
import { jsonText, type JsonText } from '../json-text.ts';
import { prepareWrite } from './prepared-write.ts';
import { changedAfterQuery, ownedByIdQuery, p } from './queries.ts';
import type { VersionedRow } from './synced-tables.ts';
import type { SyncVersions } from './sync-versions.ts';

export type WeightRecordRow = typeof weightRecords.$inferSelect;

export const toWeightRecord = (row: WeightRecordRow): WeightRecord => ({
  id: row.id,
  weight: row.weight,
  notes: row.notes,
  createdAt: new Date(row.createdAt).toISOString(),
  deleted: row.deletedAt !== null,
  hlcs: row.hlcs as WeightRecord['hlcs'],
});

/** Users whose weight list is kept serialized (the most recently read ones; a few MB at most). */
const WEIGHT_LIST_CACHE_SIZE = 500;

export function createWeightRecords({ db, sqlite }: AppDatabase, versions: SyncVersions, now: () => number) {
  const owned = ownedByIdQuery(db, weightRecords);
  const insert = prepareWrite<{ id: string; userId: string; weight: number; notes: string | null; createdAt: number; version: number }>(
    sqlite,
    db
      .insert(weightRecords)
      .values({ id: p('id'), userId: p('userId'), weight: p('weight'), notes: p('notes'), createdAt: p('createdAt'), version: p('version') } as never)
      .onConflictDoNothing(),
  );
  // A tombstone keeps the time of its delete; a correction never revives a deleted record (the rule's).
  const write = prepareWrite<{ weight: number; notes: string | null; hlcs: string; version: number; deleted: 0 | 1; now: number; id: string; userId: string }>(
    sqlite,
    db
    .update(weightRecords)
    .set({
      weight: sql`${p('weight')}`,
      notes: sql`${p('notes')}`,
      hlcs: sql`${p('hlcs')}`,
      version: sql`${p('version')}`,
      deletedAt: sql`CASE WHEN ${p('deleted')} THEN coalesce(${weightRecords.deletedAt}, ${p('now')}) ELSE NULL END`,
    })
    .where(and(eq(weightRecords.id, p('id')), eq(weightRecords.userId, p('userId')))),
  );
  const changedAfter = changedAfterQuery(db, weightRecords);
  const lastVersion = db.select({ version: max(weightRecords.version) }).from(weightRecords).where(eq(weightRecords.userId, p('userId'))).prepare();
  const list = db
    .select({ id: weightRecords.id, weight: weightRecords.weight, notes: weightRecords.notes, createdAt: weightRecords.createdAt })
    .from(weightRecords)
    .where(and(eq(weightRecords.userId, p('userId')), isNull(weightRecords.deletedAt)))
    .orderBy(desc(weightRecords.createdAt), desc(weightRecords.id))
    .prepare();
  const listCache = new Map<string, { version: number | null; json: JsonText<{ weightRecords: WeightRecord[] }> }>();

  const listOf = (userId: string): WeightRecord[] =>
    list.all({ userId }).map((row) => ({ id: row.id, weight: row.weight, notes: row.notes, createdAt: new Date(row.createdAt).toISOString(), deleted: false }));

  return {
    /** The mutators' storage of one user's records. */
    storageFor(userId: string): TableStorage<WeightRecord> {
      return {
        get: (id) => {
          const row = owned(userId, id);
          return row && toWeightRecord(row);
        },
        insert: (record) => {
          const { changes } = insert.run({ id: record.id, userId, weight: record.weight, notes: record.notes, createdAt: parseInstant(record.createdAt) ?? Date.parse(record.createdAt), version: versions.bump(userId) });
          if (changes === 1) return 'inserted';
          return owned(userId, record.id) ? 'exists' : 'taken';
        },
        put: (record) =>
          void write.run({
            weight: record.weight,
            notes: record.notes,
            hlcs: JSON.stringify(record.hlcs ?? {}),
            version: versions.bump(userId),
            deleted: record.deleted ? 1 : 0,
            now: now(),
            id: record.id,
            userId,
          }),
      };
    },

    changedAfter: (userId: string, cursor: number, limit: number): VersionedRow<WeightRecord>[] =>
      changedAfter(userId, cursor, limit).map((row) => ({ version: row.version, row: toWeightRecord(row) })),

    /** A record as REST shows it: without the merge stamps, which are the sync's. */
    record(userId: string, id: string): WeightRecord | null {
      const row = owned(userId, id);
      if (!row) return null;
      const { hlcs: _hlcs, ...record } = toWeightRecord(row);
      return record;
    },

    list: listOf,

    /**
     * GET /api/weight-records's body, kept per user while their newest weight version is the
     * same: every change to a user's records (an insert, a tombstone) takes a new, higher version
     * from the sync counter, so an unchanged maximum means an unchanged list.
     */
    listJson(userId: string): JsonText<{ weightRecords: WeightRecord[] }> {
      const version = lastVersion.get({ userId })?.version ?? null;
      const cached = listCache.get(userId);
      if (cached && cached.version === version) return cached.json;
      const json = jsonText({ weightRecords: listOf(userId) });
      listCache.delete(userId);
      if (listCache.size >= WEIGHT_LIST_CACHE_SIZE) listCache.delete(listCache.keys().next().value as string);
      listCache.set(userId, { version, json });
      return json;
    },
  };
}

export type WeightRecords = ReturnType<typeof createWeightRecords>;
