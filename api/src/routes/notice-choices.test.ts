import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileDto } from '#protocol/contract/clients.ts';
import { DEFAULT_NOTICE_CHOICES, noticeChoicesOf } from '#protocol/domain/notice-choices.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness.ts';
import { buildRegistration, TestDevice } from '../../test/factories.ts';

/**
 * Issue 50, part 6 (ADR 032): what a person is told, and when, are profile fields on the server,
 * changed through the sync engine like any other, merged per kind and channel, pulled by every
 * device; Settings' "tips" is gone.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Results = { results: { status: string; code?: string }[] };
const pullProfile = async (c: TestClient) => (await c.get<{ changes: { profile: ProfileDto } }>('/api/sync/pull?cursor=0')).body.changes.profile;

async function registered(overrides: Record<string, unknown> = {}, locale?: string) {
  const c = t.client({ locale });
  expect((await c.post('/api/clients/register', buildRegistration(overrides))).status).toBe(201);
  return c;
}

describe('notice choices on the profile', () => {
  it('start with nothing chosen, so the defaults stand: every notice by push, money and a plan’s end by e-mail too', async () => {
    const c = await registered();
    const { client } = (await c.get<{ client: ProfileDto }>('/api/clients/me')).body;
    // The profile keeps what the person chose: nothing yet, so every default stands.
    expect(client).toMatchObject({ notices: {}, timeZone: null, weighInTime: null, weighInDays: null, quietStart: null, quietEnd: null });
    expect(noticeChoicesOf(client.notices)).toEqual(DEFAULT_NOTICE_CHOICES);
    expect(DEFAULT_NOTICE_CHOICES.weighIn).toEqual({ push: true, email: false });
    expect(client.notices).not.toHaveProperty('tips');
  });

  it('keeps both switches two offline devices turned off for one kind, and the later of two changes to the same switch', async () => {
    const c = await registered();
    // The phone's changes were made a minute before the laptop's, but reach the server after them.
    const phone = new TestDevice(undefined, () => Date.now() - 60_000);
    const laptop = new TestDevice();
    const phoneChanges = [phone.mutation('profile.update', { fields: { notices: { weighIn: { push: false }, coachMessage: { email: true } } } })];
    const laptopChanges = [laptop.mutation('profile.update', { fields: { notices: { weighIn: { email: true }, coachMessage: { email: false } } } })];
    expect((await c.post<Results>('/api/sync/push', { deviceId: laptop.deviceId, mutations: laptopChanges })).body.results[0]?.status).toBe('applied');
    expect((await c.post<Results>('/api/sync/push', { deviceId: phone.deviceId, mutations: phoneChanges })).body.results[0]?.status).toBe('applied');

    const profile = await pullProfile(c);
    const choices = noticeChoicesOf(profile.notices);
    expect(choices.weighIn).toEqual({ push: false, email: true });
    expect(choices.coachMessage).toEqual({ push: true, email: false });
    expect(choices.payment).toEqual(DEFAULT_NOTICE_CHOICES.payment);
    expect(Object.keys(profile.profileHlcs)).toEqual(expect.arrayContaining(['notices.weighIn.push', 'notices.weighIn.email', 'notices.coachMessage.email']));
  });

  it('takes the weigh-in time and days, quiet hours and a zone by its canonical name, through sync and through PUT /profile', async () => {
    const c = await registered({ countryCode: 'US' });
    const device = new TestDevice();
    const push = await c.post<Results>('/api/sync/push', {
      deviceId: device.deviceId,
      mutations: [device.mutation('profile.update', { fields: { timeZone: 'america/new_york', weighInTime: '06:45', weighInDays: [1, 3, 5] } })],
    });
    expect(push.body.results[0]?.status).toBe('applied');
    expect((await c.put('/api/clients/profile', { quietStart: '23:30', quietEnd: '06:00' })).status).toBe(200);
    expect(await pullProfile(c)).toMatchObject({ timeZone: 'America/New_York', weighInTime: '06:45', weighInDays: [1, 3, 5], quietStart: '23:30', quietEnd: '06:00' });
  });

  it('refuses a kind that does not exist (tips), a switch that is not a boolean, an unknown zone, a time past 23:59 and a weekday twice, in the person’s language, changing nothing', async () => {
    const c = await registered({ countryCode: 'AR', preferredLanguage: 'es-AR' }, 'es-AR');
    const before = (await c.get<{ client: ProfileDto }>('/api/clients/me')).body.client;
    const bodies = [
      { notices: { tips: { push: false } } },
      { notices: { weighIn: { push: 'no' } } },
      { notices: { weighIn: { sms: true } } },
      { timeZone: 'Mars/Olympus_Mons' },
      { weighInTime: '24:00' },
      { quietEnd: 700 },
      { weighInDays: [1, 1] },
      { weighInDays: [7] },
    ];
    for (const body of bodies) {
      const refused = await c.put<{ code: string; details: { field: string; message: string }[] }>('/api/clients/profile', body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.code).toBe('VALIDATION_FAILED');
      expect(refused.body.details[0]?.message, JSON.stringify(body)).not.toMatch(/^validation\./);
    }
    const zone = await c.put<{ details: { message: string }[] }>('/api/clients/profile', { timeZone: 'Mars/Olympus_Mons' });
    expect(zone.body.details[0]?.message).toBe('Opción inválida');

    const device = new TestDevice();
    const push = await c.post<Results>('/api/sync/push', { deviceId: device.deviceId, mutations: [device.mutation('profile.update', { fields: { notices: { tips: { push: false } } } as never })] });
    expect(push.body.results[0]?.code).toBe('VALIDATION_FAILED');
    expect((await c.get<{ client: ProfileDto }>('/api/clients/me')).body.client).toEqual(before);
  });
});

describe('the person’s zone', () => {
  it('is taken from their first device’s first push when they have none, and never replaces one they chose', async () => {
    const c = await registered({ countryCode: 'AR' });
    const phone = new TestDevice(undefined, Date.now, 'america/argentina/cordoba');
    await c.post('/api/sync/push', { deviceId: phone.deviceId, mutations: [phone.addWeight(70)] });
    expect((await c.get<{ client: ProfileDto }>('/api/clients/me')).body.client.timeZone).toBe('America/Cordoba');

    expect((await c.put('/api/clients/profile', { timeZone: 'America/Sao_Paulo' })).status).toBe(200);
    const laptop = new TestDevice(undefined, Date.now, 'Europe/Lisbon');
    await c.post('/api/sync/push', { deviceId: laptop.deviceId, mutations: [laptop.addWeight(69.5)] });
    expect((await c.get<{ client: ProfileDto }>('/api/clients/me')).body.client.timeZone).toBe('America/Sao_Paulo');
  });
});
