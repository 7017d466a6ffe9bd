/**
 * Live updates in the page (issue 19, part 6; ADR 023). The server pokes with its sync version
 * when this user's data changes; a poke past this device's cursor starts a sync (pull stays
 * the one way data arrives). One tab per user listens (a Web Lock), so a user with many tabs
 * holds one connection, not one per tab; the pull it runs reaches the other tabs through
 * IndexedDB, whose changes every tab's live queries observe. The service worker is not
 * involved: with no page open, nothing listens and the background behaviour is unchanged.
 */
import type { UserDb } from '#pwa/db/user-db.ts';
import { openPokeRelay } from './live-pokes.ts';

export const LIVE_UPDATES_PATH = '/api/sync/events';
/** After the server refused the stream (a lapsed session, a proxy's 502), when to try again. */
const REOPEN_AFTER_MS = 30_000;

/** The part of `EventSource` used here. */
export interface LiveStream {
  readonly readyState: number;
  addEventListener(type: 'poke' | 'error', listener: (event: Event) => void): void;
  close(): void;
}

export interface LiveUpdatesOptions {
  openStream?: (url: string) => LiveStream;
  locks?: Pick<LockManager, 'request'>;
}

/** Starts listening for this user; returns the call that stops (sign-out, another user). */
export function startLiveUpdates(db: UserDb, syncNow: () => void, options: LiveUpdatesOptions = {}): () => void {
  const openStream = options.openStream ?? (typeof EventSource === 'undefined' ? null : (url: string) => new EventSource(url));
  const locks = options.locks ?? (typeof navigator === 'undefined' ? undefined : navigator.locks);
  if (!openStream || !locks) return () => {}; // an old browser: the app syncs as before
  const stopping = new AbortController();
  // Every tab joins the user's channel; the one holding the stream announces on it.
  const relay = openPokeRelay(db.userId);
  stopping.signal.addEventListener('abort', relay.close);

  const listen = (release: () => void) => {
    let stream: LiveStream | null = null;
    let reopen: ReturnType<typeof setTimeout> | null = null;
    const open = () => {
      stream = openStream(LIVE_UPDATES_PATH);
      stream.addEventListener('poke', (event) => {
        const version = Number((event as MessageEvent<string>).data);
        relay.announce();
        void db.getMeta<number>('cursor').then((cursor) => {
          if (Number.isSafeInteger(version) && version > (cursor ?? 0)) syncNow();
        });
      });
      // A network error makes the browser reconnect by itself; a refusal closes the stream for good.
      stream.addEventListener('error', () => {
        if (stream?.readyState === 2 /* CLOSED */ && !stopping.signal.aborted) reopen = setTimeout(open, REOPEN_AFTER_MS);
      });
    };
    open();
    stopping.signal.addEventListener('abort', () => {
      if (reopen) clearTimeout(reopen);
      stream?.close();
      release();
    });
  };

  locks
    .request(`leve-live-${db.userId}`, { signal: stopping.signal }, () => new Promise<void>((release) => listen(release)))
    .catch(() => undefined); // stopped while another tab held the lock
  return () => stopping.abort();
}
