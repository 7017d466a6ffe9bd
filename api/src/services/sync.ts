/**
 * The sync protocol's server side (ARCHITECTURE §3, ADR 007).
 *
 * Push applies a device's mutations in seq order. `seq <= lastSeq` is a replay and is skipped; a
 * gap stops the batch; an invalid or refused mutation is still consumed (reported `rejected` with
 * a code) so it never blocks the queue. The whole batch and the device's new lastSeq commit in
 * one transaction: a crash loses either all of it or none, and the device simply resends.
 *
 * Pull returns what changed after a cursor (the server-wide version), scoped to the user.
 */
import type { Clock } from '#protocol/clock/hlc.ts';
import type { ErrorCode } from '#protocol/errors.ts';
import { parseMutation, rawSeq, type ParseResult } from '#protocol/mutations/index.ts';
import type { RateLimiter } from '../auth/rate-limit.ts';
import { refused, type MutatorResult } from '#protocol/mutations/mutator.ts';
import { DomainError } from '#protocol/errors.ts';
import { toDietPlan, toWorkoutPlan, type DietPlanRaw, type WorkoutPlanRaw } from './plans.ts';
import { toClientDto } from './clients.ts';
import type { MutationRunner, Mutations } from './mutations.ts';
import type { Repositories, VersionedRow } from '../repositories/synced-tables.ts';
import type { SyncVersions } from '../repositories/sync-versions.ts';
import { perSyncedTable, SYNCED_TABLE_NAMES, type SyncedRows, type SyncedTableName } from '#protocol/tables.ts';
import type { MutationStatus, PullResult, PushResult } from '#protocol/contract/sync.ts';
import type { SqlDatabase } from '../db/sql/port.ts';
import type { UserRow } from '../db/schema/index.ts';
import type { Subscriptions } from './subscriptions.ts';
import { canonicalTimeZone } from '#protocol/domain/notice-choices.ts';

/** Rows per table per pull page. */
export const PULL_PAGE = 500;

interface Versioned {
  version: number;
}

