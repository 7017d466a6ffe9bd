/**
 * The LGPD consent for health data (issue 22, part 4): given only by the person, recorded with its
 * date, required for what it covers, and withdrawn with that data erased on the server and on
 * every device.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientDto } from '#protocol/contract/clients.ts';
import { HEALTH_CONSENT_VERSION } from '#protocol/domain/health-consent.ts';
import { uuidv7 } from '#protocol/ids.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness.ts';
import { aCheckIn, buildRegistration, createUser, outcomesOf as outcomes, pullFrom as pull, pushFrom as push, signIn, storePhoto, TestDevice } from '../../test/factories.ts';

// Saturday 28 November 2026, 15:00 UTC: the week of aCheckIn's default.
const world = { now: Date.UTC(2026, 10, 28, 15, 0) };
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => world.now });
});
afterAll(() => t.close());

const consentLog = (userId: string) => t.deps.database.sql.all('SELECT action, version, locale, at FROM health_consents WHERE user_id = ? ORDER BY id', [userId]);
const me = async (c: TestClient) => (await c.get<{ client: ClientDto }>('/api/clients/me')).body.client;

/** Everything the consent covers, recorded by `device`: a measurement, a check-in and medical conditions. */
const healthData = (device: TestDevice) => [
  device.mutation('measurement.add', { id: uuidv7(), createdAt: new Date(world.now).toISOString(), waist: 84 }),
  device.mutation('checkin.submit', aCheckIn({ createdAt: new Date(world.now).toISOString() })),
  device.mutation('profile.update', { fields: { medicalConditions: ['diabetes'] } }),
];

describe('registration', () => {
  it('records a consent given with the date, the wording’s version and the language it was read in', async () => {
    const c = t.client();
    const response = await c.post<{ client: ClientDto }>('/api/clients/register', buildRegistration({ countryCode: 'AR', medicalConditions: ['diabetes'], healthConsentLocale: 'es-AR' }));
    expect(response.status).toBe(201);
    expect(response.body.client.healthConsentAt).toBe('2026-11-28T15:00:00.000Z');
    expect(await consentLog(response.body.client.id)).toEqual([{ action: 'given', version: HEALTH_CONSENT_VERSION, locale: 'es-AR', at: world.now }]);
  });

  it('records the language of the form’s wording, not the profile’s: the one the app sends, else the request’s', async () => {
    const read = await t.client().post<{ client: ClientDto }>('/api/clients/register', buildRegistration({ countryCode: 'BR', healthConsentLocale: 'en-US' }), { 'accept-language': 'pt-BR' });
    expect(read.status).toBe(201);
    expect(read.body.client.preferredLanguage).toBe('pt-BR');
    expect(await consentLog(read.body.client.id)).toEqual([expect.objectContaining({ action: 'given', locale: 'en-US' })]);
    // An app from before the field: the language of its request, which is its interface's.
    const older = await t.client().post<{ client: ClientDto }>('/api/clients/register', buildRegistration({ countryCode: 'BR' }), { 'accept-language': 'es-AR' });
    expect(await consentLog(older.body.client.id)).toEqual([expect.objectContaining({ action: 'given', locale: 'es-AR' })]);
  });

  it('makes an account without the consent, recording no consent and taking no medical conditions', async () => {
    const c = t.client();
    const refused = await c.post('/api/clients/register', buildRegistration({ healthDataConsent: false, medicalConditions: ['diabetes'] }), { 'accept-language': 'pt-BR' });
    expect(refused.status).toBe(400);
    expect(refused.body.details).toEqual([{ field: 'medicalConditions', code: 'validation.healthConsentRequired', message: expect.stringContaining('consentimento') }]);

    const made = await c.post<{ client: ClientDto }>('/api/clients/register', buildRegistration({ healthDataConsent: undefined }));
    expect(made.status).toBe(201);
    expect(made.body.client.healthConsentAt).toBeNull();
    expect(await consentLog(made.body.client.id)).toEqual([]);
  });
});

