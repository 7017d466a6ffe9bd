import { create } from 'zustand';
import type { UserDb } from '#pwa/db/user-db.ts';
import { syncNow, type SyncOutcome } from './engine.ts';

export interface SyncStatus {
  online: boolean;
  syncing: boolean;
  lastSyncAt: string | null;
  /** The last attempt failed for a reason other than being offline. */
  failed: boolean;
  /** A push was refused for the session: the outbox is kept until the user signs in again. */
  unauthorized: boolean;
}

export const useSyncStatus = create<SyncStatus>(() => ({
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  syncing: false,
  lastSyncAt: null,
  failed: false,
  unauthorized: false,
}));

const MAX_BACKOFF_MS = 5 * 60 * 1000;
/** The first retry: a lost answer is confirmed within seconds, not at the browser's next Background Sync. */
const FIRST_RETRY_MS = 1000;
const OUTBOX_SYNC_MESSAGE = { type: 'REGISTER_OUTBOX_SYNC' } as const;

/**
 * When to sync: at start, on `online`, when the page becomes visible, right after each local
 * write, and again with exponential backoff (1 s, 2 s, 4 s … 5 min) while changes wait. Each
 * write also asks the service worker to register a Background Sync, so it is sent even if the
 * page is closed. When the worker or another tab is syncing, the page waits for it and then
 * syncs itself: if that sync lost its answer, the page's own retry confirms the change.
 */
export function createSyncController(db: UserDb) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let failures = 0;
  /** The sync under way, with the follow-ups asked for while it ran. */
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let firstSyncEnded = () => {};
  const firstSync = new Promise<void>((resolve) => (firstSyncEnded = resolve));

  const schedule = (delayMs: number) => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void runNow(), delayMs);
  };

  /**
   * Resolves once a sync that began after this call has finished: asked while one runs (a write,
   * a chosen plan), it waits for the one more sync the ask queued, so what the server has now is
   * on this device when the caller goes on.
   */
  function runNow(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        for (;;) {
          again = false;
          const outcome = await syncOnce();
          if (!stopped) firstSyncEnded();
          if (outcome.kind === 'unauthorized') return; // wait for the user to sign in again
          const pending = await db.outbox.count().catch(() => 0);
          if (again && !stopped) continue;
          if (pending > 0 || (outcome.kind === 'synced' && outcome.uploadsWaiting > 0)) {
            schedule(Math.min(MAX_BACKOFF_MS, FIRST_RETRY_MS * 2 ** Math.min(failures, 12)));
            failures += 1;
          }
          return;
        }
      } finally {
        // Cleared with no await after the last look at `again`: no ask falls between the two.
        running = null;
      }
    })();
    return running;
  }

  async function syncOnce(): Promise<SyncOutcome> {
    useSyncStatus.setState({ syncing: true });
    const outcome = await syncNow(db).catch((error: unknown): SyncOutcome => {
      if (!stopped) console.error('sync.failed', error); // stopped: its database was closed under it
      return { kind: 'failed', status: 0 };
    });
    // Stopped meanwhile (logout, another account): the status shown is no longer this one's.
    if (stopped) return outcome;
    const lastSyncAt = ((await db.getMeta<string>('lastSyncAt').catch(() => undefined)) ?? null) as string | null;
    useSyncStatus.setState({
      syncing: false,
      lastSyncAt,
      online: outcome.kind === 'offline' ? false : typeof navigator === 'undefined' ? true : navigator.onLine,
      failed: outcome.kind === 'failed',
      unauthorized: outcome.kind === 'unauthorized',
    });
    if (outcome.kind === 'synced') failures = 0;
    return outcome;
  }

  const onOnline = () => {
    useSyncStatus.setState({ online: true });
    failures = 0;
    schedule(0);
  };
  const onOffline = () => useSyncStatus.setState({ online: false });
  const onVisible = () => {
    if (document.visibilityState === 'visible') schedule(0);
  };

  window.addEventListener('online', onOnline);
  window.addEventListener('offline', onOffline);
  document.addEventListener('visibilitychange', onVisible);
  schedule(0);

  return {
    /** Call after every local write. */
    changed() {
      failures = 0;
      schedule(100);
      navigator.serviceWorker?.controller?.postMessage(OUTBOX_SYNC_MESSAGE);
    },
    syncNow: () => runNow(),
    /** Resolves when the first sync has ended, whatever its outcome; never once stopped (another account). */
    firstSync,
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
      document.removeEventListener('visibilitychange', onVisible);
    },
  };
}

export type SyncController = ReturnType<typeof createSyncController>;
