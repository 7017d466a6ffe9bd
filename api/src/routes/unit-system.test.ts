import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness.ts';
import { buildRegistration, TestDevice } from '../../test/factories.ts';

/** Issue 17 (2), ADR 020: a unit preference defaulting from the country; measures stored in kg and cm. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Client = { unitSystem: string; currentWeight: number; targetWeight: number; height: number; weeklyWeightGoal: number };
const me = async (c: TestClient) => (await c.get<{ client: Client }>('/api/clients/me')).body.client;

async function registered(overrides: Record<string, unknown> = {}) {
  const c = t.client();
  const response = await c.post<{ client: Client }>('/api/clients/register', buildRegistration(overrides));
  expect(response.status).toBe(201);
  return { c, client: response.body.client };
}

describe('unit preference', () => {
  it.each([
    ['US', 'us'],
    ['BR', 'metric'],
    ['AR', 'metric'],
  ])('follows the country %s (%s) unless one is chosen', async (countryCode, unitSystem) => {
    expect((await registered({ countryCode })).client.unitSystem).toBe(unitSystem);
    expect((await registered({ countryCode, unitSystem: unitSystem === 'us' ? 'metric' : 'us' })).client.unitSystem).toBe(unitSystem === 'us' ? 'metric' : 'us');
  });

  it('keeps a registration typed in pounds and feet as kg and cm that read back as typed', async () => {
    // 170.3 lb, 5 ft 6 in, goal 150 lb, 1 lb a week: what the US form sends.
    const { client } = await registered({ countryCode: 'US', currentWeight: 77.25, height: 167.6, targetWeight: 68.04, weeklyWeightGoal: 0.45 });
    expect(client).toMatchObject({ unitSystem: 'us', currentWeight: 77.25, height: 167.6, targetWeight: 68.04, weeklyWeightGoal: 0.45 });
  });

  it('refuses a kg figure nobody typed (84.25) and a unit system it does not know, in the user’s language, changing nothing', async () => {
    const { c } = await registered({ countryCode: 'US', preferredLanguage: 'en-US' });
    const before = await me(c);
    const refused = await c.put<{ code: string; details: { field: string; message: string }[] }>('/api/clients/profile', { targetWeight: 84.25, unitSystem: 'imperial' });
    expect(refused.status).toBe(400);
    expect(refused.body.details.map((d) => d.field).sort()).toEqual(['targetWeight', 'unitSystem']);
    expect(refused.body.details.every((d) => /[a-z]/.test(d.message) && !d.message.startsWith('validation.'))).toBe(true);
    expect(await me(c)).toEqual(before);
  });

  it('is changed offline through sync like any answer, refuses null, and a second device pulls it', async () => {
    const { c } = await registered({ countryCode: 'BR' });
    const device = new TestDevice();
    const push = await c.post<{ results: { status: string; code?: string }[] }>('/api/sync/push', {
      deviceId: device.deviceId,
      mutations: [device.mutation('profile.update', { fields: { unitSystem: 'us' } }), device.mutation('profile.update', { fields: { unitSystem: null } as unknown as { unitSystem: 'us' } })],
    });
    expect(push.body.results.map((r) => r.code ?? r.status)).toEqual(['applied', 'VALIDATION_FAILED']);
    const pulled = (await c.get<{ changes: { profile: Client } }>('/api/sync/pull?cursor=0')).body.changes.profile;
    expect(pulled.unitSystem).toBe('us');
  });

  it('takes a weigh-in typed in pounds through sync and REST, stored as the kg that read back as typed', async () => {
    const { c } = await registered({ countryCode: 'US' });
    const device = new TestDevice();
    const push = await c.post<{ results: { status: string }[] }>('/api/sync/push', { deviceId: device.deviceId, mutations: [device.addWeight(77.25)] });
    expect(push.body.results[0]?.status).toBe('applied');
    expect((await c.post('/api/weight-records', { weight: '84,23' })).status).toBe(201);
    expect((await c.post('/api/weight-records', { weight: '84,25' })).status).toBe(400);
    const records = (await c.get<{ weightRecords: { weight: number }[] }>('/api/weight-records')).body.weightRecords;
    expect(records.map((r) => r.weight).sort()).toEqual([77.25, 84.23]);
  });
});
