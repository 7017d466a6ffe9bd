/**
 * Daily progress on SQLite (SPEC §5): one row per user and local date. Within a unit of work the
 * days it reads and writes stay in memory and each changed one is stored once at its end: a
 * device's outbox often holds several habits of one day.
 */
import { and, eq, gte, lte, sql } from 'drizzle-orm';
import type { DailyProgress } from '#protocol/contract/tracking.ts';
import type { TableStorage } from '#protocol/mutations/storage.ts';
import type { AppDatabase } from '../db/client.ts';
import { dailyProgress } from '../db/schema/index.ts';
import { prepareWrite } from './prepared-write.ts';
import { changedAfterQuery, p } from './queries.ts';
import type { VersionedRow } from './synced-tables.ts';
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

export function createDailyProgress({ db, sqlite }: AppDatabase, versions: SyncVersions, now: () => number) {
  const byDate = db
    .select()
    .from(dailyProgress)
    .where(and(eq(dailyProgress.userId, p('userId')), eq(dailyProgress.localDate, p('localDate'))))
    .prepare();
  const upsert = prepareWrite<Omit<DailyProgress, 'hlcs'> & { userId: string; hlcs: DailyProgress['hlcs']; version: number; updatedAt: number }>(
    sqlite,
    db
    .insert(dailyProgress)
    .values({
      userId: p('userId'),
      localDate: p('localDate'),
      workoutCompleted: p('workoutCompleted'),
      dietFollowed: p('dietFollowed'),
      mood: p('mood'),
      energy: p('energy'),
      isCompleted: p('isCompleted'),
      hlcs: p('hlcs'),
      version: p('version'),
      updatedAt: p('updatedAt'),
    } as never)
    .onConflictDoUpdate({
      target: [dailyProgress.userId, dailyProgress.localDate],
      set: {
        workoutCompleted: sql`excluded.workout_completed`,
        dietFollowed: sql`excluded.diet_followed`,
        mood: sql`excluded.mood`,
        energy: sql`excluded.energy`,
        isCompleted: sql`excluded.is_completed`,
        hlcs: sql`excluded.hlcs`,
        version: sql`excluded.version`,
        updatedAt: sql`excluded.updated_at`,
      },
    }),
  );
  const completedIn = db
    .select({ localDate: dailyProgress.localDate })
    .from(dailyProgress)
    .where(and(eq(dailyProgress.userId, p('userId')), eq(dailyProgress.isCompleted, true), gte(dailyProgress.localDate, p('from')), lte(dailyProgress.localDate, p('to'))))
    .prepare();
  const changedAfter = changedAfterQuery(db, dailyProgress);

  let batchDays: Map<string, { userId: string; day: DailyProgress | undefined; changed: boolean }> | null = null;
  versions.enlist({
    begin: () => void (batchDays = new Map()),
    flush: () => {
      const days = batchDays;
      batchDays = null;
      for (const { userId, day, changed } of days?.values() ?? []) if (changed && day) store(userId, day);
    },
    end: () => void (batchDays = null),
  });

  function store(userId: string, day: DailyProgress) {
    upsert.run({
      userId,
      localDate: day.localDate,
      // Placeholders of typed columns are encoded by the column (booleans as 0/1, hlcs as JSON).
      workoutCompleted: day.workoutCompleted,
      dietFollowed: day.dietFollowed,
      mood: day.mood,
      energy: day.energy,
      isCompleted: day.isCompleted,
      hlcs: day.hlcs,
      version: versions.bump(userId),
      updatedAt: now(),
    });
  }

  const readStored = (userId: string, localDate: string) => {
    const row = byDate.get({ userId, localDate });
    return row ? toDailyProgress(row) : undefined;
  };

  /** One user's day, as stored or as this unit of work left it. */
  function day(userId: string, localDate: string): DailyProgress | undefined {
    if (batchDays === null) return readStored(userId, localDate);
    const key = `${userId} ${localDate}`;
    let entry = batchDays.get(key);
    if (!entry) batchDays.set(key, (entry = { userId, day: readStored(userId, localDate), changed: false }));
    return entry.day;
  }

  return {
    day,

    /** The mutators' storage of one user's days. */
    storageFor(userId: string): TableStorage<DailyProgress> {
      const put = (value: DailyProgress) => {
        if (batchDays === null) store(userId, value);
        else batchDays.set(`${userId} ${value.localDate}`, { userId, day: value, changed: true });
      };
      return {
        get: (localDate) => day(userId, localDate),
        // A day is keyed within its user: never another's.
        insert: (value) => (day(userId, value.localDate) ? 'exists' : (put(value), 'inserted')),
        put,
      };
    },

    changedAfter: (userId: string, cursor: number, limit: number): VersionedRow<DailyProgress>[] =>
      changedAfter(userId, cursor, limit).map((row) => ({ version: row.version, row: toDailyProgress(row) })),

    completedDates: (userId: string, from: string, to: string): string[] => completedIn.all({ userId, from, to }).map((row) => row.localDate),
  };
}

export type DailyProgressRepository = ReturnType<typeof createDailyProgress>;
