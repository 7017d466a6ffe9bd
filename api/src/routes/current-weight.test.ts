import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness.ts';
import { buildRegistration, TestDevice } from '../../test/factories.ts';

/** Issue 17 (3): the current weight is the latest record's everywhere; the registration weight is the starting point (ADR 018). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Client = { currentWeight: number | null; startingWeight: number | null; name: string };
type Weights = { weightRecords: { weight: number; createdAt: string }[] };

async function registeredAt(weight: number) {
  const c = t.client();
  expect((await c.post('/api/clients/register', buildRegistration({ currentWeight: weight }))).status).toBe(201);
  return c;
}
const me = async (c: TestClient) => (await c.get<{ client: Client }>('/api/clients/me')).body.client;
const weights = async (c: TestClient) => (await c.get<Weights>('/api/weight-records')).body.weightRecords.map((r) => r.weight);
const pullProfile = async (c: TestClient) => (await c.get<{ changes: { profile: Client } }>('/api/sync/pull?cursor=0')).body.changes.profile;

describe('the current weight (issue 17, 3)', () => {
  it('is the registration weight until the first record, then the latest record’s, in /me and in a pull', async () => {
    const c = await registeredAt(78.4);
    expect(await me(c)).toMatchObject({ currentWeight: 78.4, startingWeight: 78.4 });
    await c.post('/api/weight-records', { weight: 77.2 });
    expect(await me(c)).toMatchObject({ currentWeight: 77.2, startingWeight: 78.4 });
    expect(await pullProfile(c)).toMatchObject({ currentWeight: 77.2, startingWeight: 78.4 });
  });

  it('follows a deleted latest record back to the one before it', async () => {
    const c = await registeredAt(80);
    const device = new TestDevice();
    const first = device.addWeight(79.5, { createdAt: '2026-01-01T10:00:00.000Z' });
    const second = device.addWeight(79, { createdAt: '2026-01-02T10:00:00.000Z' });
    await c.post('/api/sync/push', { deviceId: device.deviceId, mutations: [first, second, device.mutation('weight.delete', { id: second.args.id })] });
    expect((await me(c)).currentWeight).toBe(79.5);
  });

  it('a profile save of other fields (REST or sync) leaves the weight as the latest record says', async () => {
    const c = await registeredAt(78.4);
    await c.post('/api/weight-records', { weight: 77.2 });
    const saved = await c.put<{ client: Client }>('/api/clients/profile', { name: 'Nome Novo' });
    expect(saved.body.client).toMatchObject({ name: 'Nome Novo', currentWeight: 77.2, startingWeight: 78.4 });
    const device = new TestDevice();
    await c.post('/api/sync/push', { deviceId: device.deviceId, mutations: [device.mutation('profile.update', { fields: { name: 'Outro Nome' } })] });
    expect(await me(c)).toMatchObject({ currentWeight: 77.2, startingWeight: 78.4 });
  });

  it('a profile save made before a newer record (an offline device) never overwrites it nor the starting point', async () => {
    const c = await registeredAt(78.4);
    const offline = new TestDevice('dev_offline_profile', () => Date.now() - 3_600_000);
    const staleSave = offline.mutation('profile.update', { fields: { currentWeight: 78.4 } });
    await c.post('/api/weight-records', { weight: 77.2 });
    expect((await c.post<{ results: { status: string }[] }>('/api/sync/push', { deviceId: offline.deviceId, mutations: [staleSave] })).body.results[0]?.status).toBe('applied');
    expect(await me(c)).toMatchObject({ currentWeight: 77.2, startingWeight: 78.4 });
    expect(await weights(c)).toEqual([77.2]);
  });

  it('a weight typed in a profile save, newer than every record, is a weigh-in: a record, the starting point kept', async () => {
    const c = await registeredAt(78.4);
    await c.post('/api/weight-records', { weight: 77.2 });
    await c.put('/api/clients/profile', { name: 'Nome', currentWeight: '76,9' });
    expect(await me(c)).toMatchObject({ currentWeight: 76.9, startingWeight: 78.4 });
    expect(await weights(c)).toEqual([76.9, 77.2]);
    await c.put('/api/clients/profile', { name: 'Nome', currentWeight: 76.9 }); // the same weight sent back: nothing new
    expect(await weights(c)).toEqual([76.9, 77.2]);
  });
});
