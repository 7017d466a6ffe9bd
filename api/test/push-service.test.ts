import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPushService, type TestPushService, type TestSubscription } from './push-service.ts';

let service: TestPushService;
beforeAll(async () => {
  service = await startTestPushService();
});
afterAll(() => service.close());

const vapid = webpush.generateVAPIDKeys();
const vapidDetails = { subject: 'mailto:ops@example.com', publicKey: vapid.publicKey, privateKey: vapid.privateKey };

/** As the server sends: web-push encrypts and signs, the request goes out with fetch. */
async function send(subscription: TestSubscription, payload: string, options: webpush.RequestOptions = {}) {
  const request = webpush.generateRequestDetails(subscription, payload, { vapidDetails, TTL: 60, ...options });
  return fetch(request.endpoint, { method: request.method, headers: request.headers, body: new Uint8Array(request.body as Buffer) });
}

describe('the tests’ local push service (RFC 8030, 8291, 8292)', () => {
  it('delivers what web-push encrypted for a subscription, decrypted with its keys, with the VAPID key and subject that signed it', async () => {
    const subscription = service.subscribe();
    const response = await send(subscription, JSON.stringify({ title: 'Hora de se pesar', url: '/dashboard' }), { urgency: 'high', topic: 'weighin' });
    expect(response.status).toBe(201);
    const [push] = service.delivered.slice(-1);
    expect(push).toMatchObject({ ttl: 60, urgency: 'high', topic: 'weighin', vapidKey: vapid.publicKey, subject: 'mailto:ops@example.com' });
    expect(JSON.parse(push!.payload)).toEqual({ title: 'Hora de se pesar', url: '/dashboard' });
  });

  it('refuses a body encrypted to another subscription’s keys, and an authorization signed by another key than it names', async () => {
    const [mine, theirs] = [service.subscribe(), service.subscribe()];
    expect((await send({ endpoint: mine.endpoint, keys: theirs.keys }, 'olá')).status).toBe(400);
    const request = webpush.generateRequestDetails(mine, 'olá', { vapidDetails, TTL: 60 });
    const forged = String(request.headers.Authorization).replace(/k=[\w-]+$/, `k=${webpush.generateVAPIDKeys().publicKey}`);
    expect((await fetch(request.endpoint, { method: 'POST', headers: { ...request.headers, Authorization: forged }, body: new Uint8Array(request.body as Buffer) })).status).toBe(400);
    expect(service.refused.slice(-2)).toEqual([expect.stringMatching(/unable to authenticate|auth/i), 'vapid: bad signature']);
  });

  it('answers as a test tells it: a gone subscription, a rate limit', async () => {
    const subscription = service.subscribe();
    service.answerNext({ status: 410 }, { status: 429, headers: { 'retry-after': '3' } });
    expect((await send(subscription, 'a')).status).toBe(410);
    const limited = await send(subscription, 'b');
    expect([limited.status, limited.headers.get('retry-after')]).toEqual([429, '3']);
    expect((await send(subscription, 'c')).status).toBe(201);
    expect((await send({ ...subscription, endpoint: `${service.origin}/push/unknown` }, 'd')).status).toBe(404);
  });
});
