import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPushService, type TestPushService, type TestSubscription } from '../../test/push-service.ts';
import { createPushSender, type PushSenderOptions } from './sender.ts';

let service: TestPushService;
beforeAll(async () => {
  service = await startTestPushService();
});
afterAll(() => service.close());

const keys = webpush.generateVAPIDKeys();
const vapid = { subject: 'mailto:ops@example.com', ...keys };
const targetOf = (subscription: TestSubscription) => ({ endpoint: subscription.endpoint, ...subscription.keys });

function sender(over: Partial<PushSenderOptions> = {}) {
  const waits: number[] = [];
  const push = createPushSender({ vapid, allowedOrigins: [service.origin], wait: async (ms) => void waits.push(ms), ...over });
  return { push, waits };
}

describe('sending one push (issue 50, ADR 032)', () => {
  it('reaches the device encrypted to its keys, signed with the server’s VAPID key, with its TTL, urgency and topic', async () => {
    const subscription = service.subscribe();
    const { push } = sender();
    expect(await push.send(targetOf(subscription), { payload: '{"title":"Nova mensagem"}', ttl: 86_400, urgency: 'high', topic: 'thread-1' })).toEqual({ kind: 'sent' });
    expect(service.delivered.at(-1)).toMatchObject({ subscription: subscription.endpoint.split('/').at(-1), payload: '{"title":"Nova mensagem"}', ttl: 86_400, urgency: 'high', topic: 'thread-1', vapidKey: keys.publicKey });
  });

  it('says a subscription the service no longer knows is gone (404, 410)', async () => {
    const subscription = service.subscribe();
    const { push } = sender();
    service.answerNext({ status: 410 });
    expect(await push.send(targetOf(subscription), { payload: 'x', ttl: 60 })).toEqual({ kind: 'gone' });
    expect(await push.send({ ...targetOf(subscription), endpoint: `${service.origin}/push/never-made` }, { payload: 'x', ttl: 60 })).toEqual({ kind: 'gone' });
  });

  it('tries a 429 or a 5xx again after a backoff, honouring Retry-After, and gives up after three tries', async () => {
    const subscription = service.subscribe();
    const first = sender();
    service.answerNext({ status: 429, headers: { 'retry-after': '3' } }, { status: 503 });
    expect(await first.push.send(targetOf(subscription), { payload: 'third time', ttl: 60 })).toEqual({ kind: 'sent' });
    expect(first.waits).toEqual([3_000, 4_000]);
    expect(service.delivered.at(-1)?.payload).toBe('third time');

    const second = sender();
    service.answerNext({ status: 500 }, { status: 502 }, { status: 500 });
    expect(await second.push.send(targetOf(subscription), { payload: 'never', ttl: 60 })).toEqual({ kind: 'failed', status: 500, retryAfterMs: null });
    expect(second.waits).toEqual([1_000, 4_000]);
  });

  it('leaves a long Retry-After to the next claim and does not try a 400 again', async () => {
    const subscription = service.subscribe();
    const { push, waits } = sender();
    service.answerNext({ status: 429, headers: { 'retry-after': '120' } }, { status: 400 });
    expect(await push.send(targetOf(subscription), { payload: 'x', ttl: 60 })).toEqual({ kind: 'failed', status: 429, retryAfterMs: 120_000 });
    expect(await push.send(targetOf(subscription), { payload: 'x', ttl: 60 })).toEqual({ kind: 'failed', status: 400, retryAfterMs: null });
    expect(waits).toEqual([]);
  });

  it('never connects to a name that resolves to this host unless its origin is allowed: the subscription is gone', async () => {
    const subscription = service.subscribe();
    const before = service.delivered.length;
    const { push } = sender({ allowedOrigins: [] });
    const viaName = subscription.endpoint.replace('127.0.0.1', 'localhost');
    expect(await push.send({ ...targetOf(subscription), endpoint: viaName }, { payload: 'x', ttl: 60 })).toEqual({ kind: 'gone' });
    expect(service.delivered.length).toBe(before);
  });
});
