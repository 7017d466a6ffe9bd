import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatHlc, parseHlc } from '#protocol/clock/hlc.ts';
import { uuidv7 } from '#protocol/ids.ts';
import type { PullResult, PushResult } from '#protocol/contract/sync.ts';
import { createTestApp, openAnotherInstance, type TestApp, type TestClient } from '../../test/harness.ts';
import { TestDevice, signIn } from '../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const push = (c: TestClient, device: TestDevice, mutations: unknown[]) => c.post<PushResult>('/api/sync/push', { deviceId: device.deviceId, mutations });
const pull = (c: TestClient, cursor = 0, deviceId?: string) => c.get<PullResult>(`/api/sync/pull?cursor=${cursor}${deviceId ? `&deviceId=${deviceId}` : ''}`);

async function signedInDevice() {
  const c = t.client();
  const user = await signIn(c, t.deps);
  return { c, user, device: new TestDevice() };
}

describe('POST /api/sync/push', () => {
  it('applies a batch once: the same batch pushed twice is acknowledged as duplicates', async () => {
    const { c, device } = await signedInDevice();
    const batch = [device.addWeight(80.2), device.addWeight(79.9)];
    const first = await push(c, device, batch);
    expect(first.status).toBe(200);
    expect(first.body.lastSeq).toBe(2);
    expect(first.body.results.map((r) => r.status)).toEqual(['applied', 'applied']);
    const again = await push(c, device, batch);
    expect(again.body.results.map((r) => r.status)).toEqual(['duplicate', 'duplicate']);
    expect(again.body.lastSeq).toBe(2);
    const records = await c.get<{ weightRecords: unknown[] }>('/api/weight-records');
    expect(records.body.weightRecords).toHaveLength(2);
  });

  it('stops at a gap and says which seq it expects', async () => {
    const { c, device } = await signedInDevice();
    const [m1, m2, m3] = [device.addWeight(81), device.addWeight(80.5), device.addWeight(80)];
    const response = await push(c, device, [m1, m3]);
    expect(response.body.lastSeq).toBe(1);
    expect(response.body.gap).toEqual({ expected: 2 });
    expect(response.body.results).toHaveLength(1);
    const resumed = await push(c, device, [m2, m3]);
    expect(resumed.body.lastSeq).toBe(3);
    expect(resumed.body.gap).toBeNull();
  });

  it('applies out-of-order batches in seq order', async () => {
    const { c, device } = await signedInDevice();
    const mutations = [device.addWeight(70), device.addWeight(71), device.addWeight(72)];
    const response = await push(c, device, [...mutations].reverse());
    expect(response.body.results.map((r) => r.seq)).toEqual([1, 2, 3]);
  });

  it('consumes a rejected mutation with its code and carries on with the queue', async () => {
    const { c, device } = await signedInDevice();
    const invalid = device.addWeight(0);
    const unknownDelete = device.mutation('weight.delete', { id: uuidv7() });
    const unknownName = { ...device.addWeight(70), name: 'weight.teleport' };
    const valid = device.addWeight(75);
    const response = await push(c, device, [invalid, unknownDelete, unknownName, valid]);
    expect(response.body.results).toEqual([
      { seq: 1, id: invalid.id, status: 'rejected', code: 'VALIDATION_FAILED' },
      { seq: 2, id: unknownDelete.id, status: 'rejected', code: 'NOT_FOUND' },
      { seq: 3, id: unknownName.id, status: 'rejected', code: 'UNKNOWN_MUTATION' },
      { seq: 4, id: valid.id, status: 'applied' },
    ]);
    expect(response.body.lastSeq).toBe(4);
  });

  it('reads weight.add weights by the same rule as REST and the forms: nothing is stored as another weight', async () => {
    const { c, device } = await signedInDevice();
    const hostile: unknown[] = [0.04, '0x40', '1e2', '84.25', 84.25, '1.000', 'Infinity', '-84', '', null, [84], 500.1, 0.9];
    const refused = hostile.map((weight) => device.addWeight(weight as number));
    const fine = [device.addWeight(' 84,2 ' as unknown as number), device.addWeight('45,2' as unknown as number), device.addWeight(45.2)];
    const response = await push(c, device, [...refused, ...fine]);
    expect(response.body.results.map((r) => (r.status === 'rejected' ? r.code : r.status))).toEqual([...hostile.map(() => 'VALIDATION_FAILED'), 'applied', 'applied', 'applied']);
    const records = await c.get<{ weightRecords: { weight: number }[] }>('/api/weight-records');
    expect(records.body.weightRecords.map((r) => r.weight).sort()).toEqual([45.2, 45.2, 84.2]);
  });

  it('reports a refusal again when the batch is resent after its answer was lost', async () => {
    const { c, device } = await signedInDevice();
    const unknownDelete = device.mutation('weight.delete', { id: uuidv7() });
    const valid = device.addWeight(75);
    await push(c, device, [unknownDelete, valid]); // the answer never reaches the device
    const again = await push(c, device, [unknownDelete, valid]);
    expect(again.body.results).toEqual([
      { seq: 1, id: unknownDelete.id, status: 'rejected', code: 'NOT_FOUND' },
      { seq: 2, id: valid.id, status: 'duplicate' },
    ]);
    expect((await c.get<{ weightRecords: unknown[] }>('/api/weight-records')).body.weightRecords).toHaveLength(1);
  });

  it('keeps a change stamped by a fast device clock, re-stamped with the server’s time, in the device’s order', async () => {
    const { c, device } = await signedInDevice();
    // The phone's clock is ten minutes fast: its mood of 2, then its mood of 4.
    const fast = new TestDevice(device.deviceId, () => Date.now() + 10 * 60_000);
    const first = fast.mutation('progress.set', { field: 'mood', value: 2 });
    const second = fast.mutation('progress.set', { field: 'mood', value: 4 });
    const response = await push(c, fast, [first, second]);
    expect(response.body.results.map((r) => r.status)).toEqual(['applied', 'applied']);
    const { body } = await pull(c);
    const day = body.changes.dailyProgress.find((d) => d.localDate === first.localDate);
    expect(day?.mood).toBe(4);
    // What is stored is the server's time, not the phone's future one.
    expect(parseHlc(day?.hlcs.mood ?? '')!.millis).toBeLessThanOrEqual(Date.now());
  });

  it('keeps a fast device’s order when its pushes, re-stamped, go through two instances whose clocks read the same', async () => {
    // Both instances read one frozen time: re-stamped on each alone, the second change would get
    // the very stamp the first got, and lose to it.
    const frozen = Date.now();
    const a = await createTestApp({ now: () => frozen });
    const b = openAnotherInstance(a);
    try {
      const [throughA, throughB] = [a.client(), b.client()];
      const user = await signIn(throughA, a.deps);
      expect((await throughB.post('/api/clients/login', { email: user.email, password: 'senha-forte-1' })).status).toBe(200);
      const fast = new TestDevice(undefined, () => frozen + 10 * 60_000);
      const first = fast.mutation('progress.set', { field: 'energy', value: 1 });
      const second = fast.mutation('progress.set', { field: 'energy', value: 2 });
      expect((await push(throughA, fast, [first])).body.results[0]?.status).toBe('applied');
      expect((await push(throughB, fast, [second])).body.results[0]?.status).toBe('applied');
      const day = (await pull(throughA)).body.changes.dailyProgress.find((d) => d.localDate === first.localDate);
      expect(day?.energy).toBe(2);
    } finally {
      await b.close();
      await a.close();
    }
  });

  it('keeps the order of edits made online through two instances whose clocks differ: the later wins though its instance’s clock reads behind', async () => {
    // Instance A's clock runs a minute fast. Stamped by each instance's own clock, an edit through
    // B after one through A would carry the earlier stamp and lose to it.
    const a = await createTestApp({ now: () => Date.now() + 60_000 });
    const b = openAnotherInstance(a, { now: () => Date.now() });
    try {
      const [throughA, throughB] = [a.client(), b.client()];
      const user = await signIn(throughA, a.deps);
      expect((await throughB.post('/api/clients/login', { email: user.email, password: 'senha-forte-1' })).status).toBe(200);
      expect((await throughA.put('/api/clients/profile', { motivation: 'Correr 5 km' })).status).toBe(200);
      expect((await throughB.put('/api/clients/profile', { motivation: 'Correr 10 km' })).status).toBe(200);
      expect((await throughA.post('/api/daily-progress/mood', { value: 2 })).status).toBe(200);
      expect((await throughB.post('/api/daily-progress/mood', { value: 4 })).status).toBe(200);
      const { body } = await pull(throughA);
      expect(body.changes.profile?.motivation).toBe('Correr 10 km');
      expect(body.changes.dailyProgress.map((day) => day.mood)).toEqual([4]);
    } finally {
      await b.close();
      await a.close();
    }
  });

  it('loses nothing after the user corrects a clock that ran fast (the device keeps its high clock)', async () => {
    const { c } = await signedInDevice();
    let skew = 10 * 60_000;
    const device = new TestDevice(undefined, () => Date.now() + skew);
    const beforeFix = device.mutation('progress.set', { field: 'mood', value: 2 });
    skew = 0; // the user sets the right time; the device's clock still remembers the fast one
    const afterFix = [device.mutation('progress.set', { field: 'energy', value: 5 }), device.mutation('progress.set', { field: 'mood', value: 3 }), device.addWeight(71.4)];
    const response = await push(c, device, [beforeFix, ...afterFix]);
    expect(response.body.results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied', 'applied']);
    const { body } = await pull(c);
    // Its own day, whatever the hour: near midnight the fast clock's mood lies on the next day.
    expect(body.changes.dailyProgress.find((d) => d.localDate === afterFix[0]!.localDate)).toMatchObject({ mood: 3, energy: 5 });
    expect(body.changes.weightRecords.map((r) => r.weight)).toEqual([71.4]);
  });

  it('files each change under the day the phone showed when it was made, across a fast clock’s midnight and its correction', async () => {
    // 23:55 in São Paulo on 23 November; the phone runs ten minutes fast and reads 00:05 on the 24th.
    // The day is the device's (ADR 007): what was logged on the 24th the phone showed stays there.
    const serverNow = Date.parse('2026-11-24T02:55:00Z');
    const late = await createTestApp({ now: () => serverNow });
    try {
      const c = late.client();
      await signIn(c, late.deps);
      let skew = 10 * 60_000;
      const device = new TestDevice(undefined, () => serverNow + skew);
      const beforeFix = device.mutation('progress.set', { field: 'mood', value: 2 });
      skew = 0;
      const afterFix = [device.mutation('progress.set', { field: 'mood', value: 3 }), device.mutation('progress.set', { field: 'energy', value: 5 })];
      const response = await push(c, device, [beforeFix, ...afterFix]);
      expect(response.body.results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied']);
      const { body } = await pull(c);
      const days = Object.fromEntries(body.changes.dailyProgress.map((d) => [d.localDate, { mood: d.mood, energy: d.energy }]));
      expect(days).toEqual({ '2026-11-24': { mood: 2, energy: 3 }, '2026-11-23': { mood: 3, energy: 5 } });
    } finally {
      await late.close();
    }
  });

  it('dates a weight recorded by a clock a day fast at the server’s time, not tomorrow', async () => {
    const { c } = await signedInDevice();
    const device = new TestDevice(undefined, () => Date.now() + 24 * 3_600_000);
    const record = device.addWeight(70.2);
    const before = Date.now();
    await push(c, device, [record]);
    const { body } = await pull(c);
    const createdAt = Date.parse(body.changes.weightRecords[0]!.createdAt);
    expect(createdAt).toBeGreaterThanOrEqual(before);
    expect(createdAt).toBeLessThanOrEqual(Date.now());
  });

  it('refuses every change dated by a calendar past tomorrow in UTC, which no time zone reaches (issue 46), and keeps one dated tomorrow', async () => {
    const { c, device } = await signedInDevice();
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const dayAfter = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const ahead = { localDate: dayAfter };
    const response = await push(c, device, [
      device.addWeight(70.2),
      device.mutation('progress.set', { field: 'mood', value: 4 }, ahead),
      device.mutation('progress.complete', {}, { localDate: '2099-01-05' }),
      device.mutation('message.send', { id: uuidv7(), createdAt: new Date().toISOString(), body: 'Oi' }, ahead),
      device.mutation('notification.read', { id: uuidv7() }, ahead),
      device.mutation('progress.set', { field: 'energy', value: 5 }, { localDate: tomorrow }),
    ]);
    expect(response.body.results.map((r) => (r.status === 'rejected' ? r.code : r.status))).toEqual(['applied', 'DEVICE_DATE_AHEAD', 'DEVICE_DATE_AHEAD', 'DEVICE_DATE_AHEAD', 'DEVICE_DATE_AHEAD', 'applied']);
    const { body } = await pull(c);
    expect(body.changes.dailyProgress.map((d) => d.localDate)).toEqual([tomorrow]);
    expect(body.changes.messages).toEqual([]);
  });

  it('lands a change made at 23:59 local time on that day even when pushed after midnight', async () => {
    const { c, device } = await signedInDevice();
    // Made on the device on 10 March at 23:59 in São Paulo; pushed (now) whenever the network came back.
    const late = device.mutation('progress.set', { field: 'workoutCompleted', value: true }, { localDate: '2026-03-10' });
    await push(c, device, [late]);
    const earlier = await c.get<{ progress: { workoutCompleted: boolean; localDate: string } }>('/api/daily-progress?date=2026-03-10');
    expect(earlier.body.progress).toMatchObject({ localDate: '2026-03-10', workoutCompleted: true });
    const next = await c.get<{ progress: { workoutCompleted: boolean } }>('/api/daily-progress?date=2026-03-11');
    expect(next.body.progress.workoutCompleted).toBe(false);
  });

  it('applies a day’s habits, a stale write and the completion in one batch, each seeing the ones before', async () => {
    const { c, device } = await signedInDevice();
    const date = '2026-03-12';
    const at = { localDate: date };
    const batch = [
      device.mutation('progress.set', { field: 'workoutCompleted', value: true }, at),
      device.mutation('progress.complete', {}, at), // too early: one point of three
      device.mutation('progress.set', { field: 'dietFollowed', value: true }, at),
      device.mutation('progress.set', { field: 'mood', value: 5 }, at),
      // An older timestamp for the same field: consumed, and loses to the mood of 5.
      device.mutation('progress.set', { field: 'mood', value: 1 }, { ...at, hlc: formatHlc({ millis: Date.UTC(2026, 0, 1), counter: 0, node: 'old' }) }),
      device.mutation('progress.complete', {}, at),
    ];
    const response = await push(c, device, batch);
    expect(response.body.results.map((r) => (r.status === 'rejected' ? r.code : r.status))).toEqual(['applied', 'DAY_NOT_COMPLETE', 'applied', 'applied', 'applied', 'applied']);
    const day = await c.get<{ progress: Record<string, unknown> }>(`/api/daily-progress?date=${date}`);
    expect(day.body.progress).toMatchObject({ workoutCompleted: true, dietFollowed: true, mood: 5, isCompleted: true });
    const pulled = await pull(c, 0, device.deviceId);
    expect(pulled.body.changes.dailyProgress.filter((d) => d.localDate === date)).toHaveLength(1);
  });

  it('refuses a device id that belongs to another user', async () => {
    const { c, device } = await signedInDevice();
    await push(c, device, [device.addWeight(70)]);
    const other = t.client();
    await signIn(other, t.deps);
    const response = await other.post<{ code: string }>('/api/sync/push', { deviceId: device.deviceId, mutations: [device.addWeight(70)] });
    expect(response.status).toBe(409);
    expect(response.body.code).toBe('DEVICE_CONFLICT');
  });

  it('answers a malformed batch with 400 and changes nothing', async () => {
    const { c, device } = await signedInDevice();
    for (const body of [{ deviceId: 'x', mutations: [] }, { deviceId: device.deviceId, mutations: 'nope' }, { deviceId: device.deviceId, mutations: [{ seq: 'one' }] }]) {
      const response = await c.post<{ code: string }>('/api/sync/push', body);
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('VALIDATION_FAILED');
    }
    expect((await pull(c, 0, device.deviceId)).body.lastSeq).toBe(0);
  });

  it('requires a session', async () => {
    expect((await t.client().post('/api/sync/push', { deviceId: 'abcdefgh', mutations: [] })).status).toBe(401);
    expect((await t.client().get('/api/sync/pull')).status).toBe(401);
  });
});

describe('weight.update: corrections of a weight record (ADR 015)', () => {
  type Weights = { weightRecords: { id: string; weight: number; notes: string | null; createdAt: string }[] };
  const weights = async (c: TestClient) => (await c.get<Weights>('/api/weight-records')).body.weightRecords;

  it('corrects the weight and the notes, keeps the id and the date, and the other devices pull the change', async () => {
    const { c, device } = await signedInDevice();
    const add = device.addWeight(452, { notes: 'em jejum' });
    await push(c, device, [add]);
    const { cursor } = (await pull(c, 0)).body;
    const response = await push(c, device, [device.mutation('weight.update', { id: add.args.id, weight: 45.2 })]);
    expect(response.body.results[0]?.status).toBe('applied');
    expect(await weights(c)).toEqual([{ id: add.args.id, weight: 45.2, notes: 'em jejum', createdAt: add.args.createdAt, deleted: false }]);
    const laptop = await pull(c, cursor);
    expect(laptop.body.changes.weightRecords).toEqual([expect.objectContaining({ id: add.args.id, weight: 45.2, notes: 'em jejum', deleted: false, hlcs: { weight: expect.any(String) } })]);
    await push(c, device, [device.mutation('weight.update', { id: add.args.id, notes: null })]);
    expect((await weights(c))[0]).toMatchObject({ weight: 45.2, notes: null });
  });

  it('two devices correct the same record offline: per field, the later write wins whatever arrives first', async () => {
    const { c, device: phone } = await signedInDevice();
    const laptop = new TestDevice();
    const add = phone.addWeight(80);
    await push(c, phone, [add]);
    const at = (millis: number, node: string) => ({ hlc: formatHlc({ millis, counter: 0, node }) });
    const earlier = phone.mutation('weight.update', { id: add.args.id, weight: 81, notes: 'celular' }, at(Date.now() - 60_000, phone.deviceId));
    const later = laptop.mutation('weight.update', { id: add.args.id, weight: 79.5 }, at(Date.now() - 30_000, laptop.deviceId));
    await push(c, laptop, [later]); // the later write arrives first
    await push(c, phone, [earlier]);
    expect((await weights(c))[0]).toMatchObject({ weight: 79.5, notes: 'celular' });
  });

  it('a correction of a deleted record changes nothing: the delete wins', async () => {
    const { c, device } = await signedInDevice();
    const add = device.addWeight(70);
    await push(c, device, [add, device.mutation('weight.delete', { id: add.args.id })]);
    const { cursor } = (await pull(c, 0)).body;
    const response = await push(c, device, [device.mutation('weight.update', { id: add.args.id, weight: 71 })]);
    expect(response.body.results[0]?.status).toBe('applied'); // consumed, a no-op
    expect(await weights(c)).toEqual([]);
    expect((await pull(c, cursor)).body.changes.weightRecords).toEqual([]);
  });

  it('refuses a correction of an unknown or another user’s record, and invalid weights', async () => {
    const mine = await signedInDevice();
    const theirs = await signedInDevice();
    const their = theirs.device.addWeight(60);
    await push(theirs.c, theirs.device, [their]);
    const response = await push(mine.c, mine.device, [
      mine.device.mutation('weight.update', { id: their.args.id, weight: 61 }),
      mine.device.mutation('weight.update', { id: uuidv7(), weight: 61 }),
      mine.device.mutation('weight.update', { id: their.args.id, weight: '0x40' as unknown as number }),
      mine.device.mutation('weight.update', { id: their.args.id }),
    ]);
    expect(response.body.results.map((r) => (r.status === 'rejected' ? r.code : r.status))).toEqual(['NOT_FOUND', 'NOT_FOUND', 'VALIDATION_FAILED', 'VALIDATION_FAILED']);
    expect((await weights(theirs.c))[0]?.weight).toBe(60);
  });

  it('undo of a delete: a copy with a new id and the same date, weight and notes; the tombstone stays', async () => {
    const { c, device } = await signedInDevice();
    const add = device.addWeight(45.2, { notes: 'manhã', createdAt: '2026-03-01T09:30:00.000Z' });
    await push(c, device, [add, device.mutation('weight.delete', { id: add.args.id })]);
    const copy = device.addWeight(45.2, { notes: 'manhã', createdAt: add.args.createdAt });
    await push(c, device, [copy]);
    expect(await weights(c)).toEqual([{ id: copy.args.id, weight: 45.2, notes: 'manhã', createdAt: '2026-03-01T09:30:00.000Z', deleted: false }]);
    const records = (await pull(c, 0)).body.changes.weightRecords;
    expect(records.find((r) => r.id === add.args.id)).toMatchObject({ deleted: true });
  });
});

describe('GET /api/sync/pull', () => {
  it('returns only the changes after the cursor, and the device lastSeq', async () => {
    const { c, device } = await signedInDevice();
    await push(c, device, [device.addWeight(90), device.addWeight(89.5)]);
    const full = await pull(c, 0, device.deviceId);
    expect(full.body.lastSeq).toBe(2);
    expect(full.body.changes.weightRecords.map((r) => r.weight).sort()).toEqual([89.5, 90]);
    expect(full.body.changes.profile?.email).toBeDefined();
    const cursor = full.body.cursor;
    await push(c, device, [device.addWeight(89)]);
    const incremental = await pull(c, cursor);
    expect(incremental.body.changes.weightRecords.map((r) => r.weight)).toEqual([89]);
    expect(incremental.body.changes.profile).toBeNull();
    expect(incremental.body.cursor).toBeGreaterThan(cursor);
    const nothing = await pull(c, incremental.body.cursor);
    expect(nothing.body.changes.weightRecords).toEqual([]);
  });

  it('never shows another user’s rows', async () => {
    const mine = await signedInDevice();
    const theirs = await signedInDevice();
    await push(theirs.c, theirs.device, [theirs.device.addWeight(123.4), theirs.device.mutation('progress.set', { field: 'mood', value: 5 })]);
    const response = await pull(mine.c, 0);
    expect(response.body.changes.weightRecords).toEqual([]);
    expect(response.body.changes.dailyProgress).toEqual([]);
    expect(response.body.changes.profile?.id).toBe(mine.user.id);
  });

  it('sends deletions as tombstones', async () => {
    const { c, device } = await signedInDevice();
    const add = device.addWeight(77);
    await push(c, device, [add]);
    const { cursor } = (await pull(c, 0)).body;
    await push(c, device, [device.mutation('weight.delete', { id: add.args.id })]);
    const response = await pull(c, cursor);
    expect(response.body.changes.weightRecords).toEqual([expect.objectContaining({ id: add.args.id, deleted: true })]);
  });

  it('asks for a full resync when the cursor is ahead of the server', async () => {
    const { c } = await signedInDevice();
    const response = await pull(c, 10_000_000);
    expect(response.body.reset).toBe(true);
    expect(response.body.cursor).toBe(0);
  });

  it('pages a large history and the pages add up to all of it', async () => {
    const { c, device } = await signedInDevice();
    const batch = Array.from({ length: 1200 }, (_, i) => device.addWeight(60 + (i % 100) / 10));
    expect((await push(c, device, batch.slice(0, 1000))).body.lastSeq).toBe(1000);
    expect((await push(c, device, batch.slice(1000))).body.lastSeq).toBe(1200);
    const seen = new Set<string>();
    let cursor = 0;
    let pages = 0;
    for (;;) {
      const { body } = await pull(c, cursor);
      body.changes.weightRecords.forEach((r) => seen.add(r.id));
      cursor = body.cursor;
      pages += 1;
      if (!body.hasMore) break;
    }
    expect(pages).toBeGreaterThan(2);
    expect(seen.size).toBe(1200);
  });

  it('rejects a bad cursor', async () => {
    const { c } = await signedInDevice();
    for (const cursor of ['-1', 'abc', '1e3', '99999999999999999999']) {
      expect((await c.get(`/api/sync/pull?cursor=${cursor}`)).status).toBe(400);
    }
  });
});
