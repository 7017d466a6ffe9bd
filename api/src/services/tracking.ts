/**
 * The synced data of one client (weight records, daily progress, notifications) on SQLite: the
 * mutators' storage port (`storageFor`), whose every write stamps the row with the next
 * server-wide version in the caller's transaction, and the reads REST serves. The rules are the
 * mutators' (sync-protocol/mutations). Statements are prepared once: push applies up to a
 * thousand mutations per request.
 */
import type Database from 'better-sqlite3';
import type { DailyProgress } from '#protocol/conflict/rules.ts';
import type { MutatorStorage } from '#protocol/mutations/storage.ts';
import type { NotificationDto, WeightRecord } from '#protocol/contract/tracking.ts';
import { jsonText, type JsonText } from '../json-text.ts';

interface WeightRow {
  id: string;
  user_id: string;
  weight: number;
  notes: string | null;
  created_at: number;
  deleted_at: number | null;
  version: number;
  hlcs: string;
}
interface ProgressRow {
  local_date: string;
  workout_completed: number;
  diet_followed: number;
  mood: number;
  energy: number;
  is_completed: number;
  hlcs: string;
  version: number;
}
interface NotificationRowRaw {
  id: string;
  user_id: string;
  type: NotificationDto['type'];
  title: string;
  message: string;
  read: number;
  created_at: number;
  version: number;
}

export const toWeightRecord = (row: WeightRow): WeightRecord => ({
  id: row.id,
  weight: row.weight,
  notes: row.notes,
  createdAt: new Date(row.created_at).toISOString(),
  deleted: row.deleted_at !== null,
  hlcs: JSON.parse(row.hlcs) as WeightRecord['hlcs'],
});

export const toDailyProgress = (row: ProgressRow): DailyProgress => ({
  localDate: row.local_date,
  workoutCompleted: row.workout_completed === 1,
  dietFollowed: row.diet_followed === 1,
  mood: row.mood,
  energy: row.energy,
  isCompleted: row.is_completed === 1,
  hlcs: JSON.parse(row.hlcs) as DailyProgress['hlcs'],
});

export const toNotification = (row: NotificationRowRaw): NotificationDto => ({
  id: row.id,
  type: row.type,
  title: row.title,
  message: row.message,
  read: row.read === 1,
  createdAt: new Date(row.created_at).toISOString(),
});

/** Users whose weight list is kept serialized (the most recently read ones; a few MB at most). */
const WEIGHT_LIST_CACHE_SIZE = 500;

