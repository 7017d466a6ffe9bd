import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, openAnotherInstance, type TestApp } from '../../test/harness.ts';
import { createUser, signedIn, signIn } from '../../test/factories.ts';
import { startTestPushService, type TestPushService } from '../../test/push-service.ts';

let service: TestPushService;
let t: TestApp;
beforeAll(async () => {
  service = await startTestPushService();
  t = await createTestApp({ env: { PUSH_ALLOWED_ORIGINS: service.origin } });
});
afterAll(async () => {
  await t?.close();
  await service?.close();
});

type ErrorResponse = { error: string; code: string; details?: { field: string; code: string; message: string }[] };

const DEVICE = 'device-0190a0b0-aaaa';
const stored = () => t.database.sql.all<{ endpoint: string; user_id: string; device_id: string }>('SELECT endpoint, user_id, device_id FROM push_subscriptions ORDER BY created_at, endpoint');

describe('GET /api/push/key (issue 50)', () => {
  it('gives the VAPID public key made on first use and kept: the same on every call and every instance', async () => {
    const { c } = await signedIn(t);
    const { body } = await c.get<{ publicKey: string }>('/api/push/key');
    expect(body.publicKey).toMatch(/^[\w-]{87}$/);
    expect((await c.get<{ publicKey: string }>('/api/push/key')).body.publicKey).toBe(body.publicKey);
    const other = openAnotherInstance(t);
    try {
      const elsewhere = await signedIn(other);
      expect((await elsewhere.c.get<{ publicKey: string }>('/api/push/key')).body.publicKey).toBe(body.publicKey);
    } finally {
      await other.close();
    }
  });

  it('gives the configured key when VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set, and nothing to a stranger', async () => {
    const publicKey = `B${'x'.repeat(86)}`;
    const configured = await createTestApp({ env: { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: 'y'.repeat(43) } });
    try {
      const { c } = await signedIn(configured);
      expect((await c.get<{ publicKey: string }>('/api/push/key')).body.publicKey).toBe(publicKey);
      expect((await configured.client().get('/api/push/key')).status).toBe(401);
    } finally {
      await configured.close();
    }
  });
});

describe('PUT and DELETE /api/push/subscription (issue 50)', () => {
  it('keeps a device’s subscription for the person; a browser that changes hands changes owner; signing a device out removes its own', async () => {
    const ana = await signedIn(t);
    const bia = await signedIn(t);
    const phone = service.subscribe();
    const laptop = service.subscribe();
    expect((await ana.c.put('/api/push/subscription', { ...phone, deviceId: DEVICE })).status).toBe(204);
    expect((await ana.c.put('/api/push/subscription', { ...laptop, deviceId: 'device-laptop-0001' })).status).toBe(204);
    expect((await ana.c.put('/api/push/subscription', { ...phone, deviceId: DEVICE })).status).toBe(204); // again: one row
    expect((await stored()).filter((row) => row.user_id === ana.user.id)).toHaveLength(2);
    // The laptop is now Bia's browser.
    expect((await bia.c.put('/api/push/subscription', { ...laptop, deviceId: 'device-laptop-0001' })).status).toBe(204);
    expect((await stored()).find((row) => row.endpoint === laptop.endpoint)?.user_id).toBe(bia.user.id);
    expect((await ana.c.delete(`/api/push/subscription?deviceId=${DEVICE}`)).status).toBe(204);
    expect((await stored()).filter((row) => row.user_id === ana.user.id)).toEqual([]);
    expect((await stored()).filter((row) => row.user_id === bia.user.id)).toHaveLength(1);
  });

  it('refuses an endpoint the server must not call, or keys that are not keys, in the browser’s language, storing nothing', async () => {
    const c = t.client({ locale: 'es-AR' });
    await signIn(c, t.deps);
    const good = service.subscribe();
    const before = (await stored()).length;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...good, endpoint: 'https://10.0.0.7/push/x' }, 'endpoint', 'push.endpoint'],
      [{ ...good, endpoint: 'https://[::ffff:127.0.0.1]/push/x' }, 'endpoint', 'push.endpoint'],
      [{ ...good, endpoint: 'http://fcm.googleapis.com/fcm/send/x' }, 'endpoint', 'push.endpoint'],
      [{ ...good, endpoint: `https://fcm.googleapis.com/${'a'.repeat(5000)}` }, 'endpoint', 'push.endpoint'],
      [{ ...good, keys: { ...good.keys, p256dh: 'B'.repeat(87) } }, 'keys.p256dh', 'push.keys'],
      [{ ...good, keys: { ...good.keys, auth: 'c2hvcnQ' } }, 'keys.auth', 'push.keys'],
      [{ ...good, keys: 'none' }, 'keys.p256dh', 'push.keys'],
      [{ ...good, deviceId: '../../etc' }, 'deviceId', 'validation.idInvalid'],
      [{ ...good, deviceId: null }, 'deviceId', 'validation.idInvalid'],
    ];
    for (const [body, field, key] of cases) {
      const response = await c.put<ErrorResponse>('/api/push/subscription', { deviceId: DEVICE, ...body });
      expect([response.status, response.body.code]).toEqual([400, 'VALIDATION_FAILED']);
      expect(response.body.details?.find((detail: { field: string }) => detail.field === field)?.code).toBe(key);
      if (key === 'push.endpoint') expect(response.body.details?.find((detail) => detail.field === field)?.message).toBe('La dirección de notificaciones de este navegador no se puede usar');
    }
    expect((await stored()).length).toBe(before);
    expect((await c.delete('/api/push/subscription?deviceId=..%2F')).status).toBe(400);
  });

  it('ends with the sign-in that saved it: signing out, or a session revoked from another browser, stops that browser’s pushes', async () => {
    const { user, password } = await createUser(t.deps);
    const browser = async () => {
      const c = t.client();
      expect((await c.post('/api/clients/login', { email: user.email, password })).status).toBe(200);
      return c;
    };
    const phone = await browser();
    const phoneSubscription = service.subscribe();
    expect((await phone.put('/api/push/subscription', { ...phoneSubscription, deviceId: DEVICE })).status).toBe(204);
    expect((await phone.post('/api/clients/logout', {})).status).toBe(200);
    expect((await stored()).filter((row) => row.endpoint === phoneSubscription.endpoint)).toEqual([]);

    const laptop = await browser();
    expect((await laptop.put('/api/push/subscription', { ...service.subscribe(), deviceId: 'device-laptop-0002' })).status).toBe(204);
    const desk = await browser();
    const { sessions } = (await desk.get<{ sessions: { id: string; current: boolean }[] }>('/api/clients/me/sessions')).body;
    const laptopSession = sessions.find((session) => !session.current);
    expect((await desk.delete(`/api/clients/me/sessions/${laptopSession?.id}`)).status).toBe(200);
    expect((await stored()).filter((row) => row.user_id === user.id)).toEqual([]);
  });

  it('goes with the account', async () => {
    const gone = await signedIn(t);
    await gone.c.put('/api/push/subscription', { ...service.subscribe(), deviceId: DEVICE });
    await t.database.sql.run('DELETE FROM users WHERE id = ?', [gone.user.id]);
    expect((await stored()).filter((row) => row.user_id === gone.user.id)).toEqual([]);
  });
});

