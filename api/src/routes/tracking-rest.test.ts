import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '#protocol/ids.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { signIn, TestDevice } from '../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type ErrorResponse = { error: string; code: string; details?: { field: string; code: string; message: string }[] };
type Progress = { progress: Record<string, unknown> & { monthlyProgress: { percentage: number; daysCompleted: number; totalDaysInMonth: number } } };

describe('weight records (REST)', () => {
  it('records a weight, trims notes, lists newest first', async () => {
    const c = t.client();
    await signIn(c, t.deps);
    const first = await c.post<{ weightRecord: { id: string; weight: number; notes: string | null } }>('/api/weight-records', { weight: 82.5, notes: '  em jejum  ' });
    expect(first.status).toBe(201);
    expect(first.body.weightRecord).toMatchObject({ weight: 82.5, notes: 'em jejum' });
    await c.post('/api/weight-records', { weight: '81,9', notes: '   ' });
    const list = await c.get<{ weightRecords: { weight: number; notes: string | null }[] }>('/api/weight-records');
    expect(list.body.weightRecords.map((r) => [r.weight, r.notes])).toEqual([[81.9, null], [82.5, 'em jejum']]);
  });

  it('lists what the last write left, however it came: REST, a sync push or a deletion from another device', async () => {
    const c = t.client();
    await signIn(c, t.deps);
    const weights = async () => (await c.get<{ weightRecords: { id: string; weight: number }[] }>('/api/weight-records')).body.weightRecords;
    expect(await weights()).toEqual([]);
    const rest = (await c.post<{ weightRecord: { id: string } }>('/api/weight-records', { weight: 80 })).body.weightRecord;
    expect((await weights()).map((r) => r.weight)).toEqual([80]);
    const device = new TestDevice();
    const added = device.addWeight(79.5);
    await c.post('/api/sync/push', { deviceId: device.deviceId, mutations: [added] });
    expect((await weights()).map((r) => r.weight).sort()).toEqual([79.5, 80]);
    await c.post('/api/sync/push', { deviceId: device.deviceId, mutations: [device.mutation('weight.delete', { id: rest.id })] });
    expect((await weights()).map((r) => r.weight)).toEqual([79.5]);
    expect(await weights()).toEqual(await weights()); // read twice, unchanged
  });

  it.each([
    [{}, 'validation.weightRequired', 'Por favor, informe seu peso atual.'],
    [{ weight: '' }, 'validation.weightRequired', 'Por favor, informe seu peso atual.'],
    [{ weight: 0 }, 'validation.weightInvalid', 'Por favor, informe um peso válido.'],
    [{ weight: -3 }, 'validation.weightInvalid', 'Por favor, informe um peso válido.'],
    [{ weight: 500.1 }, 'validation.weightInvalid', 'Por favor, informe um peso válido.'],
    [{ weight: 'abc' }, 'validation.weightInvalid', 'Por favor, informe um peso válido.'],
    [{ weight: [70] }, 'validation.weightInvalid', 'Por favor, informe um peso válido.'],
    // One rule on every path (ADR 015): none of these is stored as something else.
    [{ weight: 0.04 }, 'validation.weightInvalid', 'Por favor, informe um peso válido.'],
    [{ weight: '0x40' }, 'validation.weightInvalid', 'Por favor, informe um peso válido.'],
    [{ weight: '1e2' }, 'validation.weightInvalid', 'Por favor, informe um peso válido.'],
    [{ weight: '84.25' }, 'validation.weightInvalid', 'Por favor, informe um peso válido.'],
    [{ weight: 82.45 }, 'validation.weightInvalid', 'Por favor, informe um peso válido.'],
    [{ weight: '1.000' }, 'validation.weightInvalid', 'Por favor, informe um peso válido.'],
    [{ weight: '0,9' }, 'validation.weightInvalid', 'Por favor, informe um peso válido.'],
    [{ weight: 'Infinity' }, 'validation.weightInvalid', 'Por favor, informe um peso válido.'],
    [{ weight: '+84' }, 'validation.weightInvalid', 'Por favor, informe um peso válido.'],
  ])('rejects %j with the SPEC message', async (body, key, message) => {
    const c = t.client();
    await signIn(c, t.deps);
    const response = await c.post<ErrorResponse>('/api/weight-records', body);
    expect(response.status).toBe(400);
    expect(response.body.details?.[0]).toEqual({ field: 'weight', code: key, message });
    expect((await c.get<{ weightRecords: unknown[] }>('/api/weight-records')).body.weightRecords).toEqual([]);
  });

  it.each([
    [' 84,2 ', 84.2],
    ['45,2', 45.2],
    ['45.2', 45.2],
    [1, 1],
    ['500', 500],
  ])('stores %j as %j kg', async (weight, stored) => {
    const c = t.client();
    await signIn(c, t.deps);
    const response = await c.post<{ weightRecord: { weight: number } }>('/api/weight-records', { weight });
    expect(response.status).toBe(201);
    expect(response.body.weightRecord.weight).toBe(stored);
  });

  it('rejects notes that are not text or too long, and unknown fields', async () => {
    const c = t.client();
    await signIn(c, t.deps);
    expect((await c.post<ErrorResponse>('/api/weight-records', { weight: 70, notes: 'x'.repeat(501) })).body.details?.[0]?.field).toBe('notes');
    expect((await c.post<ErrorResponse>('/api/weight-records', { weight: 70, notes: 5 })).status).toBe(400);
    expect((await c.post<ErrorResponse>('/api/weight-records', { weight: 70, userId: 'someone' })).body.details?.[0]?.code).toBe('validation.unknownField');
  });
});

