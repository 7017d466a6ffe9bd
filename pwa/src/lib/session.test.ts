import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClientDto } from '#protocol/contract/clients.ts';
import { aClient } from '#pwa/test/factories.ts';

const requested: string[] = [];

/** The session store as a page loads it: a fresh module over the document the server sent. */
async function loadPage(embedded?: ClientDto) {
  if (embedded) document.head.insertAdjacentHTML('beforeend', `<script type="application/json" id="signed-in-client">${JSON.stringify({ client: embedded })}</script>`);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      requested.push(String(url));
      return String(url).endsWith('/clients/session') ? new Response(JSON.stringify({ client: aClient({ id: 'user_asked' }) }), { headers: { 'Content-Type': 'application/json' } }) : new Response(null, { status: 503 });
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

  it('asks the server who is signed in when the page names nobody (the service worker’s page)', async () => {
    const useSession = await loadPage();
    expect(useSession.getState().status).toBe('loading');
    await useSession.getState().load();
    expect(requested.filter((url) => url.endsWith('/clients/session'))).toHaveLength(1);
    expect(useSession.getState()).toMatchObject({ status: 'authenticated', client: { id: 'user_asked' } });
  });
});
