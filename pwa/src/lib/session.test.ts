import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClientDto } from '#protocol/contract/clients.ts';
import { aClient } from '#pwa/test/factories.ts';

const requested: string[] = [];

/** What GET /clients/session answers in a test: the client, nobody, or no answer at all. */
type SessionAnswer = ClientDto | null | 'unreachable';

/** The session store as a page loads it: a fresh module over the document the server sent. */
async function loadPage(embedded?: ClientDto, asked: SessionAnswer = aClient({ id: 'user_asked' })) {
  if (embedded) document.head.insertAdjacentHTML('beforeend', `<script type="application/json" id="signed-in-client">${JSON.stringify({ client: embedded })}</script>`);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      requested.push(String(url));
      if (!String(url).endsWith('/clients/session')) return new Response(null, { status: 503 });
      if (asked === 'unreachable') throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify({ client: asked }), { headers: { 'Content-Type': 'application/json' } });
    }),
  );
  vi.resetModules();
  return (await import('./session.ts')).useSession;
}

afterEach(async () => {
  // The signed-in data layer the load started (sync, live updates) stops before the network is real again.
  const userData = await import('#pwa/sync/user-data.ts');
  await userData.flush();
  await userData.closeUserData();
  document.getElementById('signed-in-client')?.remove();
  localStorage.clear();
  requested.length = 0;
  vi.unstubAllGlobals();
});

describe('useSession on a page load (SPEC §4, issue 20 part 2)', () => {
  it('starts signed in as the client the server put in the page, from the first render, without asking who is signed in', async () => {
    const useSession = await loadPage(aClient({ id: 'user_in_page', name: 'Ana' }));
    expect(useSession.getState()).toMatchObject({ status: 'authenticated', client: { id: 'user_in_page', name: 'Ana' }, offline: false });
    await useSession.getState().load();
    expect(useSession.getState().client?.id).toBe('user_in_page');
    expect(requested.filter((url) => url.endsWith('/clients/session'))).toEqual([]);
    // Kept for the next open with no signal.
    expect(JSON.parse(localStorage.getItem('leve.session') ?? 'null')).toMatchObject({ id: 'user_in_page' });
  });

  describe('on the service worker’s page (every open once installed), which names nobody', () => {
    const remember = (client: ClientDto) => localStorage.setItem('leve.session', JSON.stringify(client));

    it('starts signed in as the client this device remembers, before any answer, and takes the server’s word once it comes', async () => {
      remember(aClient({ id: 'user_remembered', name: 'Ana' }));
      const useSession = await loadPage(undefined, aClient({ id: 'user_remembered', name: 'Ana Lima' }));
      expect(useSession.getState()).toMatchObject({ status: 'authenticated', client: { id: 'user_remembered', name: 'Ana' } });
      await useSession.getState().load();
      expect(requested.filter((url) => url.endsWith('/clients/session'))).toHaveLength(1);
      expect(useSession.getState()).toMatchObject({ status: 'authenticated', client: { name: 'Ana Lima' }, offline: false });
    });

    it('signs out when the server says the session has ended, and forgets the client', async () => {
      remember(aClient({ id: 'user_remembered' }));
      const useSession = await loadPage(undefined, null);
      await useSession.getState().load();
      expect(useSession.getState()).toMatchObject({ status: 'anonymous', client: null });
      expect(localStorage.getItem('leve.session')).toBeNull();
    });

    it('stays signed in, marked offline, when the server cannot be reached (the gym)', async () => {
      remember(aClient({ id: 'user_remembered' }));
      const useSession = await loadPage(undefined, 'unreachable');
      await useSession.getState().load();
      expect(useSession.getState()).toMatchObject({ status: 'authenticated', client: { id: 'user_remembered' }, offline: true });
    });

    it('takes the client the server names when it is someone else (signed in meanwhile in another tab)', async () => {
      remember(aClient({ id: 'user_remembered' }));
      const useSession = await loadPage(undefined, aClient({ id: 'user_other' }));
      await useSession.getState().load();
      expect(useSession.getState().client?.id).toBe('user_other');
      expect(JSON.parse(localStorage.getItem('leve.session') ?? 'null')).toMatchObject({ id: 'user_other' });
    });
  });

  it('asks the server who is signed in when the page names nobody and the device remembers no one', async () => {
    const useSession = await loadPage();
    expect(useSession.getState().status).toBe('loading');
    await useSession.getState().load();
    expect(requested.filter((url) => url.endsWith('/clients/session'))).toHaveLength(1);
    expect(useSession.getState()).toMatchObject({ status: 'authenticated', client: { id: 'user_asked' } });
  });
});
