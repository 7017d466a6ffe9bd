import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { buildRegistration, TestDevice } from '../../test/factories.ts';

/** Issue 17 (5): every registration answer can be changed later, and an optional one taken back. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const answers = {
  phone: '+55 11 98765-4321', birthDate: '1990-05-14', gender: 'female', timeFrame: 'sixMonths', motivation: 'Correr com meus filhos', previousAttempts: 'Dieta da sopa',
  highestWeight: 95, lowestWeight: 60, dietaryRestrictions: ['vegetarian'], medicalConditions: ['hypertension'],
};
const cleared = { phone: null, birthDate: null, gender: null, timeFrame: null, motivation: null, previousAttempts: null, highestWeight: null, lowestWeight: null, dietaryRestrictions: [], medicalConditions: [] };

async function registeredWithAnswers() {
  const c = t.client();
  expect((await c.post('/api/clients/register', buildRegistration(answers))).status).toBe(201);
  return c;
}
const me = async (c: ReturnType<TestApp['client']>) => (await c.get<{ client: Record<string, unknown> }>('/api/clients/me')).body.client;

describe('taking back registration answers', () => {
  it('clears every optional answer sent as null through sync, on the server and in the next pull', async () => {
    const c = await registeredWithAnswers();
    expect(await me(c)).toMatchObject(answers);
    const device = new TestDevice();
    const push = await c.post<{ results: { status: string }[] }>('/api/sync/push', { deviceId: device.deviceId, mutations: [device.mutation('profile.update', { fields: cleared })] });
    expect(push.body.results[0]?.status).toBe('applied');
    expect(await me(c)).toMatchObject(cleared);
    const pulled = (await c.get<{ changes: { profile: Record<string, unknown> } }>('/api/sync/pull?cursor=0')).body.changes.profile;
    expect(pulled).toMatchObject(cleared);
  });

  it('clears them through PUT /profile too, and changes the rest of the answers', async () => {
    const c = await registeredWithAnswers();
    const saved = await c.put<{ client: Record<string, unknown> }>('/api/clients/profile', { motivation: null, phone: null, weeklyWeightGoal: '0,75', timeFrame: 'oneYear', dietaryRestrictions: ['vegan', 'glutenFree'] });
    expect(saved.status).toBe(200);
    expect(saved.body.client).toMatchObject({ motivation: null, phone: null, weeklyWeightGoal: 0.75, timeFrame: 'oneYear', dietaryRestrictions: ['vegan', 'glutenFree'], previousAttempts: answers.previousAttempts });
  });

  it('refuses to clear a required answer with a 400 in the user’s language (Portuguese, as registered), changing nothing', async () => {
    const c = await registeredWithAnswers();
    const before = await me(c);
    const refused = await c.put<{ code: string; details: { field: string; message: string }[] }>('/api/clients/profile', { height: null, motivation: null });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('VALIDATION_FAILED');
    expect(refused.body.details).toEqual([expect.objectContaining({ field: 'height', code: 'validation.required', message: 'Campo obrigatório' })]);
    expect(await me(c)).toEqual(before);
  });
});

describe('an answer the profile does not have', () => {
  it('is refused through sync as through PUT /profile, the whole change with it: nothing is applied in part, and the device is told', async () => {
    const c = await registeredWithAnswers();
    const before = await me(c);
    const device = new TestDevice();
    const fields = { name: 'Ana Outra', role: 'admin' } as unknown as { name: string };
    const push = await c.post<{ results: { status: string; code?: string }[] }>('/api/sync/push', { deviceId: device.deviceId, mutations: [device.mutation('profile.update', { fields })] });
    expect(push.body.results.map((r) => r.code ?? r.status)).toEqual(['VALIDATION_FAILED']);
    const put = await c.put<{ code: string }>('/api/clients/profile', fields);
    expect(put.status).toBe(400);
    expect(await me(c)).toEqual(before);
  });
});
