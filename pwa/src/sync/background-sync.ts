import type { UserDb } from '#pwa/db/user-db.ts';
import { syncNow, type SyncOutcome } from './engine.ts';

/** The waits before each new try while the network is still unreachable: about 30 s in all. */
export const UNREACHABLE_RETRY_DELAYS_MS: readonly number[] = [1_000, 2_000, 4_000, 8_000, 15_000];
/** No new try begins after this long: a sync event that runs for minutes is cut short by the browser. */
const RETRY_WINDOW_MS = 60_000;

interface DrainOptions {
  sync?: (db: UserDb) => Promise<SyncOutcome>;
  wait?: (ms: number) => Promise<void>;
  delays?: readonly number[];
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * What one Background Sync event does: drain the outbox. The browser fires the event as soon as
 * it sees a connection, which may be before a request gets through (a radio still coming up; in
 * Chromium, the emulated network restored for the worker's requests after the event is sent). A
 * rejected event waits for the browser's own backoff, 5 minutes in Chromium (then 15, then it
 * gives up) with the app closed, so an unreachable network is tried again within the same event
 * for about 30 s first. Rejects when the drain did not end, so the browser retries later.
 */
export async function drainOutboxInBackground(db: UserDb, { sync = syncNow, wait = sleep, delays = UNREACHABLE_RETRY_DELAYS_MS }: DrainOptions = {}): Promise<void> {
  const started = Date.now();
  let outcome = await sync(db);
  for (const delay of delays) {
    if (outcome.kind !== 'offline' || Date.now() - started > RETRY_WINDOW_MS) break;
    await wait(delay);
    outcome = await sync(db);
  }
  // Throwing tells the browser the sync failed, so it retries later with its own backoff.
  if (outcome.kind === 'offline' || outcome.kind === 'failed') throw new Error(`outbox sync: ${outcome.kind}`);
  if (outcome.kind === 'synced' && outcome.uploadsWaiting > 0) throw new Error('outbox sync: photo files waiting');
}
