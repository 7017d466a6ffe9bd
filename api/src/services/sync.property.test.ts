/**
 * Property test of the sync protocol end to end: simulated devices of one user (the same replica
 * code the PWA runs, on memory stores) against the real API on a temp SQLite file, through
 * random offline periods, duplicate deliveries, reordered and split batches, lost responses,
 * clock skew between devices and midnight crossed while offline. After everyone syncs, every
 * device holds the server's state, every weight record exists exactly once, every field of a
 * corrected weight record and of daily progress holds the accepted write with the highest HLC.
 *
 * `SYNC_PROPERTY_RUNS=300 npx vitest run sync.property` runs the long version.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createClock, type Clock } from '#protocol/clock/hlc.ts';
import { canCompleteDay, localDateIn } from '#protocol/domain/daily-progress.ts';
import { emptyDay } from '#protocol/conflict/rules.ts';
import { uuidv7 } from '#protocol/ids.ts';
import type { Envelope, Mutation, MutationArgs, MutationName, ProgressField } from '#protocol/mutations/index.ts';
import { applyLocally, applyPull, createMemoryStore, type PulledChanges } from '#protocol/replica.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness.ts';
import { createUser } from '../../test/factories.ts';
import type { PullResult, PushResult } from './sync.ts';

const RUNS = Number(process.env.SYNC_PROPERTY_RUNS ?? 12);
const TIME_ZONE = 'America/Sao_Paulo';
const world = { now: Date.UTC(2026, 2, 10, 23, 30) }; // 20:30 in São Paulo: midnight is near

let t: TestApp;
beforeAll(() => {
  t = createTestApp({ now: () => world.now });
});
afterAll(() => t.close());

/** What the server said about each mutation the first time it was not a duplicate. */
type Statuses = Map<string, 'applied' | 'rejected'>;

class SimDevice {
  readonly store = createMemoryStore();
  readonly outbox: Mutation[] = [];
  readonly clock: Clock;
  private seq = 0;
  private cursor = 0;
  online = true;

  constructor(
    readonly deviceId: string,
    readonly client: TestClient,
    readonly skewMs: number,
  ) {
    this.clock = createClock(deviceId, () => this.wall());
  }

  wall = () => world.now + this.skewMs;
  localDate = () => localDateIn(TIME_ZONE, new Date(this.wall()));

  async write<N extends MutationName>(name: N, args: MutationArgs[N]): Promise<Mutation> {
    this.seq += 1;
    const mutation = { deviceId: this.deviceId, seq: this.seq, id: uuidv7(this.wall()), name, version: 1, args, hlc: this.clock.now(), localDate: this.localDate(), timeZone: TIME_ZONE } as Envelope<N> as Mutation;
    await applyLocally(this.store, mutation);
    this.outbox.push(mutation);
    return mutation;
  }

  private async push(batch: Mutation[], statuses: Statuses): Promise<PushResult> {
    const response = await this.client.post<PushResult>('/api/sync/push', { deviceId: this.deviceId, mutations: batch });
    expect(response.status).toBe(200);
    for (const result of response.body.results) {
      const mutation = batch.find((m) => m.seq === result.seq);
      if (mutation && result.status !== 'duplicate' && !statuses.has(mutation.id)) statuses.set(mutation.id, result.status);
    }
    return response.body;
  }

  /** Drains the outbox the way the network allows today, then pulls. */
  async sync(statuses: Statuses, delivery: 'normal' | 'duplicate' | 'reversed' | 'split-out-of-order' | 'lost-response'): Promise<void> {
    if (!this.online) return;
    let rejected = false;
    if (this.outbox.length > 0) {
      const batch = [...this.outbox];
      if (delivery === 'lost-response') {
        await this.push(batch, statuses); // the server applied it; the device never heard back
        return;
      }
      if (delivery === 'split-out-of-order' && batch.length > 1) {
        const half = Math.ceil(batch.length / 2);
        await this.push(batch.slice(half), statuses); // a gap: the server stops and waits
      }
      const result = await this.push(delivery === 'reversed' ? [...batch].reverse() : batch, statuses);
      if (delivery === 'duplicate') await this.push(batch, statuses);
      rejected = result.results.some((r) => r.status === 'rejected');
      this.outbox.splice(0, this.outbox.filter((m) => m.seq <= result.lastSeq).length);
    }
    // A refused change is undone by fetching the server's state again from scratch.
    if (rejected) this.cursor = 0;
    await this.pull();
  }

