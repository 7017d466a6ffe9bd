import { describe, expect, it } from 'vitest';
import { openNotice, pushedNotice, renewSubscription } from './worker-notices.ts';

const notice = { kind: 'coachMessage', title: 'Tiago escreveu para você', body: 'Pode trocar o arroz.', url: '/messages', tag: 'coach-message' };

describe('a push’s notice (issue 50)', () => {
  it('is the server’s notice as sent', () => {
    expect(pushedNotice(JSON.stringify(notice))).toEqual(notice);
  });

  it('is nothing for a push that is not the server’s: not JSON, a field missing, or a link out of the app', () => {
    expect(pushedNotice(null)).toBeNull();
    expect(pushedNotice('hello')).toBeNull();
    expect(pushedNotice(JSON.stringify({ ...notice, title: '' }))).toBeNull();
    expect(pushedNotice(JSON.stringify({ ...notice, url: 'https://evil.example/messages' }))).toBeNull();
    expect(pushedNotice(JSON.stringify({ ...notice, url: '//evil.example/messages' }))).toBeNull();
    expect(pushedNotice(JSON.stringify([notice]))).toBeNull();
  });
});

describe('a click on a notice (issue 50)', () => {
  const ORIGIN = 'https://leve.example';
  /** The service worker's `clients`, as the browser gives them: the app's open windows. */
  function browserWith(urls: string[]) {
    const calls: string[] = [];
    const windows = urls.map((url) => {
      const client = {
        url,
        focus: async () => (calls.push(`focus ${client.url}`), client),
        navigate: async (to: string) => (calls.push(`navigate ${to}`), (client.url = to), client),
      };
      return client;
    });
    const clients = {
      matchAll: async () => windows,
      openWindow: async (url: string) => (calls.push(`open ${url}`), null),
    } as unknown as Clients;
    return { clients, calls };
  }

  it('brings an open window of the app to the notice’s screen', async () => {
    const { clients, calls } = browserWith([`${ORIGIN}/dashboard`]);
    await openNotice(clients, ORIGIN, '/messages');
    expect(calls).toEqual([`focus ${ORIGIN}/dashboard`, `navigate ${ORIGIN}/messages`]);
  });

  it('only focuses a window already on that screen, and opens one when none is open', async () => {
    const open = browserWith([`${ORIGIN}/messages`]);
    await openNotice(open.clients, ORIGIN, '/messages');
    expect(open.calls).toEqual([`focus ${ORIGIN}/messages`]);
    const none = browserWith([]);
    await openNotice(none.clients, ORIGIN, '/messages');
    expect(none.calls).toEqual([`open ${ORIGIN}/messages`]);
  });

  it('never leaves the app', async () => {
    const { clients, calls } = browserWith([]);
    await openNotice(clients, ORIGIN, 'https://evil.example/messages');
    expect(calls).toEqual([]);
  });
});

describe('a subscription the browser replaced (pushsubscriptionchange, issue 50)', () => {
  const KEY = new Uint8Array([4, 1, 2, 3]).buffer;
  const subscription = (endpoint: string, withKey = true) =>
    ({ endpoint, options: { applicationServerKey: withKey ? KEY : null }, toJSON: () => ({ endpoint, keys: { p256dh: `p-${endpoint}`, auth: `a-${endpoint}` } }) }) as unknown as PushSubscription;
  /** The server's renewal route as the worker reaches it, answering `status`; the bodies it got. */
  function server(status = 204) {
    const sent: unknown[] = [];
    const send = (async (url: string, init: RequestInit) => {
      sent.push({ url, method: init.method, body: JSON.parse(init.body as string) as unknown });
      return new Response(null, { status });
    }) as unknown as typeof fetch;
    return { send, sent };
  }
  const pushManager = (subscribed: string[]) =>
    ({
      subscribe: async (options: PushSubscriptionOptionsInit) => {
        subscribed.push(String(options.applicationServerKey === KEY));
        return subscription('https://push.example/new-by-worker');
      },
    }) as unknown as PushManager;

  it('tells the server the new subscription in place of the old, subscribing again with the same key when the browser did not', async () => {
    const subscribed: string[] = [];
    const { send, sent } = server();
    await renewSubscription(pushManager(subscribed), { oldSubscription: subscription('https://push.example/old') }, send);
    expect(subscribed).toEqual(['true']);
    expect(sent).toEqual([
      {
        url: '/api/push/subscription/renewal',
        method: 'POST',
        body: { replaces: 'https://push.example/old', endpoint: 'https://push.example/new-by-worker', keys: { p256dh: 'p-https://push.example/new-by-worker', auth: 'a-https://push.example/new-by-worker' } },
      },
    ]);
  });

  it('uses the subscription the browser made, when it made one', async () => {
    const subscribed: string[] = [];
    const { send, sent } = server();
    await renewSubscription(pushManager(subscribed), { oldSubscription: subscription('https://push.example/old'), newSubscription: subscription('https://push.example/new') }, send);
    expect(subscribed).toEqual([]);
    expect(sent).toMatchObject([{ body: { replaces: 'https://push.example/old', endpoint: 'https://push.example/new' } }]);
  });

  it('does nothing without the old one, and fails (so the browser may try again) when the server could not take it', async () => {
    const { send, sent } = server();
    await renewSubscription(pushManager([]), { newSubscription: subscription('https://push.example/new') }, send);
    expect(sent).toEqual([]);
    await expect(renewSubscription(pushManager([]), { oldSubscription: subscription('https://push.example/old') }, server(503).send)).rejects.toThrow('push.renewal 503');
    // Signed out, or forgotten by the server: nothing to try again.
    await expect(renewSubscription(pushManager([]), { oldSubscription: subscription('https://push.example/old') }, server(401).send)).resolves.toBeUndefined();
  });
});
