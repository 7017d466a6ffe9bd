// @vitest-environment node
/**
 * When the page syncs: after a lost answer it retries by itself within seconds, also when the
 * service worker held the lock, instead of waiting minutes for the browser's Background Sync.
 */
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { uuidv7 } from '#protocol/ids.ts';
import { recordMutation } from '#pwa/db/local-writes.ts';
import { UserDb } from '#pwa/db/user-db.ts';
import { createLockManager } from '#pwa/test/web-locks.ts';
import { createTestApp, type TestApp } from '../../../api/test/harness.ts';
import { signIn } from '../../../api/test/factories.ts';
import { syncNow } from './engine.ts';
import { createSyncController } from './sync-controller.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
/** The page's globals the controller listens on, in Node. */
function aPage(locks = createLockManager()) {
  vi.stubGlobal('window', new EventTarget());
  vi.stubGlobal('document', Object.assign(new EventTarget(), { visibilityState: 'visible' }));
  vi.stubGlobal('navigator', { onLine: true, locks });
}
afterEach(() => vi.unstubAllGlobals());

it('confirms a change within seconds when the service worker’s push lost its answer', async () => {
  aPage();
  const browser = t.client();
  const user = await signIn(browser, t.deps);
  const page = new UserDb(user.id);
  const worker = new UserDb(user.id);
  vi.stubGlobal('fetch', browser.fetch);

  // The worker wakes first and holds the lock; the server applies its push, the answer is lost.
  let pushed!: () => void;
  const serverApplied = new Promise<void>((resolve) => (pushed = resolve));
  const workerNetwork = (async (input: string, init?: RequestInit) => {
    const response = await browser.fetch(input, init);
    if (input.startsWith('/api/sync/push')) {
      pushed();
      await new Promise((resolve) => setTimeout(resolve, 200));
      throw new TypeError('Failed to fetch');
    }
    return response;
  }) as typeof fetch;
  await recordMutation(page, 'weight.add', { id: uuidv7(), weight: 66.6, notes: null, createdAt: new Date().toISOString() });
  const controller = createSyncController(page);
  const workerSync = syncNow(worker, { fetch: workerNetwork });
  await serverApplied;
  controller.changed();
  const started = Date.now();
  expect(await workerSync).toEqual({ kind: 'offline' });
  await vi.waitFor(async () => expect(await page.outbox.count()).toBe(0), { timeout: 10_000, interval: 50 });
  expect(Date.now() - started).toBeLessThan(5_000);
  const { body } = await browser.get<{ weightRecords: unknown[] }>('/api/weight-records');
  expect(body.weightRecords).toHaveLength(1);
  controller.stop();
  page.close();
  worker.close();
});

it('retries a push whose answer was lost after about a second, not minutes', async () => {
  aPage();
  const browser = t.client();
  const user = await signIn(browser, t.deps);
  const db = new UserDb(user.id);
  let lose = 1;
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const response = await browser.fetch(input, init);
    if (input.startsWith('/api/sync/push') && lose-- > 0) throw new TypeError('Failed to fetch');
    return response;
  });
  await recordMutation(db, 'weight.add', { id: uuidv7(), weight: 71.1, notes: null, createdAt: new Date().toISOString() });
  const started = Date.now();
  const controller = createSyncController(db);
  await vi.waitFor(async () => expect(await db.outbox.count()).toBe(0), { timeout: 10_000, interval: 50 });
  expect(Date.now() - started).toBeLessThan(5_000);
  controller.stop();
  db.close();
});

it('a sync asked for while another runs resolves only after a sync that began after the ask', async () => {
  aPage();
  const browser = t.client();
  const user = await signIn(browser, t.deps);
  const db = new UserDb(user.id);
  // The start-up pull is answered by the server, then held in flight while the plan is chosen.
  let answered!: () => void;
  const firstPullAnswered = new Promise<void>((resolve) => (answered = resolve));
  let pulls = 0;
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const response = await browser.fetch(input, init);
    if (input.startsWith('/api/sync/pull') && pulls++ === 0) {
      answered();
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    return response;
  });
  const controller = createSyncController(db);
  await firstPullAnswered;
  await browser.post('/api/subscriptions', { planId: 'monthly' });

  await controller.syncNow();

  const held = await db.subscriptions.toArray();
  expect(held.map((s) => s.planId)).toContain('monthly');
  controller.stop();
  db.close();
});