  async pull(): Promise<void> {
    let first = true;
    for (;;) {
      const { body } = await this.client.get<PullResult>(`/api/sync/pull?cursor=${this.cursor}&deviceId=${this.deviceId}`);
      await applyPull(this.store, body.changes as PulledChanges<{ id: string }, { id: string }>, this.outbox, body.reset || (first && this.cursor === 0));
      first = false;
      this.cursor = body.cursor;
      if (!body.hasMore) break;
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
  | { kind: 'network'; device: number; online: boolean }
  | { kind: 'sync'; device: number; delivery: 'normal' | 'duplicate' | 'reversed' | 'split-out-of-order' | 'lost-response' };

const device = fc.nat({ max: 2 });
const action: fc.Arbitrary<Action> = fc.oneof(
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
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('network' as const), device, online: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('sync' as const), device, delivery: fc.constantFrom('normal' as const, 'duplicate' as const, 'reversed' as const, 'split-out-of-order' as const, 'lost-response' as const) }) },
);

async function runScenario(actions: Action[], skews: number[]): Promise<void> {
  world.now = Date.UTC(2026, 2, 10, 23, 30);
  const { user, password } = await createUser(t.deps);
  const devices: SimDevice[] = [];
  for (const [i, skew] of skews.entries()) {
    const client = t.client();
    expect((await client.post('/api/clients/login', { email: user.email, password })).status).toBe(200);
    devices.push(new SimDevice(`sim${i}_${uuidv7().slice(-12)}`, client, skew));
  }
  for (const d of devices) await d.pull();
  const statuses: Statuses = new Map();
  const written: Mutation[] = [];

  for (const step of actions) {
    if (step.kind === 'time') {
      world.now += step.minutes * 60_000;
      continue;
    }
    const d = devices[step.device] as SimDevice;
    switch (step.kind) {
      case 'weight':
        written.push(await d.write('weight.add', { id: uuidv7(d.wall()), weight: step.weight, notes: null, createdAt: new Date(d.wall()).toISOString() }));
        break;
      case 'delete': {
        const visible = [...d.store.weights.values()].filter((r) => !r.deleted);
        const target = visible[step.pick % Math.max(visible.length, 1)];
        if (target) written.push(await d.write('weight.delete', { id: target.id }));
        break;
      }
      case 'update': {
        const visible = [...d.store.weights.values()].filter((r) => !r.deleted);
        const target = visible[step.pick % Math.max(visible.length, 1)];
        const fields = { ...(step.weight !== null ? { weight: step.weight } : {}), ...(step.notes !== undefined ? { notes: step.notes } : {}) };
        if (target && Object.keys(fields).length > 0) written.push(await d.write('weight.update', { id: target.id, ...fields }));
        break;
      }
      case 'set': {
        const day = d.store.days.get(d.localDate()) ?? emptyDay(d.localDate());
        if (day.isCompleted) break; // the UI locks a completed day
        const value = step.field === 'mood' || step.field === 'energy' ? step.value : step.value % 2 === 1;
        written.push(await d.write('progress.set', { field: step.field, value }));
        break;
      }
      case 'complete': {
        const day = d.store.days.get(d.localDate());
        if (day && !day.isCompleted && canCompleteDay(day)) written.push(await d.write('progress.complete', {}));
        break;
      }
      case 'network':
        d.online = step.online;
        break;
      case 'sync':
        await d.sync(statuses, step.delivery);
        break;
    }
  }

  // Everyone comes back online and syncs until nothing is pending, then once more to converge.
  for (const d of devices) d.online = true;
  for (let round = 0; round < 5 && devices.some((d) => d.outbox.length > 0); round++) {
    for (const d of devices) await d.sync(statuses, 'normal');
  }
  for (const d of devices) await d.sync(statuses, 'normal');
  expect(devices.every((d) => d.outbox.length === 0)).toBe(true);

  const server = createMemoryStore();
  const { body } = await devices[0]!.client.get<PullResult>('/api/sync/pull?cursor=0');
  expect(body.hasMore).toBe(false);
  await applyPull(server, body.changes as PulledChanges<{ id: string }, { id: string }>, [], true);

  // 1. Every device converged on the server's state.
  for (const d of devices) {
    expect(Object.fromEntries(d.store.weights)).toEqual(Object.fromEntries(server.weights));
    expect(Object.fromEntries(d.store.days)).toEqual(Object.fromEntries(server.days));
  }

  // 2. Every weight record written exists exactly once; deletions that applied are tombstones.
  const adds = written.filter((m): m is Envelope<'weight.add'> => m.name === 'weight.add');
  expect([...server.weights.keys()].sort()).toEqual(adds.map((m) => m.args.id).sort());
  const deleted = new Set(written.filter((m): m is Envelope<'weight.delete'> => m.name === 'weight.delete' && statuses.get(m.id) === 'applied').map((m) => m.args.id));
  for (const [id, record] of server.weights) expect(record.deleted).toBe(deleted.has(id));
  const rest = await devices[1]!.client.get<{ weightRecords: { id: string }[] }>('/api/weight-records');
  expect(rest.body.weightRecords.length).toBe(new Set(rest.body.weightRecords.map((r) => r.id)).size);
  expect(rest.body.weightRecords).toHaveLength(adds.length - deleted.size);

  // 3. Every field of a record still there holds its accepted correction with the highest HLC, else its add.
  for (const add of adds) {
    const record = server.weights.get(add.args.id);
    if (!record || record.deleted) continue;
    const updates = written.filter((m): m is Envelope<'weight.update'> => m.name === 'weight.update' && m.args.id === add.args.id && statuses.get(m.id) === 'applied');
    for (const field of ['weight', 'notes'] as const) {
      const winner = updates.filter((m) => m.args[field] !== undefined).sort((a, b) => (a.hlc < b.hlc ? -1 : 1)).at(-1);
      expect(record[field]).toBe(winner ? winner.args[field] : add.args[field]);
    }
  }

  // 4. Every daily progress field holds the accepted write with the highest HLC.
  const latest = new Map<string, { hlc: string; value: boolean | number }>();
  for (const m of written) {
    if (m.name !== 'progress.set' || statuses.get(m.id) !== 'applied') continue;
    const key = `${m.localDate}|${m.args.field}`;
    const current = latest.get(key);
    if (!current || m.hlc > current.hlc) latest.set(key, { hlc: m.hlc, value: m.args.value });
  }
  for (const [key, { value }] of latest) {
    const [localDate, field] = key.split('|') as [string, ProgressField];
    expect(server.days.get(localDate)?.[field]).toBe(value);
  }
  // Every mutation got an answer: nothing was lost on the way.
  expect(written.every((m) => statuses.has(m.id))).toBe(true);
}

describe('sync protocol convergence (property)', () => {
  it(`converges with nothing lost or doubled over ${RUNS} random histories`, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(action, { minLength: 40, maxLength: 160 }),
        fc.tuple(fc.integer({ min: -120_000, max: 120_000 }), fc.integer({ min: -120_000, max: 120_000 }), fc.integer({ min: -120_000, max: 120_000 })),
        async (actions, skews) => runScenario(actions, skews),
      ),
      { numRuns: RUNS },
    );
  }, 120_000);
});
