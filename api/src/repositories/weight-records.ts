/**
 * Weight records (SPEC §5): the mutators' storage of them for one user, the pull's pages and the
 * REST reads, through the database port (ADR 031).
 */
import type { WeightRecord } from '#protocol/contract/tracking.ts';
import { parseInstant } from '#protocol/domain/calendar.ts';
import type { AppDatabase } from '../db/client.ts';
import { OptimisticAttemptFailed, type SqlDatabase, type SqlValue } from '../db/sql/port.ts';
import { weightRecords } from '../db/schema/index.ts';
import { jsonText, type JsonText } from '../json-text.ts';
import { changedAfterQuery, ownedByIdQuery } from './queries.ts';
import type { AsyncTableStorage, VersionedRow } from './synced-tables.ts';
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

// A new record's merge stamps are the column's default (`{}`).
const INSERT = 'INSERT INTO weight_records (id, user_id, weight, notes, created_at, version) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING';
// A tombstone keeps the time of its delete; a correction never revives a deleted record (the rule's).
const WRITE =
  'UPDATE weight_records SET weight = ?, notes = ?, hlcs = ?, version = ?, deleted_at = CASE WHEN ? = 1 THEN coalesce(deleted_at, ?) ELSE NULL END WHERE id = ? AND user_id = ?';
const LAST_VERSION = 'SELECT max(version) AS version FROM weight_records WHERE user_id = ?';
const LIST = 'SELECT id, weight, notes, created_at FROM weight_records WHERE user_id = ? AND deleted_at IS NULL ORDER BY created_at DESC, id DESC';

/** A weigh-in answered as inserted and not stored yet: its owner and its INSERT's values. */
interface KeptRecord {
  userId: string;
  values: SqlValue[];
}

/** The client's latest weight record that is not deleted, or undefined with none (served by the weight list index). */
export function latestWeight(db: SqlDatabase, userId: string): Promise<{ weight: number; createdAt: number } | undefined> {
  return db.get('SELECT weight, created_at AS "createdAt" FROM weight_records WHERE user_id = ? AND deleted_at IS NULL ORDER BY created_at DESC, id DESC LIMIT 1', [userId]);
}

/** Kept weigh-ins are stored in chunks of powers of two, so few distinct statements are ever prepared. */
const MAX_CHUNK = 256;

export function createWeightRecords({ sql: db }: Pick<AppDatabase, 'sql'>, versions: SyncVersions, now: () => number) {
  /**
   * In an optimistic attempt (a group commit's, ADR 031) a new weigh-in is answered at once and
   * stored with the others at the unit of work's end, in one statement for many: a push is mostly
   * new weigh-ins, and on PostgreSQL each statement is a round trip. Anything that reads the
   * records first stores what is kept. An id found taken when storing voids the attempt, which
   * runs again inserting each at once.
   */
  const kept = versions.enlist<Map<string, KeptRecord>>({ begin: () => new Map(), flush: (records) => storeKept(records) });

  async function storeKept(records: Map<string, KeptRecord>): Promise<void> {
    const rows = [...records.values()];
    records.clear();
    while (rows.length > 0) {
      let size = MAX_CHUNK;
      while (size > rows.length) size /= 2;
      const chunk = rows.splice(0, size);
      const placeholders = chunk.map(() => '(?, ?, ?, ?, ?, ?)').join(', ');
      const { changes } = await db.run(`INSERT INTO weight_records (id, user_id, weight, notes, created_at, version) VALUES ${placeholders} ON CONFLICT DO NOTHING`, chunk.flatMap((row) => row.values));
      if (changes !== chunk.length) throw new OptimisticAttemptFailed();
    }
  }

  /** Stores the weigh-ins the open unit of work keeps, before something reads the table. */
  const storeKeptNow = async () => {
    const records = kept.kept();
    if (records && records.size > 0) await storeKept(records);
  };

  const owned = ownedByIdQuery(db, weightRecords);
  const changedAfter = changedAfterQuery(db, weightRecords);
  const listCache = new Map<string, { version: number | null; json: JsonText<{ weightRecords: WeightRecord[] }> }>();

  const listOf = async (userId: string): Promise<WeightRecord[]> =>
    (await db.all<{ id: string; weight: number; notes: string | null; created_at: number }>(LIST, [userId])).map((row) => ({
      id: row.id,
      weight: row.weight,
      notes: row.notes,
      createdAt: new Date(row.created_at).toISOString(),
      deleted: false,
    }));

  return {
    /** The mutators' storage of one user's records. */
    storageFor(userId: string): AsyncTableStorage<WeightRecord> {
      return {
        get: async (id) => {
          await storeKeptNow();
          const row = await owned(userId, id);
          return row && toWeightRecord(row);
        },
        insert: async (record) => {
          const createdAt = parseInstant(record.createdAt) ?? Date.parse(record.createdAt);
          const records = db.inOptimisticAttempt() ? kept.kept() : null;
          if (records) {
            const other = records.get(record.id);
            if (other) return other.userId === userId ? 'exists' : 'taken';
            records.set(record.id, { userId, values: [record.id, userId, record.weight, record.notes, createdAt, await versions.bump(userId)] });
            return 'inserted';
          }
          await storeKeptNow();
          const { changes } = await db.run(INSERT, [record.id, userId, record.weight, record.notes, createdAt, await versions.bump(userId)]);
          if (changes === 1) return 'inserted';
          return (await owned(userId, record.id)) ? 'exists' : 'taken';
        },
        put: async (record) => {
          await storeKeptNow();
          const version = await versions.bump(userId);
          await db.run(WRITE, [record.weight, record.notes, JSON.stringify(record.hlcs ?? {}), version, record.deleted ? 1 : 0, now(), record.id, userId]);
        },
      };
    },

    changedAfter: async (userId: string, cursor: number, limit: number): Promise<VersionedRow<WeightRecord>[]> =>
      (await changedAfter(userId, cursor, limit)).map((row) => ({ version: row.version, row: toWeightRecord(row) })),

    /** A record as REST shows it: without the merge stamps, which are the sync's. */
    async record(userId: string, id: string): Promise<WeightRecord | null> {
      const row = await owned(userId, id);
      if (!row) return null;
      const { hlcs: _hlcs, ...record } = toWeightRecord(row);
      return record;
    },

    list: listOf,

    /** The user's latest weigh-in not deleted, with any kept by the open unit of work stored first. */
    async latest(userId: string): Promise<{ weight: number; createdAt: number } | undefined> {
      await storeKeptNow();
      return latestWeight(db, userId);
    },

    /**
     * GET /api/weight-records's body, kept per user while their newest weight version is the
     * same: every change to a user's records (an insert, a tombstone) takes a new, higher version
     * from the sync counter, so an unchanged maximum means an unchanged list. The version is read
     * before the list: a change committed between the two makes the list newer than its version,
     * so the next read builds it again; the other order could keep an old list as current.
     */
    async listJson(userId: string): Promise<JsonText<{ weightRecords: WeightRecord[] }>> {
      const version = (await db.get<{ version: number | null }>(LAST_VERSION, [userId]))?.version ?? null;
      const cached = listCache.get(userId);
      if (cached && cached.version === version) return cached.json;
      const json = jsonText({ weightRecords: await listOf(userId) });
      listCache.delete(userId);
      if (listCache.size >= WEIGHT_LIST_CACHE_SIZE) listCache.delete(listCache.keys().next().value as string);
      listCache.set(userId, { version, json });
      return json;
    },
  };
}

export type WeightRecords = ReturnType<typeof createWeightRecords>;
