/**
 * Property test of the sync protocol end to end, on the code users run: simulated devices of one
 * user — each its own IndexedDB (fake-indexeddb), the PWA's local writes and sync engine — against
 * the real API, through random offline periods, duplicated, reordered and split pushes, answers
 * lost after the server applied them, device clocks set up to a day fast or slow and then
 * corrected, and midnight crossed while offline. After everyone syncs:
 * - every device holds the server's state;
 * - every weight record written exists exactly once, and a deletion that applied is a tombstone;
 * - every set logged in a workout session exists exactly once (issue 48), in a session another
 *   device may have started, corrected or removed there, or refused by a session's rule;
 * - every change got an answer, none was refused for a device's clock, and each refusal was kept
 *   for the user on the device that made it;
 * - each daily-progress field holds a write that no applied write knew of (last-writer-wins by
 *   the order the user experienced: a later change on one device, or a change made after seeing
 *   another device's, always wins).
 *
 * The histories and their checks, shared by the files that run them against one app
 * (pwa/src/sync/sync.property.test.ts) and against two instances on one PostgreSQL database
 * behind a round-robin proxy (pwa/src/sync/sync-instances.postgres.test.ts).
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { expect } from 'vitest';
import fc from 'fast-check';
import { canCompleteDay, localDateIn } from '#protocol/domain/daily-progress.ts';
import { isDeviceDateAhead } from '#protocol/clock/device-date.ts';
import { emptyDay } from '#protocol/conflict/rules.ts';
import { uuidv7 } from '#protocol/ids.ts';
import type { Envelope, Mutation, MutationArgs, MutationName, ProgressField } from '#protocol/mutations/envelope.ts';
import { applyPull, createMemoryStore } from '#protocol/replica.ts';
import { deviceTimeZone, recordMutation } from '#pwa/db/local-writes.ts';
import { UserDb } from '#pwa/db/user-db.ts';
import type { AppDeps } from '../../../api/src/deps.ts';
import type { TestClient } from '../../../api/test/harness.ts';
import { createUser } from '../../../api/test/factories.ts';
import type { PullResult, PushResult } from '#protocol/contract/sync.ts';
import { syncNow } from '../sync/engine.ts';

const DAY_MS = 86_400_000;
const START = Date.UTC(2026, 2, 10, 23, 30); // near midnight in most zones' evenings
/** The server's clock (each test hands `() => world.now` to its app); devices add their skew to it. */
export const world = { now: START };
/**
 * Each history starts at the first 23:30 UTC not before the previous one ended: the server (and
 * its HLC) lives across histories, and a wall clock sent back in time would make its next stamps
 * run ahead of the devices' honest ones, which no real server does.
 */
const nextStart = (after: number) => START + Math.ceil(Math.max(0, after - START) / DAY_MS) * DAY_MS;


/** The server the devices sync with. */
export interface SyncServer {
  /** An instance's services, to register the user. */
  deps: AppDeps;
  /** A new browser: its own cookie jar, its requests sent to the app (or through a proxy to several). */
  browser(): TestClient;
}

/** How the network carries one push ('concurrent-duplicate': the same push twice at once, as a retry sent while the first is still in flight). */
type Delivery = 'normal' | 'duplicate' | 'concurrent-duplicate' | 'reversed' | 'split-out-of-order' | 'lost-response';
const DELIVERIES: Delivery[] = ['normal', 'duplicate', 'reversed', 'split-out-of-order', 'lost-response'];

/** What the server said the first time it answered for a mutation (by id), and what it has applied. */
class ServerLog {
  readonly statuses = new Map<string, { status: 'applied' | 'rejected'; code?: string }>();
  readonly applied = new Set<string>();

  record(batch: Mutation[], result: PushResult) {
    for (const r of result.results) {
      const mutation = batch.find((m) => m.seq === r.seq);
      if (!mutation || r.status === 'duplicate' || this.statuses.has(mutation.id)) continue;
      this.statuses.set(mutation.id, r.status === 'rejected' ? { status: 'rejected', code: r.code } : { status: 'applied' });
      if (r.status === 'applied') this.applied.add(mutation.id);
    }
  }
}

/** One browser of the user: its own storage and cookie jar, its own clock, and the network between it and the server. */
class SimDevice {
  readonly db: UserDb;
  skewMs = 0;
  online = true;
  delivery: Delivery = 'normal';
  /** Mutations this device knew of: its own, and every one applied on the server before its last pull. */
  readonly known = new Set<string>();
  readonly written: Mutation[] = [];

