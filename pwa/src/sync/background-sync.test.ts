// @vitest-environment node
/**
 * The service worker's Background Sync event: a network still unreachable when the browser fires
 * it is tried again within the event, not at the browser's next try minutes later.
 */
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { uuidv7 } from '#protocol/ids.ts';
import { recordMutation } from '#pwa/db/local-writes.ts';
import { UserDb } from '#pwa/db/user-db.ts';
import { createLockManager } from '#pwa/test/web-locks.ts';
import { createTestApp, type TestApp } from '../../../api/test/harness.ts';
import { signIn } from '../../../api/test/factories.ts';
import { drainOutboxInBackground, UNREACHABLE_RETRY_DELAYS_MS } from './background-sync.ts';
import { syncNow, type SyncOutcome } from './engine.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => vi.unstubAllGlobals());

it('sends the outbox when the first requests after the signal returns fail', async () => {
  vi.stubGlobal('navigator', { onLine: true, locks: createLockManager() });
  const browser = t.client();
  const user = await signIn(browser, t.deps);
  const db = new UserDb(user.id);
  await recordMutation(db, 'weight.add', { id: uuidv7(), weight: 70.2, notes: null, createdAt: new Date().toISOString() });
  // The event fires before the network lets a request through: the first two pushes fail.
  let unreachable = 2;
  const network = (async (input: string, init?: RequestInit) => {
    if (input.startsWith('/api/sync/push') && unreachable-- > 0) throw new TypeError('Failed to fetch');
    return browser.fetch(input, init);
  }) as typeof fetch;
  const waits: number[] = [];

  await drainOutboxInBackground(db, { sync: (d) => syncNow(d, { fetch: network }), wait: async (ms) => void waits.push(ms) });

  expect(await db.outbox.count()).toBe(0);
  expect(waits).toEqual(UNREACHABLE_RETRY_DELAYS_MS.slice(0, 2));
  const { body } = await browser.get<{ weightRecords: { weight: number }[] }>('/api/weight-records');
  expect(body.weightRecords.map((r) => r.weight)).toEqual([70.2]);
  db.close();
});

it('rejects, for the browser to retry later, once the network stays unreachable through every try', async () => {
  const outcomes: SyncOutcome[] = [];
  const sync = async () => (outcomes.push({ kind: 'offline' }), { kind: 'offline' } as const);
  await expect(drainOutboxInBackground({} as UserDb, { sync, wait: async () => {} })).rejects.toThrow('outbox sync: offline');
  expect(outcomes).toHaveLength(UNREACHABLE_RETRY_DELAYS_MS.length + 1);
});

it('leaves a server error and waiting photo files to the browser’s backoff, with no try at once', async () => {
  for (const outcome of [{ kind: 'failed', status: 503 }, { kind: 'synced', pushed: 1, refused: 0, uploadsWaiting: 1 }] as const) {
    let calls = 0;
    const sync = async (): Promise<SyncOutcome> => (calls++, outcome);
    await expect(drainOutboxInBackground({} as UserDb, { sync, wait: async () => {} })).rejects.toThrow(/outbox sync/);
    expect(calls).toBe(1);
  }
  // Unauthorized waits for the user to sign in again: nothing for the browser to retry.
  await expect(drainOutboxInBackground({} as UserDb, { sync: async () => ({ kind: 'unauthorized' }) })).resolves.toBeUndefined();
});
