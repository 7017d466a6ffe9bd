import { create } from 'zustand';
import { SIGNED_IN_CLIENT_ELEMENT_ID, type ClientDto } from '#protocol/contract/clients.ts';
import { answer, apiClient, ApiRequestError } from './api.ts';

export type Client = ClientDto;

/** The last signed-in client, so the app opens at the gym with no signal. Removed at logout. */
const CACHE_KEY = 'leve.session';

function readCache(): Client | null {
  try {
    const raw = localStorage.getItem(CACHE_KEY);
    return raw ? (JSON.parse(raw) as Client) : null;
  } catch {
    return null;
  }
}

function writeCache(client: Client | null) {
  try {
    if (client) localStorage.setItem(CACHE_KEY, JSON.stringify(client));
    else localStorage.removeItem(CACHE_KEY);
  } catch {
    // storage unavailable: the app still works online
  }
}

/** Loaded only once someone is signed in: keeps Dexie and the sync engine out of /login. */
const userData = () => import('#pwa/sync/user-data.ts');
const nextTask = () => new Promise((resolve) => setTimeout(resolve));

interface SessionState {
  status: 'loading' | 'authenticated' | 'anonymous';
  client: Client | null;
  /** Signed in from the cached client because the server could not be reached. */
  offline: boolean;
  /** SPEC §4: on load the app learns the current client (named by the page, else asked), once per page (later calls share it). */
  load(): Promise<void>;
  login(email: string, password: string): Promise<Client>;
  logout(): Promise<void>;
  /** A new account was created (the server already started its session). */
  registered(client: Client): Promise<void>;
  /** A password was set from a reset link: the server ended every other session and started this one. */
  passwordReset(client: Client): Promise<void>;
  /** The session ended on the server (a 401 while syncing): sign in again, keeping local changes. */
  expire(): void;
  setClient(client: Client): void;
}

/**
 * The server's signed-out page says nobody is signed in (`data-session="none"`,
 * scripts/vite/locale-pages.ts). Known from the first render: a page prerendered signed out is
 * hydrated with the same screen (React reads a store's initial state while hydrating).
 */
const pageIsSignedOut = () => typeof document !== 'undefined' && document.documentElement.dataset.session === 'none';

/**
 * The client the server put in the page it sent them (api/src/app.ts, as GET /clients/session
 * answers): the app renders their screen from its first render, without that round trip
 * (issue 20, part 2). The service worker's page has none, and the app asks.
 */
function clientInPage(): Client | null {
  const block = typeof document === 'undefined' ? null : document.getElementById(SIGNED_IN_CLIENT_ELEMENT_ID);
  try {
    return block?.textContent ? ((JSON.parse(block.textContent) as { client: Client | null }).client ?? null) : null;
  } catch {
    return null;
  }
}

export const useSession = create<SessionState>((set, get) => {
  let loading: Promise<void> | undefined;
  const signedIn = async (client: Client, offline = false) => {
    writeCache(client);
    set({ status: 'authenticated', client, offline });
    try {
      // Each in a task of its own: the signed-in code's evaluation and the database's opening
      // ran inside main.tsx's task, one long task on a cheap phone (63–90 ms at 4×, ADR 026).
      await nextTask();
      const { activateUserData } = await userData();
      await nextTask();
      await activateUserData(client.id);
    } catch (error) {
      console.error('user-data.activate', error);
    }
  };

  const inPage = clientInPage();
  // Every open of the installed app is the service worker's page, which names nobody: the client
  // this device remembers is shown at once, from the device's own data, and the server's answer
  // confirms it afterwards. Waiting for that answer first kept a spinner up for a round trip, and
  // for as long as a weak signal at the gym took to fail (issue 20, part 2).
  const remembered = inPage || pageIsSignedOut() ? null : readCache();
  return {
    status: inPage || remembered ? 'authenticated' : pageIsSignedOut() ? 'anonymous' : 'loading',
    client: inPage ?? remembered,
    offline: false,
    load() {
      // main.tsx starts it before the first render and AppRoutes asks again on mount: one request,
      // even when the first has already answered (after it, login, logout and expire keep the state).
      loading ??= (async () => {
        // The server sent its signed-out page (no session cookie, scripts/vite/locale-pages.ts):
        // nobody to ask about. Signed in, its page names the client. The service worker's
        // index.html does neither, so the app asks /clients/session, which answers 200 with no
        // client rather than a 401 the console logs.
        if (pageIsSignedOut()) {
          set({ status: 'anonymous', client: null, offline: false });
          return;
        }
        if (inPage) {
          await signedIn(inPage);
          return;
        }
        const starting = remembered ? signedIn(remembered) : Promise.resolve();
        try {
          const { client } = await answer(apiClient.clients.session.$get());
          await starting;
          if (!client) {
            // The session ended (expired, or signed out on another device).
            writeCache(null);
            set({ status: 'anonymous', client: null, offline: false });
          } else if (client.id === remembered?.id) {
            writeCache(client);
            set({ status: 'authenticated', client, offline: false });
          } else {
            await signedIn(client);
          }
        } catch (error) {
          await starting;
          const unreachable = error instanceof ApiRequestError && error.code === 'NETWORK';
          if (!unreachable && (!(error instanceof ApiRequestError) || error.status !== 401)) console.error('session.load', error);
          // Not confirmed, not denied either: the remembered client stays, as offline.
          if (remembered) set({ offline: true });
          else set({ status: 'anonymous', client: null, offline: false });
        }
      })();
      return loading;
    },
    async login(email, password) {
      const { client } = await answer(apiClient.clients.login.$post({ json: { email, password } }));
      await signedIn(client);
      return client;
    },
    registered: (client) => signedIn(client),
    passwordReset: (client) => signedIn(client),
    async logout() {
      try {
        await answer(apiClient.clients.logout.$post());
      } catch (error) {
        console.error('logout', error); // SPEC §8: logout errors are only logged
      }
      writeCache(null);
      if (get().client) await (await userData()).closeUserData();
      set({ status: 'anonymous', client: null, offline: false });
    },
    expire() {
      writeCache(null);
      set({ status: 'anonymous', client: null, offline: false });
    },
    setClient: (client) => {
      writeCache(client);
      set({ status: 'authenticated', client });
    },
  };
});