/** `changed` hears of every user whose synced data a write stamps (live updates, ADR 023). */
export function createTracking(sqlite: Database.Database, now: () => number, changed: (userId: string) => void = () => {}) {
  const nextVersion = sqlite.prepare<[], { value: number }>('UPDATE sync_counter SET value = value + 1 WHERE id = 1 RETURNING value');
  const currentVersion = sqlite.prepare<[], { value: number }>('SELECT value FROM sync_counter WHERE id = 1');
  const setVersion = sqlite.prepare('UPDATE sync_counter SET value = ? WHERE id = 1');
  /** Within a batch (see `inBatch`) versions come from memory and are written back once. */
  let batchVersion: number | null = null;
  /** The next sync version, stamped on a row of `userId`'s. */
  const bump = (userId: string) => {
    changed(userId);
    return batchVersion !== null ? ++batchVersion : (nextVersion.get() as { value: number }).value;
  };

  const weightById = sqlite.prepare<[string], WeightRow>('SELECT * FROM weight_records WHERE id = ?');
  const insertWeight = sqlite.prepare(
    'INSERT INTO weight_records (id, user_id, weight, notes, created_at, deleted_at, version) VALUES (?, ?, ?, ?, ?, NULL, ?) ON CONFLICT (id) DO NOTHING',
  );
  // A tombstone keeps the time of its delete; a correction never revives a deleted record (the rule's).
  const writeWeight = sqlite.prepare(
    `UPDATE weight_records SET weight = @weight, notes = @notes, hlcs = @hlcs, version = @version,
       deleted_at = CASE WHEN @deleted THEN coalesce(deleted_at, @now) ELSE NULL END WHERE id = @id AND user_id = @userId`,
  );

  const lastWeightVersion = sqlite.prepare<[string], [number | null]>('SELECT max(version) FROM weight_records WHERE user_id = ?').raw(true);
  const weightListCache = new Map<string, { version: number | null; json: JsonText<{ weightRecords: WeightRecord[] }> }>();
  // Rows as arrays of the four columns the list shows: no object and no user id per row.
  const listWeights = sqlite
    .prepare<[string], [id: string, weight: number, notes: string | null, createdAt: number]>(
      'SELECT id, weight, notes, created_at FROM weight_records WHERE user_id = ? AND deleted_at IS NULL ORDER BY created_at DESC, id DESC',
    )
    .raw(true);

  const dayByDate = sqlite.prepare<[string, string], ProgressRow>('SELECT * FROM daily_progress WHERE user_id = ? AND local_date = ?');
  const upsertDay = sqlite.prepare(
    `INSERT INTO daily_progress (user_id, local_date, workout_completed, diet_followed, mood, energy, is_completed, hlcs, version, updated_at)
     VALUES (@userId, @localDate, @workoutCompleted, @dietFollowed, @mood, @energy, @isCompleted, @hlcs, @version, @updatedAt)
     ON CONFLICT (user_id, local_date) DO UPDATE SET workout_completed = excluded.workout_completed, diet_followed = excluded.diet_followed,
       mood = excluded.mood, energy = excluded.energy, is_completed = excluded.is_completed, hlcs = excluded.hlcs,
       version = excluded.version, updated_at = excluded.updated_at`,
  );
  const completedDatesIn = sqlite.prepare<[string, string, string], { local_date: string }>(
    'SELECT local_date FROM daily_progress WHERE user_id = ? AND is_completed = 1 AND local_date >= ? AND local_date <= ?',
  );

  const notificationById = sqlite.prepare<[string], NotificationRowRaw>('SELECT * FROM notifications WHERE id = ?');
  const writeNotificationRead = sqlite.prepare('UPDATE notifications SET read = ?, version = ? WHERE id = ? AND user_id = ?');
  const listNotifications = sqlite.prepare<[string], NotificationRowRaw>('SELECT * FROM notifications WHERE user_id = ? ORDER BY created_at DESC, id DESC');
  const insertNotification = sqlite.prepare(
    'INSERT INTO notifications (id, user_id, type, title, message, read, created_at, version) VALUES (?, ?, ?, ?, ?, 0, ?, ?)',
  );

  /**
   * Within a batch, the days it reads and writes stay in memory, keyed by user and date, and each
   * changed one is written once at its end: a device's outbox often holds several habits of one day.
   */
  let batchDays: Map<string, { userId: string; day: DailyProgress | undefined; changed: boolean }> | null = null;

  function storeDay(userId: string, day: DailyProgress) {
    upsertDay.run({
      userId,
      localDate: day.localDate,
      workoutCompleted: day.workoutCompleted ? 1 : 0,
      dietFollowed: day.dietFollowed ? 1 : 0,
      mood: day.mood,
      energy: day.energy,
      isCompleted: day.isCompleted ? 1 : 0,
      hlcs: JSON.stringify(day.hlcs),
      version: bump(userId),
      updatedAt: now(),
    });
  }

  const listWeightRecords = (userId: string): WeightRecord[] =>
    listWeights.all(userId).map(([id, weight, notes, createdAt]) => ({ id, weight, notes, createdAt: new Date(createdAt).toISOString(), deleted: false }));

  const readStoredDay = (userId: string, localDate: string) => {
    const row = dayByDate.get(userId, localDate);
    return row ? toDailyProgress(row) : undefined;
  };

  const readDay = (userId: string, localDate: string) => {
    if (batchDays === null) return readStoredDay(userId, localDate);
    const key = `${userId} ${localDate}`;
    let entry = batchDays.get(key);
    if (!entry) batchDays.set(key, (entry = { userId, day: readStoredDay(userId, localDate), changed: false }));
    return entry.day;
  };

  function writeDay(userId: string, day: DailyProgress) {
    if (batchDays === null) storeDay(userId, day);
    else batchDays.set(`${userId} ${day.localDate}`, { userId, day, changed: true });
  }

  return {
    currentVersion: () => (batchVersion ?? (currentVersion.get() as { value: number }).value),

    /** The mutators' storage of weight records, days and notifications, scoped to one user. */
    storageFor(userId: string): Omit<MutatorStorage, 'profile'> {
      const owned = <T extends { user_id: string }>(row: T | undefined) => (row && row.user_id === userId ? row : undefined);
      return {
        weightRecords: {
          get: (id) => {
            const row = owned(weightById.get(id));
            return row && toWeightRecord(row);
          },
          insert: (record) => {
            if (insertWeight.run(record.id, userId, record.weight, record.notes, Date.parse(record.createdAt), bump(userId)).changes === 1) return 'inserted';
            return owned(weightById.get(record.id)) ? 'exists' : 'taken';
          },
          put: (record) =>
            void writeWeight.run({ weight: record.weight, notes: record.notes, hlcs: JSON.stringify(record.hlcs ?? {}), version: bump(userId), deleted: record.deleted ? 1 : 0, now: now(), id: record.id, userId }),
        },
        dailyProgress: {
          get: (localDate) => readDay(userId, localDate),
          put: (day) => writeDay(userId, day),
        },
        notifications: {
          get: (id) => {
            const row = owned(notificationById.get(id));
            return row && toNotification(row);
          },
          put: (notification) => void writeNotificationRead.run(notification.read ? 1 : 0, bump(userId), notification.id, userId),
        },
      };
    },
    bumpVersion: bump,

    /**
     * Runs `fn` (inside the caller's transaction) with versions counted in memory and stored once
     * at the end, and each day it changes written once: a push of a thousand mutations then costs
     * one counter write, not a thousand. If `fn` throws, the caller's transaction rolls back.
     */
    inBatch<T>(fn: () => T): T {
      batchVersion = (currentVersion.get() as { value: number }).value;
      batchDays = new Map();
      try {
        const value = fn();
        const days = batchDays;
        batchDays = null;
        for (const { userId, day, changed } of days.values()) if (changed && day) storeDay(userId, day);
        setVersion.run(batchVersion);
        return value;
      } finally {
        batchVersion = null;
        batchDays = null;
      }
    },

    weightRecord(userId: string, id: string): WeightRecord | null {
      const row = weightById.get(id);
      if (!row || row.user_id !== userId) return null;
      const { hlcs: _hlcs, ...record } = toWeightRecord(row); // the merge stamps are the sync's, not REST's
      return record;
    },

    listWeightRecords,

    /**
     * GET /api/weight-records's body, kept per user while their newest weight version is the
     * same: every change to a user's records (an insert, a tombstone) takes a new, higher version
     * from the sync counter, so an unchanged maximum means an unchanged list.
     */
    weightRecordsJson(userId: string): JsonText<{ weightRecords: WeightRecord[] }> {
      const [version] = lastWeightVersion.get(userId) as [number | null];
      const cached = weightListCache.get(userId);
      if (cached && cached.version === version) return cached.json;
      const json = jsonText({ weightRecords: listWeightRecords(userId) });
      weightListCache.delete(userId);
      if (weightListCache.size >= WEIGHT_LIST_CACHE_SIZE) weightListCache.delete(weightListCache.keys().next().value as string);
      weightListCache.set(userId, { version, json });
      return json;
    },

    day: readDay,

    completedDates(userId: string, from: string, to: string): string[] {
      return completedDatesIn.all(userId, from, to).map((row) => row.local_date);
    },

    notification(userId: string, id: string): NotificationDto | null {
      const row = notificationById.get(id);
      return row && row.user_id === userId ? toNotification(row) : null;
    },

    listNotifications(userId: string): NotificationDto[] {
      return listNotifications.all(userId).map(toNotification);
    },

    addNotification(userId: string, notification: Omit<NotificationDto, 'read' | 'createdAt'> & { createdAt?: number }): void {
      insertNotification.run(notification.id, userId, notification.type, notification.title, notification.message, notification.createdAt ?? now(), bump(userId));
    },
  };
}

export type Tracking = ReturnType<typeof createTracking>;
