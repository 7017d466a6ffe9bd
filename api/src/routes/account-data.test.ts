import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDateIn } from '#protocol/domain/daily-progress.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { unzipSync } from 'fflate';
import { TestDevice, createUser, storePhoto, webpBytes } from '../../test/factories.ts';
import { uuidv7 } from '#protocol/ids.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function signedIn() {
  const { user, password } = await createUser(t.deps);
  const c = t.client();
  await c.post('/api/clients/login', { email: user.email, password });
  return { c, user, password };
}

describe('GET /api/clients/me/export', () => {
  it('downloads everything the server holds about the user, and nothing secret', async () => {
    const { c, user } = await signedIn();
    await c.post('/api/weight-records', { weight: 77.7, notes: 'manhã' });
    await c.post('/api/subscriptions/trial', {});
    const device = new TestDevice();
    const measured = device.mutation('measurement.add', { id: uuidv7(), createdAt: '2026-11-20T07:10:00.000Z', waist: 84.5, neck: 36 });
    const removed = device.mutation('measurement.add', { id: uuidv7(), createdAt: '2026-11-21T07:10:00.000Z', waist: 90 });
    const message = device.mutation('message.send', { id: uuidv7(), createdAt: '2026-11-20T07:11:00.000Z', body: 'Posso trocar o arroz?' });
    const today = localDateIn(device.timeZone, new Date());
    const checkIn = device.mutation('checkin.submit', { id: uuidv7(), week: today, createdAt: new Date().toISOString(), weight: 80.2, dietAdherence: 4, workoutAdherence: 5, hunger: 2, sleep: 3, stress: 2, energy: 4, note: 'Boa semana' });
    await c.post('/api/sync/push', { deviceId: device.deviceId, mutations: [measured, removed, device.mutation('measurement.delete', { id: removed.args.id }), message, checkIn] });
    const response = await c.get<Record<string, unknown> & { client: { email: string }; weightRecords: { weight: number }[]; bodyMeasurements: unknown[]; messages: { id: string; from: string; body: string }[]; checkIns: unknown[]; subscriptions: unknown[]; sessions: unknown[] }>('/api/clients/me/export');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/attachment; filename="leve-coach-export-\d{4}-\d{2}-\d{2}\.json"/);
    expect(response.body.client.email).toBe(user.email);
    expect(response.body.weightRecords.map((r) => r.weight)).toEqual([77.7]);
    expect(response.body.bodyMeasurements).toEqual([
      { id: measured.args.id, createdAt: '2026-11-20T07:10:00.000Z', waist: 84.5, hip: null, chest: null, arm: null, thigh: null, neck: 36, bodyFat: null },
    ]);
    expect(response.body.messages).toEqual([expect.objectContaining({ id: message.args.id, from: 'client', body: 'Posso trocar o arroz?' })]);
    expect(response.body.checkIns).toEqual([expect.objectContaining({ id: checkIn.args.id, week: today, weight: 80.2, dietAdherence: 4, note: 'Boa semana', answers: [] })]);
    expect(response.body.subscriptions).toHaveLength(1);
    expect(response.body.sessions).toHaveLength(1);
    expect(JSON.stringify(response.body)).not.toMatch(/argon2|password|session_token|"id":"[0-9a-f]{64}"/i);
  });
});

describe('GET /api/clients/me/export.zip (issue 21)', () => {
  it('holds the same data as JSON and each stored photo, as sent, named by its date and pose; none of a deleted or unfinished one', async () => {
    const { c, user } = await signedIn();
    const photo = await storePhoto(t, user.id);
    await storePhoto(t, user.id, { stored: false });
    const response = await c.fetch('/api/clients/me/export.zip');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toMatch(/attachment; filename="leve-coach-export-\d{4}-\d{2}-\d{2}\.zip"/);
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const name = `photos/${photo.createdAt.slice(0, 10)}-front-${photo.id}.webp`;
    expect(Object.keys(files).sort()).toEqual(['leve-coach-export.json', name]);
    expect(files[name]).toEqual(webpBytes(4000));
    const data = JSON.parse(new TextDecoder().decode(files['leve-coach-export.json'])) as { client: { email: string }; progressPhotos: { id: string }[] };
    expect(data.client.email).toBe(user.email);
    expect(data.progressPhotos).toHaveLength(2);
  });
});