describe('POST /api/push/subscription/renewal (issue 50: the worker’s pushsubscriptionchange)', () => {
  it('puts the new subscription in the old one’s place, for the same device, and notices then go to it', async () => {
    const ana = await signedIn(t);
    const old = service.subscribe();
    expect((await ana.c.put('/api/push/subscription', { ...old, deviceId: DEVICE })).status).toBe(204);
    const renewed = service.subscribe();
    expect((await ana.c.post('/api/push/subscription/renewal', { replaces: old.endpoint, ...renewed })).status).toBe(204);
    expect((await stored()).filter((row) => row.user_id === ana.user.id)).toEqual([{ endpoint: renewed.endpoint, user_id: ana.user.id, device_id: DEVICE }]);
    expect((await t.deps.pushSubscriptions.targetsOf(ana.user.id)).map((target) => target.endpoint)).toEqual([renewed.endpoint]);
    // Turning the device off still finds it.
    expect((await ana.c.delete(`/api/push/subscription?deviceId=${DEVICE}`)).status).toBe(204);
    expect((await stored()).filter((row) => row.user_id === ana.user.id)).toEqual([]);
  });

  it('renews only the person’s own subscription, checks the new one as a first one, and changes nothing otherwise', async () => {
    const ana = await signedIn(t);
    const bia = await signedIn(t);
    const anas = service.subscribe();
    expect((await ana.c.put('/api/push/subscription', { ...anas, deviceId: DEVICE })).status).toBe(204);
    const before = await stored();
    const notHers = await bia.c.post<ErrorResponse>('/api/push/subscription/renewal', { replaces: anas.endpoint, ...service.subscribe() });
    expect([notHers.status, notHers.body.code]).toEqual([404, 'NOT_FOUND']);
    const unknown = await ana.c.post<ErrorResponse>('/api/push/subscription/renewal', { replaces: `${anas.endpoint}-gone`, ...service.subscribe() });
    expect([unknown.status, unknown.body.code]).toEqual([404, 'NOT_FOUND']);
    for (const replaces of [undefined, 42, '']) {
      const malformed = await ana.c.post<ErrorResponse>('/api/push/subscription/renewal', { replaces, ...service.subscribe() });
      expect([malformed.status, malformed.body.code, malformed.body.details?.[0]?.field]).toEqual([400, 'VALIDATION_FAILED', 'replaces']);
    }
    const inward = await ana.c.post<ErrorResponse>('/api/push/subscription/renewal', { replaces: anas.endpoint, ...service.subscribe(), endpoint: 'https://10.0.0.7/push/x' });
    expect([inward.status, inward.body.code, inward.body.details?.[0]?.code]).toEqual([400, 'VALIDATION_FAILED', 'push.endpoint']);
    expect(await stored()).toEqual(before);
    expect((await t.client().post('/api/push/subscription/renewal', { replaces: anas.endpoint, ...service.subscribe() })).status).toBe(401);
  });
});