  constructor(
    userId: string,
    readonly browser: TestClient,
    private readonly log: ServerLog,
    /** Which mutations each of this device's writes knew of when it was made. */
    private readonly knewAtWrite: Map<string, Set<string>>,
  ) {
    this.db = new UserDb(userId, new IDBFactory());
  }

  wall = () => new Date(world.now + this.skewMs);
  localDate = () => localDateIn(deviceTimeZone(), this.wall());

  async write<N extends MutationName>(name: N, args: MutationArgs[N]): Promise<void> {
    const mutation = await recordMutation(this.db, name, args, this.wall());
    this.knewAtWrite.set(mutation.id, new Set(this.known));
    this.known.add(mutation.id);
    this.written.push(mutation);
  }

  /** The network as it behaves for this sync. */
  private network = (async (input: string, init?: RequestInit) => {
    if (!this.online) throw new TypeError('Failed to fetch');
    if (input.startsWith('/api/sync/pull')) {
      for (const id of this.log.applied) this.known.add(id);
      return this.browser.fetch(input, init);
    }
    if (!input.startsWith('/api/sync/push')) return this.browser.fetch(input, init);
    const body = JSON.parse(String(init?.body)) as { deviceId: string; mutations: Mutation[] };
    const send = async (mutations: Mutation[]) => {
      const response = await this.browser.fetch(input, { ...init, body: JSON.stringify({ ...body, mutations }) });
      if (response.ok) this.log.record(mutations, (await response.clone().json()) as PushResult);
      return response;
    };
    const { mutations } = body;
    switch (this.delivery) {
      case 'reversed':
        return send([...mutations].reverse());
      case 'split-out-of-order':
        if (mutations.length > 1) await send(mutations.slice(Math.ceil(mutations.length / 2))); // a gap: the server waits
        return send(mutations);
      case 'duplicate':
        await send(mutations);
        return send(mutations);
      case 'concurrent-duplicate':
        return (await Promise.all([send(mutations), send(mutations)]))[0];
      case 'lost-response':
        await send(mutations);
        throw new TypeError('Failed to fetch');
      case 'normal':
        return send(mutations);
    }
  }) as typeof fetch;

  async sync(delivery: Delivery): Promise<void> {
    this.delivery = delivery;
    try {
      await syncNow(this.db, { fetch: this.network });
    } finally {
      this.delivery = 'normal';
    }
  }
}

type Action =
  | { kind: 'weight'; device: number; weight: number }
  | { kind: 'delete'; device: number; pick: number }
  | { kind: 'update'; device: number; pick: number; weight: number | null; notes: string | null | undefined }
  | { kind: 'set'; device: number; field: ProgressField; value: number }
  | { kind: 'complete'; device: number }
  | { kind: 'time'; minutes: number }
  | { kind: 'clock'; device: number; skewMs: number }
  | { kind: 'network'; device: number; online: boolean }
  | { kind: 'sync'; device: number; delivery: Delivery }
  | { kind: 'together'; delivery: Delivery }
  | { kind: 'session'; device: number }
  | { kind: 'lift'; device: number; pick: number; reps: number; load: number | null }
  | { kind: 'liftFix'; device: number; pick: number; reps: number | undefined; load: number | null | undefined }
  | { kind: 'liftRemove'; device: number; pick: number }
  | { kind: 'discard'; device: number; pick: number };

const device = fc.nat({ max: 2 });
/** One step of a history; with `concurrent`, devices also sync at the same moment and pushes are resent while in flight. */
const actionOf = (concurrent: boolean): fc.Arbitrary<Action> => fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('weight' as const), device, weight: fc.integer({ min: 600, max: 1200 }).map((n) => n / 10) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), device, pick: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('update' as const),
      device,
      pick: fc.nat(),
      weight: fc.option(fc.integer({ min: 600, max: 1200 }).map((n) => n / 10), { nil: null }),
      notes: fc.option(fc.option(fc.constantFrom('manhã', 'noite', 'após treino'), { nil: null }), { nil: undefined }),
    }),
  },
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('set' as const), device, field: fc.constantFrom<ProgressField>('workoutCompleted', 'dietFollowed', 'mood', 'energy'), value: fc.integer({ min: 1, max: 5 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('complete' as const), device }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('time' as const), minutes: fc.integer({ min: 1, max: 240 }) }) },
  // A clock set wrong (up to a day either way) or corrected.
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('clock' as const), device, skewMs: fc.oneof(fc.constant(0), fc.integer({ min: -DAY_MS, max: DAY_MS })) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('network' as const), device, online: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('sync' as const), device, delivery: fc.constantFrom<Delivery>(...DELIVERIES, ...(concurrent ? ['concurrent-duplicate' as const] : [])) }) },
  // Every device syncs at once: pushes of several devices and pulls in flight together (several instances' transactions overlap).
  { weight: concurrent ? 2 : 0, arbitrary: fc.record({ kind: fc.constant('together' as const), delivery: fc.constantFrom<Delivery>(...DELIVERIES, 'concurrent-duplicate') }) },
  // A workout session (issue 48): started with its exercise on one device, its sets logged,
  // corrected and removed on any device that has it.
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('session' as const), device }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('lift' as const), device, pick: fc.nat(), reps: fc.integer({ min: 1, max: 20 }), load: fc.option(fc.integer({ min: 0, max: 800 }).map((q) => q / 4), { nil: null }) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('liftFix' as const),
      device,
      pick: fc.nat(),
      reps: fc.option(fc.integer({ min: 0, max: 20 }), { nil: undefined }),
      load: fc.option(fc.option(fc.integer({ min: 0, max: 800 }).map((q) => q / 4), { nil: null }), { nil: undefined }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('liftRemove' as const), device, pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('discard' as const), device, pick: fc.nat() }) },
);