describe('a message’s photo in the export (issue 22)', () => {
  it('is in the zip, named `message` in place of a pose, and in the JSON with its message; it goes with the account', async () => {
    const { c, user, password } = await signedIn();
    const device = new TestDevice();
    const photo = { id: uuidv7(), contentType: 'image/webp', bytes: 4000, thumbnailBytes: 500, width: 1200, height: 900 };
    const message = device.mutation('message.send', { id: uuidv7(), createdAt: new Date().toISOString(), body: '', photo } as never);
    await c.post('/api/sync/push', { deviceId: device.deviceId, mutations: [message] });
    await t.deps.photoFiles.append(user.id, photo.id, 'image', 0, webpBytes(4000), 4000, 'image/webp');
    await t.deps.photoFiles.append(user.id, photo.id, 'thumbnail', 0, webpBytes(500), 500, 'image/webp');
    await t.deps.progressPhotos.markStored(user.id, photo.id);
    const files = unzipSync(new Uint8Array(await (await c.fetch('/api/clients/me/export.zip')).arrayBuffer()));
    const createdAt = ((await t.deps.progressPhotos.find(user.id, photo.id)) as { createdAt: string }).createdAt;
    expect(Object.keys(files).sort()).toEqual(['leve-coach-export.json', `photos/${createdAt.slice(0, 10)}-message-${photo.id}.webp`]);
    const data = JSON.parse(new TextDecoder().decode(files['leve-coach-export.json'])) as { progressPhotos: unknown[]; messages: unknown[] };
    expect(data.progressPhotos).toEqual([expect.objectContaining({ id: photo.id, kind: 'message', pose: null })]);
    expect(data.messages).toEqual([expect.objectContaining({ id: (message.args as { id: string }).id, photoId: photo.id })]);

    expect((await c.request('DELETE', '/api/clients/me', { password })).status).toBe(200);
    expect(await t.deps.photoFiles.read(user.id, photo.id, 'image')).toBeNull();
    expect(await t.database.sql.get('SELECT count(*) AS n FROM progress_photos WHERE id = ?', [photo.id])).toEqual({ n: 0 });
  });
});

describe('DELETE /api/clients/me', () => {
  it('needs the password, then deletes the account and all its data', async () => {
    const { c, user, password } = await signedIn();
    await c.post('/api/weight-records', { weight: 80 });
    const device = new TestDevice();
    await c.post('/api/sync/push', { deviceId: device.deviceId, mutations: [device.mutation('measurement.add', { id: uuidv7(), createdAt: new Date().toISOString(), arm: 31 })] });
    expect((await c.request('DELETE', '/api/clients/me', { password: 'wrong-one' })).status).toBe(401);
    expect((await c.request('DELETE', '/api/clients/me', {})).status).toBe(401);
    const response = await c.request('DELETE', '/api/clients/me', { password });
    expect(response.status).toBe(200);
    expect((await c.get('/api/clients/me')).status).toBe(401);
    const left = (await t.database.sql.get('SELECT (SELECT count(*) FROM users WHERE id = ?) + (SELECT count(*) FROM weight_records WHERE user_id = ?) + (SELECT count(*) FROM body_measurements WHERE user_id = ?) + (SELECT count(*) FROM sessions WHERE user_id = ?) AS n', [user.id, user.id, user.id, user.id])) as { n: number };
    expect(left.n).toBe(0);
    expect((await t.client().post('/api/clients/login', { email: user.email, password })).status).toBe(401);
  });

  it('says the password is wrong, in the user’s language, when only a password was typed', async () => {
    const { user, password } = await createUser(t.deps);
    for (const [locale, error, field] of [
      ['pt-BR', 'Senha incorreta', 'Senha incorreta'],
      ['es-AR', 'Contraseña incorrecta', 'Contraseña incorrecta'],
      ['en-US', 'Wrong password', 'Wrong password'],
    ] as const) {
      const c = t.client({ locale });
      await c.post('/api/clients/login', { email: user.email, password });
      const wrong = await c.request<Record<string, unknown>>('DELETE', '/api/clients/me', { password: 'not-my-password' });
      expect(wrong.status).toBe(401);
      expect(wrong.body).toEqual({ error, code: 'WRONG_PASSWORD', details: [{ field: 'password', code: 'validation.passwordWrong', message: field }] });
      expect((await c.get('/api/clients/me')).status).toBe(200);
    }
  });

  it('is refused with 409 and the SPEC wording while a paid plan is active', async () => {
    const { c, password } = await signedIn();
    await c.post('/api/subscriptions', { planId: 'monthly' });
    const response = await c.request<{ code: string; error: string }>('DELETE', '/api/clients/me', { password });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ code: 'USER_HAS_ACTIVE_PLAN', error: 'Este usuário possui plano ativo e não pode ser removido.' });
    expect((await c.get('/api/clients/me')).status).toBe(200);
  });
});
