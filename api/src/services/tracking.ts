/**
 * The synced data of one client (weight records, daily progress, notifications, profile fields):
 * every write runs the shared conflict rules and stamps the row with the next server-wide
 * version, in the caller's transaction. Statements are prepared once: push applies up to a
 * thousand mutations per request.
 */
import type Database from 'better-sqlite3';
import {
  applyNotificationRead,
  applyProfileFields,
  applyProgressComplete,
  applyProgressSet,
  applyWeightAdd,
  applyWeightDelete,
  applyWeightUpdate,
  type DailyProgress,
  type Outcome,
} from '#protocol/conflict/rules.ts';
import type { ErrorCode } from '#protocol/errors.ts';
import type { MutationArgs } from '#protocol/mutations/index.ts';
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

/** What a write did: applied (changed or a no-op replay), or rejected with a code. */
export type WriteResult = { applied: true } | { applied: false; code: ErrorCode };

const result = (outcome: Outcome<unknown>): WriteResult => (outcome.ok ? { applied: true } : { applied: false, code: outcome.code });

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
  const tombstoneWeight = sqlite.prepare('UPDATE weight_records SET deleted_at = ?, version = ? WHERE id = ?');
  const correctWeight = sqlite.prepare('UPDATE weight_records SET weight = ?, notes = ?, hlcs = ?, version = ? WHERE id = ?');
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
  const markNotificationRead = sqlite.prepare('UPDATE notifications SET read = 1, version = ? WHERE id = ?');
  const listNotifications = sqlite.prepare<[string], NotificationRowRaw>('SELECT * FROM notifications WHERE user_id = ? ORDER BY created_at DESC, id DESC');
  const insertNotification = sqlite.prepare(
    'INSERT INTO notifications (id, user_id, type, title, message, read, created_at, version) VALUES (?, ?, ?, ?, ?, 0, ?, ?)',
  );

  const profileHlcs = sqlite.prepare<[string], { profile_hlcs: string }>('SELECT profile_hlcs FROM users WHERE id = ?');

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

    addWeight(userId: string, args: MutationArgs['weight.add']): WriteResult {
      // The common case is a new id: insert straight away, and look only when the id exists.
      const inserted = insertWeight.run(args.id, userId, args.weight, args.notes, Date.parse(args.createdAt), bump(userId)).changes === 1;
      if (inserted) return { applied: true };
      const existing = weightById.get(args.id) as WeightRow;
      if (existing.user_id !== userId) return { applied: false, code: 'ID_CONFLICT' };
      return result(applyWeightAdd(toWeightRecord(existing), args)); // a replay: unchanged
    },

    /** A correction (`weight.update`): per-field last-writer-wins; a no-op on a deleted record. */
    updateWeight(userId: string, args: MutationArgs['weight.update'], hlc: string): WriteResult {
      const existing = weightById.get(args.id);
      const owned = existing && existing.user_id === userId ? existing : undefined;
      const outcome = applyWeightUpdate(owned ? toWeightRecord(owned) : undefined, args, hlc);
      if (outcome.ok && outcome.changed) correctWeight.run(outcome.row.weight, outcome.row.notes, JSON.stringify(outcome.row.hlcs ?? {}), bump(userId), args.id);
      return result(outcome);
    },

    deleteWeight(userId: string, id: string): WriteResult {
      const existing = weightById.get(id);
      const owned = existing && existing.user_id === userId ? existing : undefined;
      const outcome = applyWeightDelete(owned ? toWeightRecord(owned) : undefined);
      if (outcome.ok && outcome.changed) tombstoneWeight.run(now(), bump(userId), id);
      return result(outcome);
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

    setProgress(userId: string, localDate: string, args: MutationArgs['progress.set'], hlc: string): WriteResult {
      const outcome = applyProgressSet(readDay(userId, localDate), localDate, args, hlc);
      if (outcome.ok && outcome.changed) writeDay(userId, outcome.row);
      return result(outcome);
    },

    completeDay(userId: string, localDate: string, hlc: string): WriteResult {
      const outcome = applyProgressComplete(readDay(userId, localDate), localDate, hlc);
      if (outcome.ok && outcome.changed) writeDay(userId, outcome.row);
      return result(outcome);
    },

    day: readDay,

    completedDates(userId: string, from: string, to: string): string[] {
      return completedDatesIn.all(userId, from, to).map((row) => row.local_date);
    },

    /** Profile fields merged per field by HLC; returns the fields that won. */
    profileUpdates<T extends Record<string, unknown>>(userId: string, fields: Partial<T>, hlc: string) {
      const row = profileHlcs.get(userId);
      const hlcs = row ? (JSON.parse(row.profile_hlcs) as Record<string, string>) : {};
      return applyProfileFields<T>(hlcs, fields, hlc);
    },

    readNotification(userId: string, id: string): WriteResult {
      const existing = notificationById.get(id);
      const owned = existing && existing.user_id === userId ? toNotification(existing) : undefined;
      const outcome = applyNotificationRead(owned);
      if (outcome.ok && outcome.changed) markNotificationRead.run(bump(userId), id);
      return result(outcome);
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
