import { describe, expect, it } from 'vitest';
import { openNotice, pushedNotice } from './worker-notices.ts';

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