describe('without the consent', () => {
  it('refuses every change that records health data, and told why; weights and deletes go on', async () => {
    const c = t.client();
    await signIn(c, t.deps, { healthDataConsent: false });
    const device = new TestDevice(undefined, () => world.now);
    const photo = device.mutation('photo.add', { id: uuidv7(), createdAt: new Date(world.now).toISOString(), pose: 'front', contentType: 'image/webp', bytes: 4000, thumbnailBytes: 500, width: 1200, height: 1600 });
    const result = await push(c, device, [...healthData(device), photo, device.addWeight(80.4), device.mutation('profile.update', { fields: { medicalConditions: [] } })]);
    expect(outcomes(result.body)).toEqual(['HEALTH_CONSENT_REQUIRED', 'HEALTH_CONSENT_REQUIRED', 'HEALTH_CONSENT_REQUIRED', 'HEALTH_CONSENT_REQUIRED', 'applied', 'applied']);
    const { changes } = await pull(c);
    expect([changes.bodyMeasurements, changes.checkIns, changes.progressPhotos, changes.profile?.medicalConditions]).toEqual([[], [], [], []]);
  });

  it('refuses medical conditions through the profile form in the person’s language', async () => {
    const c = t.client();
    await signIn(c, t.deps, { healthDataConsent: false, preferredLanguage: 'en-US' });
    const response = await c.put('/api/clients/profile', { medicalConditions: ['hypertension'] }, { 'accept-language': 'en-US' });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ code: 'HEALTH_CONSENT_REQUIRED', error: expect.stringContaining('Settings') });
    expect((await me(c)).medicalConditions).toEqual([]);
  });
});

describe('PUT /api/clients/me/health-consent', () => {
  it('gives the consent once however often it is sent; every device hears of it', async () => {
    const c = t.client();
    const user = await signIn(c, t.deps, { healthDataConsent: false });
    const { cursor } = await pull(c);
    world.now += 60_000;
    const given = await c.put<{ client: ClientDto }>('/api/clients/me/health-consent');
    expect(given.status).toBe(200);
    expect(given.body.client.healthConsentAt).toBe(new Date(world.now).toISOString());
    world.now += 60_000;
    expect((await c.put<{ client: ClientDto }>('/api/clients/me/health-consent')).body.client.healthConsentAt).toBe(given.body.client.healthConsentAt);
    expect(await consentLog(user.id)).toHaveLength(1);
    expect((await pull(c, cursor)).changes.profile?.healthConsentAt).toBe(given.body.client.healthConsentAt);

    const device = new TestDevice(undefined, () => world.now);
    expect(outcomes((await push(c, device, healthData(device))).body)).toEqual(['applied', 'applied', 'applied']);
  });

  it('records the language of the interface it was given in, not the profile’s', async () => {
    const c = t.client();
    const user = await signIn(c, t.deps, { healthDataConsent: false, preferredLanguage: 'pt-BR' });
    expect((await c.put('/api/clients/me/health-consent', { locale: 'es-AR' }, { 'accept-language': 'pt-BR' })).status).toBe(200);
    expect(await consentLog(user.id)).toEqual([{ action: 'given', version: HEALTH_CONSENT_VERSION, locale: 'es-AR', at: world.now }]);
  });

  it('records the request’s language when an older app sends none, and refuses one the app has no wording in', async () => {
    const c = t.client();
    const user = await signIn(c, t.deps, { healthDataConsent: false, preferredLanguage: 'pt-BR' });
    const unknown = await c.put('/api/clients/me/health-consent', { locale: 'fr-FR' }, { 'accept-language': 'en-US' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'locale', code: 'validation.invalidOption', message: expect.any(String) }] });
    expect(await consentLog(user.id)).toEqual([]);
    expect((await c.put('/api/clients/me/health-consent', undefined, { 'accept-language': 'en-US' })).status).toBe(200);
    expect(await consentLog(user.id)).toEqual([expect.objectContaining({ action: 'given', locale: 'en-US' })]);
  });
});