/** A session discarded on another device, or a set logged over a day after its start (a clock a day wrong). */
const RULE_REFUSALS = ['DAY_LOCKED', 'DAY_NOT_COMPLETE', 'NOT_FOUND', 'WORKOUT_SESSION_DISCARDED', 'WORKOUT_SESSION_TOO_LONG'];

/** What a device shows of the workouts: the sets of exercises of sessions not discarded. */
async function visibleSets(d: SimDevice) {
  const sessions = new Set((await d.db.synced('workoutSessions').toArray()).filter((session) => !session.deleted).map((session) => session.id));
  return (await d.db.synced('workoutSets').toArray()).filter((set) => !set.deleted && sessions.has(set.sessionId));
}

async function runScenario(server: SyncServer, actions: Action[], skews: number[]): Promise<void> {
  world.now = nextStart(world.now);
  const started = world.now;
  const { user, password } = await createUser(server.deps);
  const log = new ServerLog();
  const knewAtWrite = new Map<string, Set<string>>();
  const devices: SimDevice[] = [];
  for (const skewMs of skews) {
    const browser = server.browser();
    expect((await browser.post('/api/clients/login', { email: user.email, password })).status).toBe(200);
    const d = new SimDevice(user.id, browser, log, knewAtWrite);
    d.skewMs = skewMs;
    devices.push(d);
  }
  try {
    for (const d of devices) await d.sync('normal');

    for (const step of actions) {
      if (step.kind === 'time') {
        world.now += step.minutes * 60_000;
        continue;
      }
      if (step.kind === 'together') {
        await Promise.all(devices.map((d) => d.sync(step.delivery)));
        continue;
      }
      const d = devices[step.device] as SimDevice;
      switch (step.kind) {
        case 'weight':
          await d.write('weight.add', { id: uuidv7(d.wall().getTime()), weight: step.weight, notes: null, createdAt: d.wall().toISOString() });
          break;
        case 'delete': {
          const visible = (await d.db.weightRecords.toArray()).filter((r) => !r.deleted);
          const target = visible[step.pick % Math.max(visible.length, 1)];
          if (target) await d.write('weight.delete', { id: target.id });
          break;
        }
        case 'update': {
          const visible = (await d.db.weightRecords.toArray()).filter((r) => !r.deleted);
          const target = visible[step.pick % Math.max(visible.length, 1)];
          const fields = { ...(step.weight !== null ? { weight: step.weight } : {}), ...(step.notes !== undefined ? { notes: step.notes } : {}) };
          if (target && Object.keys(fields).length > 0) await d.write('weight.update', { id: target.id, ...fields });
          break;
        }
        case 'set': {
          const day = (await d.db.dailyProgress.get(d.localDate())) ?? emptyDay(d.localDate());
          if (day.isCompleted) break; // the UI locks a completed day
          const value = step.field === 'mood' || step.field === 'energy' ? step.value : step.value % 2 === 1;
          await d.write('progress.set', { field: step.field, value });
          break;
        }
        case 'complete': {
          const day = await d.db.dailyProgress.get(d.localDate());
          if (day && !day.isCompleted && canCompleteDay(day)) await d.write('progress.complete', {});
          break;
        }
        case 'session': {
          const session = uuidv7(d.wall().getTime());
          await d.write('workout.start', { id: session, startedAt: d.wall().toISOString() });
          await d.write('workoutExercise.add', { id: uuidv7(d.wall().getTime()), sessionId: session, exerciseKey: 'agachamento', name: 'Agachamento', kind: 'load', position: 0 });
          break;
        }
        case 'lift': {
          const sessions = new Set((await d.db.synced('workoutSessions').toArray()).filter((session) => !session.deleted).map((session) => session.id));
          const exercises = (await d.db.synced('workoutExercises').toArray()).filter((exercise) => sessions.has(exercise.sessionId));
          const exercise = exercises[step.pick % Math.max(exercises.length, 1)];
          if (exercise) await d.write('workoutSet.add', { id: uuidv7(d.wall().getTime()), sessionId: exercise.sessionId, exerciseId: exercise.id, position: 0, reps: step.reps, loadKg: step.load, seconds: null, doneAt: d.wall().toISOString() });
          break;
        }
        case 'liftFix': {
          const sets = await visibleSets(d);
          const target = sets[step.pick % Math.max(sets.length, 1)];
          const fields = { ...(step.reps !== undefined ? { reps: step.reps } : {}), ...(step.load !== undefined ? { loadKg: step.load } : {}) };
          if (target && Object.keys(fields).length > 0) await d.write('workoutSet.update', { id: target.id, ...fields });
          break;
        }
        case 'liftRemove': {
          const sets = await visibleSets(d);
          const target = sets[step.pick % Math.max(sets.length, 1)];
          if (target) await d.write('workoutSet.remove', { id: target.id });
          break;
        }
        case 'discard': {
          const sessions = (await d.db.synced('workoutSessions').toArray()).filter((session) => !session.deleted);
          const target = sessions[step.pick % Math.max(sessions.length, 1)];
          if (target) await d.write('workout.discard', { id: target.id });
          break;
        }
        case 'clock':
          d.skewMs = step.skewMs;
          break;
        case 'network':
          d.online = step.online;
          break;
        case 'sync':
          await d.sync(step.delivery);
          break;
      }
    }

    // Everyone comes back online with the right time and syncs until nothing is pending, then once more.
    for (const d of devices) d.online = true;
    for (let round = 0; round < 5; round++) {
      for (const d of devices) await d.sync('normal');
      if ((await Promise.all(devices.map((d) => d.db.outbox.count()))).every((n) => n === 0)) break;
    }
    for (const d of devices) await d.sync('normal');
    for (const d of devices) expect(await d.db.outbox.count()).toBe(0);

    const server = createMemoryStore();
    const { body } = await devices[0]!.browser.get<PullResult>('/api/sync/pull?cursor=0');
    expect(body.hasMore).toBe(false);
    await applyPull(server, body.changes, [], true);
    const written = devices.flatMap((d) => d.written);

    // 1. Every device converged on the server's state.
    for (const d of devices) {
      expect(Object.fromEntries((await d.db.weightRecords.toArray()).map((r) => [r.id, r]))).toEqual(Object.fromEntries(server.rows.weightRecords));
      expect(Object.fromEntries((await d.db.dailyProgress.toArray()).map((day) => [day.localDate, day]))).toEqual(Object.fromEntries(server.rows.dailyProgress));
      for (const table of ['workoutSessions', 'workoutExercises', 'workoutSets'] as const) {
        expect(Object.fromEntries((await d.db.synced(table).toArray()).map((row) => [row.id, row]))).toEqual(Object.fromEntries(server.rows[table]));
      }
    }

    // Every set logged exists exactly once, or was refused by a session's rule; a removal that applied is a tombstone.
    const lifts = written.filter((m): m is Envelope<'workoutSet.add'> => m.name === 'workoutSet.add' && log.applied.has(m.id));
    expect([...server.rows.workoutSets.keys()].sort()).toEqual(lifts.map((m) => m.args.id).sort());
    const removed = new Set(written.filter((m): m is Envelope<'workoutSet.remove'> => m.name === 'workoutSet.remove' && log.applied.has(m.id)).map((m) => m.args.id));
    for (const [id, set] of server.rows.workoutSets) expect(set.deleted).toBe(removed.has(id));
    for (const session of server.rows.workoutSessions.values()) expect(session.setCount).toBe(lifts.filter((m) => m.args.sessionId === session.id).length);

    // 2. Every weight record written exists exactly once; deletions that applied are tombstones.
    // A clock a day fast east of UTC is on a day no zone has reached: refused (issue 46), never stored.
    const aheadOfEveryZone = (m: Mutation) => log.statuses.get(m.id)?.code === 'DEVICE_DATE_AHEAD';
    const adds = written.filter((m): m is Envelope<'weight.add'> => m.name === 'weight.add' && !aheadOfEveryZone(m));
    expect([...server.rows.weightRecords.keys()].sort()).toEqual(adds.map((m) => m.args.id).sort());
    const deleted = new Set(written.filter((m): m is Envelope<'weight.delete'> => m.name === 'weight.delete' && log.applied.has(m.id)).map((m) => m.args.id));
    for (const [id, record] of server.rows.weightRecords) expect(record.deleted).toBe(deleted.has(id));

    // 3. Every change got an answer; none was refused but by a rule; each refusal is kept for the user.
    expect(written.filter((m) => !log.statuses.has(m.id))).toEqual([]);
    for (const d of devices) {
      const refusedHere = d.written.filter((m) => log.statuses.get(m.id)?.status === 'rejected');
      // Only a date past every zone's today when the scenario began can be one at its push.
      for (const m of refusedHere) expect([...RULE_REFUSALS, ...(isDeviceDateAhead(m.localDate, started) ? ['DEVICE_DATE_AHEAD'] : [])]).toContain(log.statuses.get(m.id)?.code);
      expect((await d.db.refusals.toArray()).map((r) => r.id).sort()).toEqual(refusedHere.map((m) => m.id).sort());
    }

    // 4. Each field holds the value of an applied write that no other applied write knew of.
    const unknownToOthers = <M extends Mutation>(writes: M[]) => writes.filter((w) => !writes.some((other) => other !== w && knewAtWrite.get(other.id)?.has(w.id)));
    const byKey = new Map<string, Envelope<'progress.set'>[]>();
    for (const m of written) {
      if (m.name !== 'progress.set' || !log.applied.has(m.id)) continue;
      const key = `${m.localDate}|${m.args.field}`;
      byKey.set(key, [...(byKey.get(key) ?? []), m]);
    }
    for (const [key, writes] of byKey) {
      const [localDate, field] = key.split('|') as [string, ProgressField];
      expect(unknownToOthers(writes).map((w) => w.args.value)).toContain(server.rows.dailyProgress.get(localDate)?.[field]);
    }
    // A corrected field holds such a correction (a correction always wins over the add), else the added value.
    const expectCorrectionHeld = (correction: 'workoutSet.update' | 'weight.update', added: { id: string }, field: string, stored: unknown) => {
      const valueOf = (args: object) => (args as Record<string, unknown>)[field];
      const corrections = written.filter((m) => m.name === correction && (m.args as { id?: string }).id === added.id && valueOf(m.args) !== undefined && log.applied.has(m.id));
      const expected = corrections.length === 0 ? [valueOf(added)] : unknownToOthers(corrections).map((m) => valueOf(m.args));
      expect(expected).toContain(stored);
    };
    for (const lift of lifts) {
      const set = server.rows.workoutSets.get(lift.args.id);
      if (!set || set.deleted) continue;
      for (const field of ['reps', 'loadKg'] as const) expectCorrectionHeld('workoutSet.update', lift.args, field, set[field]);
    }
    for (const add of adds) {
      const record = server.rows.weightRecords.get(add.args.id);
      if (!record || record.deleted) continue;
      for (const field of ['weight', 'notes'] as const) expectCorrectionHeld('weight.update', add.args, field, record[field]);
    }
  } finally {
    for (const d of devices) {
      d.db.close();
      await d.db.delete();
    }
  }
}