describe('daily progress (REST)', () => {
  it('answers the SPEC shape for today with the month', async () => {
    const c = t.client();
    await signIn(c, t.deps);
    const response = await c.get<Progress>('/api/daily-progress?date=2024-02-10');
    expect(response.body.progress).toEqual({
      localDate: '2024-02-10', workoutCompleted: false, dietFollowed: false, mood: 3, energy: 3, isCompleted: false, points: 0, percent: 0,
      hasWorkoutToday: false, hasDietToday: false, monthlyProgress: { percentage: 0, daysCompleted: 0, totalDaysInMonth: 29 },
    });
  });

  it('keeps the original meaning with an empty body: workout and diet toggle, mood and energy take their value', async () => {
    const c = t.client();
    await signIn(c, t.deps);
    await c.post('/api/daily-progress/workout');
    await c.post('/api/daily-progress/diet');
    await c.post('/api/daily-progress/diet');
    await c.post('/api/daily-progress/mood', { mood: 4 });
    const today = await c.get<Progress>('/api/daily-progress');
    expect(today.body.progress).toMatchObject({ workoutCompleted: true, dietFollowed: false, mood: 4, energy: 3, points: 2, percent: 67 });
  });

  it('is exact and idempotent with { value, localDate, hlc }, completes the day and then locks it', async () => {
    const c = t.client();
    await signIn(c, t.deps);
    const day = { localDate: '2026-05-04' };
    const hlc = new TestDevice().clock.now(); // a device's stamp, as the app sends it
    for (let i = 0; i < 2; i++) await c.post('/api/daily-progress/workout', { ...day, value: true, hlc });
    await c.post('/api/daily-progress/diet', { ...day, value: true });
    await c.post('/api/daily-progress/energy', { ...day, value: 5 });
    const done = await c.post<Progress>('/api/daily-progress/complete', day);
    expect(done.status).toBe(200);
    expect(done.body.progress).toMatchObject({ isCompleted: true, points: 3, percent: 100, monthlyProgress: { daysCompleted: 1, totalDaysInMonth: 31, percentage: 3 } });
    const locked = await c.post<ErrorResponse>('/api/daily-progress/mood', { ...day, value: 1 });
    expect(locked.status).toBe(409);
    expect(locked.body.code).toBe('DAY_LOCKED');
  });

  it('refuses a day past tomorrow in UTC, which no time zone reaches (issue 46), in the caller’s language, and changes nothing', async () => {
    const c = t.client({ locale: 'es-AR' });
    const user = await signIn(c, t.deps);
    for (const url of ['/api/daily-progress/mood', '/api/daily-progress/complete']) {
      const refused = await c.post<ErrorResponse>(url, { localDate: '2099-01-05', value: 3 });
      expect(refused.status, url).toBe(400);
      expect(refused.body).toEqual({ code: 'DEVICE_DATE_AHEAD', error: expect.stringMatching(/fecha/) });
    }
    expect(await t.deps.dailyProgress.day(user.id, '2099-01-05')).toBeUndefined();
  });

  it('refuses to complete a day that does not meet the rule', async () => {
    const c = t.client();
    await signIn(c, t.deps);
    const response = await c.post<ErrorResponse>('/api/daily-progress/complete', { localDate: '2026-05-05' });
    expect(response.status).toBe(409);
    expect(response.body.code).toBe('DAY_NOT_COMPLETE');
  });

  it.each([
    ['/api/daily-progress/mood', { value: 6 }, 'value'],
    ['/api/daily-progress/mood', { mood: 0 }, 'mood'],
    ['/api/daily-progress/energy', { value: 2.5 }, 'value'],
    ['/api/daily-progress/workout', { value: 'yes' }, 'value'],
    ['/api/daily-progress/workout', { value: true, localDate: '2026-02-30' }, 'localDate'],
    ['/api/daily-progress/diet', { value: true, timeZone: 'Mars/Olympus' }, 'timeZone'],
    ['/api/daily-progress/diet', { value: true, hlc: 'yesterday' }, 'hlc'],
  ])('validates %s %j', async (path, body, field) => {
    const c = t.client();
    await signIn(c, t.deps);
    const response = await c.post<ErrorResponse>(path, body);
    expect(response.status).toBe(400);
    expect(response.body.details?.[0]?.field).toBe(field);
  });
});

describe('notifications (REST)', () => {
  it('lists the user’s notifications and marks one read, once and for good', async () => {
    const c = t.client();
    const user = await signIn(c, t.deps);
    const id = uuidv7();
    await t.deps.notifications.add(user.id, { id, type: 'diet_published', title: 'Nova dieta', message: 'Sua dieta foi publicada' });
    const list = await c.get<{ notifications: { id: string; read: boolean }[] }>('/api/notifications');
    expect(list.body.notifications).toEqual([expect.objectContaining({ id, read: false, type: 'diet_published' })]);
    for (let i = 0; i < 2; i++) {
      const read = await c.request<{ notification: { read: boolean } }>('PATCH', `/api/notifications/${id}/read`);
      expect(read.status).toBe(200);
      expect(read.body.notification.read).toBe(true);
    }
  });

  it('answers 404 for someone else’s notification or a bad id', async () => {
    const owner = t.client();
    const ownerUser = await signIn(owner, t.deps);
    const id = uuidv7();
    await t.deps.notifications.add(ownerUser.id, { id, type: 'other', title: 't', message: 'm' });
    const stranger = t.client();
    await signIn(stranger, t.deps);
    expect((await stranger.request('PATCH', `/api/notifications/${id}/read`)).status).toBe(404);
    expect((await stranger.request('PATCH', '/api/notifications/not-an-id/read')).status).toBe(404);
    expect((await owner.get<{ notifications: { read: boolean }[] }>('/api/notifications')).body.notifications[0]?.read).toBe(false);
  });
});