describe('DELETE /api/clients/me/health-consent', () => {
  it('erases what the consent covered, and each device drops its copies on its next pull', async () => {
    const c = t.client();
    const user = await signIn(c, t.deps);
    const phone = new TestDevice(undefined, () => world.now);
    expect(outcomes((await push(c, phone, [...healthData(phone), phone.addWeight(79.9)])).body)).toEqual(['applied', 'applied', 'applied', 'applied']);
    const photo = await storePhoto(t, user.id);
    const tabletCursor = (await pull(c)).cursor;

    world.now += 60_000;
    const withdrawn = await c.delete<{ client: ClientDto }>('/api/clients/me/health-consent');
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.client).toMatchObject({ healthConsentAt: null, medicalConditions: [] });
    expect((await consentLog(user.id)).map((row) => (row as { action: string }).action)).toEqual(['given', 'withdrawn']);
    expect(await t.deps.progressPhotos.find(user.id, photo.id)).toBeNull();
    expect((await c.get(`/api/photos/${photo.id}/image`)).status).toBe(404);
    for (const table of ['body_measurements', 'progress_photos', 'check_ins']) expect(await t.deps.database.sql.get(`SELECT count(*) AS n FROM ${table} WHERE user_id = ?`, [user.id])).toEqual({ n: 0 });

    // A device that had pulled everything starts again from nothing, and keeps only what remains.
    const behind = await pull(c, tabletCursor);
    expect(behind).toMatchObject({ reset: true, cursor: 0, hasMore: true });
    const fresh = await pull(c, 0);
    expect([fresh.changes.bodyMeasurements, fresh.changes.checkIns, fresh.changes.progressPhotos]).toEqual([[], [], []]);
    expect(fresh.changes.weightRecords.map((row) => row.weight)).toEqual([79.9]);
    expect(fresh.changes.profile).toMatchObject({ healthConsentAt: null, medicalConditions: [] });
    // Once caught up, a pull goes on as before.
    expect((await pull(c, fresh.cursor)).reset).toBe(false);

    // A phone that was offline and still sends health data is refused, and told.
    expect(outcomes((await push(c, phone, healthData(phone))).body)).toEqual(['HEALTH_CONSENT_REQUIRED', 'HEALTH_CONSENT_REQUIRED', 'HEALTH_CONSENT_REQUIRED']);
  });

  it('keeps the medical conditions erased when a phone sends an edit made before the withdrawal, after the consent is given again', async () => {
    const c = t.client();
    await signIn(c, t.deps);
    const phone = new TestDevice(undefined, () => world.now);
    expect(outcomes((await push(c, phone, [phone.mutation('profile.update', { fields: { medicalConditions: ['diabetes'] } })])).body)).toEqual(['applied']);
    // Offline, the phone edits them; the person withdraws on another device, later gives the consent again.
    const offlineEdit = phone.mutation('profile.update', { fields: { medicalConditions: ['diabetes', 'hypertension'] } });
    world.now += 60_000;
    expect((await c.delete('/api/clients/me/health-consent')).status).toBe(200);
    world.now += 60_000;
    expect((await c.put('/api/clients/me/health-consent', {})).status).toBe(200);
    await push(c, phone, [offlineEdit]);
    expect((await me(c)).medicalConditions).toEqual([]);
  });

  it('erases the photos’ files on disk, and withdrawing again changes nothing', async () => {
    const c = t.client();
    const user = await signIn(c, t.deps);
    const photo = await storePhoto(t, user.id);
    const readable = await t.deps.photoFiles.read(user.id, photo.id, 'image');
    expect(readable).not.toBeNull();
    await c.delete('/api/clients/me/health-consent');
    expect(await t.deps.photoFiles.read(user.id, photo.id, 'image')).toBeNull();
    const again = await c.delete<{ client: ClientDto }>('/api/clients/me/health-consent');
    expect(again.status).toBe(200);
    expect(await consentLog(user.id)).toHaveLength(2);
  });

  it('is in the data export, with its dates', async () => {
    const c = t.client();
    const user = await signIn(c, t.deps);
    await c.delete('/api/clients/me/health-consent');
    const exported = await c.get<{ healthConsents: unknown[] }>('/api/clients/me/export');
    expect(exported.body.healthConsents).toEqual([
      { action: 'given', version: HEALTH_CONSENT_VERSION, locale: 'pt-BR', at: new Date(world.now).toISOString() },
      { action: 'withdrawn', version: HEALTH_CONSENT_VERSION, locale: 'pt-BR', at: new Date(world.now).toISOString() },
    ]);
    expect(await consentLog(user.id)).toHaveLength(2);
  });

  it('leaves other people’s data alone', async () => {
    const mine = t.client();
    await signIn(mine, t.deps);
    const theirs = t.client();
    const them = await createUser(t.deps);
    await theirs.post('/api/clients/login', { email: them.user.email, password: them.password });
    const device = new TestDevice(undefined, () => world.now);
    await push(theirs, device, healthData(device));
    await mine.delete('/api/clients/me/health-consent');
    const { changes } = await pull(theirs);
    expect([changes.bodyMeasurements.length, changes.checkIns.length, changes.profile?.medicalConditions]).toEqual([1, 1, ['diabetes']]);
  });
});
