/**
 * Daily progress (SPEC §5): one row per user and local date. Within a unit of work the days it
 * reads and writes stay in memory and each changed one is stored once at its end: a device's
 * outbox often holds several habits of one day.
 */
import type { DailyProgress } from '#protocol/contract/tracking.ts';
import type { AppDatabase } from '../db/client.ts';
import { dailyProgress } from '../db/schema/index.ts';
import { tableRows } from '../db/sql/table-rows.ts';
import { changedAfterQuery } from './queries.ts';
import type { AsyncTableStorage, VersionedRow } from './synced-tables.ts';
import type { SyncVersions } from './sync-versions.ts';

export type DailyProgressRow = typeof dailyProgress.$inferSelect;

export const toDailyProgress = (row: DailyProgressRow): DailyProgress => ({
  localDate: row.localDate,
  workoutCompleted: row.workoutCompleted,
  dietFollowed: row.dietFollowed,
  mood: row.mood,
  energy: row.energy,
  isCompleted: row.isCompleted,
  hlcs: row.hlcs as DailyProgress['hlcs'],
});

const BY_DATE = 'SELECT * FROM daily_progress WHERE user_id = ? AND local_date = ?';
const UPSERT =
  'INSERT INTO daily_progress (user_id, local_date, workout_completed, diet_followed, mood, energy, is_completed, hlcs, version, updated_at) ' +
  'VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (user_id, local_date) DO UPDATE SET ' +
  'workout_completed = excluded.workout_completed, diet_followed = excluded.diet_followed, mood = excluded.mood, energy = excluded.energy, ' +
  'is_completed = excluded.is_completed, hlcs = excluded.hlcs, version = excluded.version, updated_at = excluded.updated_at';
const COMPLETED_IN = 'SELECT local_date FROM daily_progress WHERE user_id = ? AND is_completed = 1 AND local_date >= ? AND local_date <= ?';

/** The days a unit of work has read or written, by `${userId} ${localDate}`. */
type BatchDays = Map<string, { userId: string; day: DailyProgress | undefined; changed: boolean }>;

export function createDailyProgress({ sql: db }: Pick<AppDatabase, 'sql'>, versions: SyncVersions, now: () => number) {
  const rows = tableRows(dailyProgress);
  const changedAfter = changedAfterQuery(db, dailyProgress);

  const batch = versions.enlist<BatchDays>({
    begin: () => new Map(),
    async flush(days) {
      for (const { userId, day, changed } of days.values()) if (changed && day) await store(userId, day);
    },
  });

  async function store(userId: string, day: DailyProgress) {
    const version = await versions.bump(userId);
    const flag = (value: boolean) => (value ? 1 : 0);
    await db.run(UPSERT, [userId, day.localDate, flag(day.workoutCompleted), flag(day.dietFollowed), day.mood, day.energy, flag(day.isCompleted), JSON.stringify(day.hlcs), version, now()]);
  }

  const readStored = async (userId: string, localDate: string) => {
    const stored = await db.get<Record<string, unknown>>(BY_DATE, [userId, localDate]);
    return stored ? toDailyProgress(rows.decode(stored)) : undefined;
  };

  /** One user's day, as stored or as this unit of work left it. */
  async function day(userId: string, localDate: string): Promise<DailyProgress | undefined> {
    const days = batch.kept();
    if (days === null) return readStored(userId, localDate);
    const key = `${userId} ${localDate}`;
    let entry = days.get(key);
    if (!entry) days.set(key, (entry = { userId, day: await readStored(userId, localDate), changed: false }));
    return entry.day;
  }

  return {
    day,

    /** The mutators' storage of one user's days. */
    storageFor(userId: string): AsyncTableStorage<DailyProgress> {
      const put = async (value: DailyProgress) => {
        const days = batch.kept();
        if (days === null) await store(userId, value);
        else days.set(`${userId} ${value.localDate}`, { userId, day: value, changed: true });
      };
      return {
        get: (localDate) => day(userId, localDate),
        // A day is keyed within its user: never another's.
        insert: async (value) => {
          if (await day(userId, value.localDate)) return 'exists';
          await put(value);
          return 'inserted';
        },
        put,
      };
    },

    changedAfter: async (userId: string, cursor: number, limit: number): Promise<VersionedRow<DailyProgress>[]> =>
      (await changedAfter(userId, cursor, limit)).map((row) => ({ version: row.version, row: toDailyProgress(row) })),

    completedDates: async (userId: string, from: string, to: string): Promise<string[]> =>
      (await db.all<{ local_date: string }>(COMPLETED_IN, [userId, from, to])).map((row) => row.local_date),
  };
}

export type DailyProgressRepository = ReturnType<typeof createDailyProgress>;