export interface HistoryOptions {
  runs: number;
  /** Replays the histories of a failed run (fast-check prints its seed). */
  seed?: number | undefined;
  /** Devices also sync all at once, and pushes are resent while still in flight. */
  concurrent?: boolean;
  /**
   * When to stop, as a failure: within the test's own limit, so that a failing history is
   * reported with the smallest counterexample found so far rather than as a test timeout.
   */
  timeLimitMs: number;
}

/**
 * Random histories of three devices of one user against `server`, each checked once everyone
 * synced; fast-check shrinks a failing one and prints its seed.
 */
export async function checkHistories(server: SyncServer, { runs, seed, concurrent = false, timeLimitMs }: HistoryOptions): Promise<void> {
  const skew = fc.oneof(fc.constant(0), fc.integer({ min: -DAY_MS, max: DAY_MS }));
  await fc.assert(
    fc.asyncProperty(fc.array(actionOf(concurrent), { minLength: 40, maxLength: 160 }), fc.tuple(skew, skew, skew), async (actions, skews) => runScenario(server, actions, skews)),
    // A history that hangs fails with its counterexample instead of running into the test's limit.
    { numRuns: runs, timeout: 30_000, interruptAfterTimeLimit: timeLimitMs, markInterruptAsFailure: true, ...(seed !== undefined && { seed }) },
  );
}