export function createSync(
  db: SqlDatabase,
  versions: SyncVersions,
  repositories: Repositories,
  mutations: Mutations,
  subscriptions: Subscriptions,
  clock: Clock,
  now: () => number,
  /** Messages one sender may send within the window (issue 22): past it a message is refused, and told. None: no limit. */
  messagesPerSender?: RateLimiter,
) {
  type Device = { id: string; user_id: string; last_seq: number };
  // A device's row is locked for its push: two pushes of one device (two instances) take turns.
  const deviceById = (deviceId: string, forPush = false) =>
    db.get<Device>(`SELECT id, user_id, last_seq FROM devices WHERE id = ?${forPush && db.dialect === 'postgres' ? ' FOR UPDATE' : ''}`, [deviceId]);
  const insertDevice = (deviceId: string, userId: string) =>
    db.run('INSERT INTO devices (id, user_id, last_seq, created_at, last_seen_at) VALUES (?, ?, 0, ?, ?) ON CONFLICT (id) DO NOTHING', [deviceId, userId, now(), now()]);
  const updateDevice = (lastSeq: number, deviceId: string) => db.run('UPDATE devices SET last_seq = ?, last_seen_at = ? WHERE id = ?', [lastSeq, now(), deviceId]);
  const insertRefusal = (deviceId: string, seq: number, code: ErrorCode) =>
    db.run('INSERT INTO sync_refusals (device_id, seq, code) VALUES (?, ?, ?) ON CONFLICT (device_id, seq) DO UPDATE SET code = excluded.code', [deviceId, seq, code]);
  const refusalOf = (deviceId: string, seq: number) => db.get<{ code: ErrorCode }>('SELECT code FROM sync_refusals WHERE device_id = ? AND seq = ?', [deviceId, seq]);

  const page = <T>(sql: string) => (userId: string, cursor: number, limit: number) => db.all<T & Versioned>(`${sql} AND version > ? ORDER BY version LIMIT ?`, [userId, cursor, limit]);
  const dietsAfter = page<DietPlanRaw>('SELECT * FROM diet_plans WHERE user_id = ?');
  const workoutsAfter = page<WorkoutPlanRaw>('SELECT * FROM workout_plans WHERE user_id = ?');

  /**
   * Applies one mutation with its mutator, the one the device ran. A device clock running fast
   * never costs a change: a timestamp from the server's future is replaced by the server's own
   * (ADR 007), and so is a weight's date (the mutator's rule); a calendar past any time zone's
   * today refuses it (the mutations' one door).
   */
  async function apply(run: MutationRunner, { mutator, mutation, hlc }: Extract<ParseResult, { ok: true }>): Promise<MutatorResult> {
    try {
      return await run(mutator, mutation.args, { hlc: clock.stamp(mutation.hlc, hlc), localDate: mutation.localDate });
    } catch (error) {
      if (error instanceof DomainError) return refused(error.code);
      throw error;
    }
  }

  /** The zone a device's applied change was made in, kept as the person's when they have none (once per device: no later push pays for it). */
  const adoptDeviceZone = async (userId: string, named: string) => {
    const zone = canonicalTimeZone(named);
    if (zone) await db.run('UPDATE users SET time_zone = ? WHERE id = ? AND time_zone IS NULL', [zone, userId]);
  };

  const pushTransaction = (userId: string, deviceId: string, batch: unknown[]): Promise<PushResult> => db.transaction(() => versions.inUnitOfWork(async () => {
    // The counter before the device's row (sync-versions' `hold`); a first push from two
    // instances at once: both insert, one wins, both then lock the row. With the counter comes
    // the latest stamp any instance stored: a fast device's changes, re-stamped here, order after
    // those its earlier pushes got on another instance.
    await versions.hold();
    let device = await deviceById(deviceId, true);
    const firstPush = !device;
    if (!device) {
      await insertDevice(deviceId, userId);
      device = await deviceById(deviceId, true);
    }
    if (device && device.user_id !== userId) throw new DomainError('DEVICE_CONFLICT');
    let lastSeq = device?.last_seq ?? 0;
    const run = mutations.runnerFor(userId);
    const results: MutationStatus[] = [];
    let gap: PushResult['gap'] = null;
    let appliedZone: string | undefined;
    const ordered = batch.map((raw) => ({ raw, seq: rawSeq(raw) as number })).sort((a, b) => a.seq - b.seq);
    for (const { raw, seq } of ordered) {
      const id = typeof (raw as { id?: unknown }).id === 'string' ? ((raw as { id: string }).id).slice(0, 64) : null;
      if (seq <= lastSeq) {
        // A resend: its first answer may have been lost, so a refusal is told again.
        const refused = await refusalOf(deviceId, seq);
        results.push(refused ? { seq, id, status: 'rejected', code: refused.code } : { seq, id, status: 'duplicate' });
        continue;
      }
      if (seq > lastSeq + 1) {
        gap = { expected: lastSeq + 1 };
        break;
      }
      const parsed = parseMutation(raw);
      const message = parsed.ok && parsed.mutation.name === 'message.send';
      const outcome: MutatorResult = !parsed.ok
        ? refused(parsed.code)
        : parsed.mutation.deviceId !== deviceId
          ? refused('DEVICE_CONFLICT')
          : message && messagesPerSender && (await messagesPerSender.retryAfter(userId)) > 0
            ? refused('RATE_LIMITED')
            : await apply(run, parsed);
      // Counted in the push's transaction: a push rolled back sent nothing, and counts nothing.
      if (message && outcome.ok) await messagesPerSender?.hit(userId);
      if (outcome.ok && parsed.ok) appliedZone ??= parsed.mutation.timeZone;
      if (outcome.ok) results.push({ seq, id, status: 'applied' });
      else {
        results.push({ seq, id, status: 'rejected', code: outcome.code });
        await insertRefusal(deviceId, seq, outcome.code);
      }
      lastSeq = seq;
    }
    await updateDevice(lastSeq, deviceId);
    // A device's first push names its zone: the person's, for their reminders, until they choose one (issue 50).
    if (firstPush && appliedZone) await adoptDeviceZone(userId, appliedZone);
    return { lastSeq, results, gap };
  }));

  /** Rows after `cursor`, at most one page per table, cut at a version every table has fully reached. */
  function collect<T extends Versioned>(rows: T[], cutoff: { value: number }): T[] {
    if (rows.length > PULL_PAGE) {
      rows.length = PULL_PAGE;
      cutoff.value = Math.min(cutoff.value, (rows[rows.length - 1] as T).version);
    }
    return rows;
  }

  const pullTransaction = (user: UserRow, deviceId: string | null, cursor: number): Promise<PullResult> => db.transaction(async () => {
    const current = await versions.current();
    const device = deviceId ? await deviceById(deviceId) : undefined;
    const lastSeq = device && device.user_id === user.id ? device.last_seq : 0;
    const gate = await subscriptions.gate(user.id);
    const base = { lastSeq, serverTime: new Date(now()).toISOString(), gate };
    const empty: PullResult['changes'] = { profile: null, ...perSyncedTable<{ [N in SyncedTableName]: [] }>(() => []), diets: [], workouts: [], subscriptions: [] };
    // A cursor from the future (a restored backup), or from before an erasure its rows still hold.
    if (cursor > current || (cursor > 0 && cursor < user.resyncFrom)) return { ...base, cursor: 0, hasMore: true, reset: true, changes: empty };

    const cutoff = { value: current };
    const fetch = async <T>(read: (userId: string, cursor: number, limit: number) => Promise<(T & Versioned)[]>) => collect(await read(user.id, cursor, PULL_PAGE + 1), cutoff);
    const synced = {} as { [N in SyncedTableName]: VersionedRow<SyncedRows[N]>[] };
    for (const name of SYNCED_TABLE_NAMES) {
      (synced as Record<SyncedTableName, VersionedRow<unknown>[]>)[name] = collect<VersionedRow<unknown>>(await repositories[name].changedAfter(user.id, cursor, PULL_PAGE + 1), cutoff);
    }
    const diets = await fetch(dietsAfter);
    const workouts = await fetch(workoutsAfter);
    const subscriptionRows = await fetch(subscriptions.changedAfter);
    const upTo = <T extends Versioned>(rows: T[]) => rows.filter((row) => row.version <= cutoff.value);
    // A full pull always carries the profile; later ones when it changed within this page.
    const withProfile = cursor === 0 ? user.version <= cutoff.value : user.version > cursor && user.version <= cutoff.value;

    return {
      ...base,
      cursor: cutoff.value,
      hasMore: cutoff.value < current,
      reset: false,
      changes: {
        profile: withProfile ? { ...(await toClientDto(db, user)), profileHlcs: user.profileHlcs } : null,
        ...perSyncedTable<{ [N in SyncedTableName]: SyncedRows[N][] }>((name) => upTo<VersionedRow<unknown>>(synced[name]).map(({ row }) => row)),
        // Drafts and deleted plans reach devices as tombstones: a client never sees a draft. Without
        // an active paid plan the content is not sent at all; activation re-stamps it to be pulled.
        diets: gate !== 'open' ? [] : upTo(diets).map((row) => (row.status === 'published' && row.deleted_at === null ? toDietPlan(row) : { id: row.id, deleted: true as const })),
        workouts: gate !== 'open' ? [] : upTo(workouts).map((row) => (row.status === 'published' && row.deleted_at === null ? toWorkoutPlan(row) : { id: row.id, deleted: true as const })),
        subscriptions: upTo(subscriptionRows).map((row) => subscriptions.toDto(row, now())),
      },
    };
  });

  return {
    push: (userId: string, deviceId: string, batch: unknown[]) => pushTransaction(userId, deviceId, batch),
    pull: (user: UserRow, deviceId: string | null, cursor: number) => pullTransaction(user, deviceId, cursor),
  };
}

export type Sync = ReturnType<typeof createSync>;
