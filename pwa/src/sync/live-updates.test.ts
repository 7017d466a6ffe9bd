// @vitest-environment node
/**
 * Live updates in the page (ADR 023): a change made elsewhere reaches this page within seconds
 * without a write of its own; one tab per user listens; a refused stream is tried again.
 */
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { UserDb } from '#pwa/db/user-db.ts';
import { TestEventSource } from '#pwa/test/event-source.ts';
import { createLockManager } from '#pwa/test/web-locks.ts';
import { createTestApp, type TestApp } from '../../../api/test/harness.ts';
import { TestDevice, buildDietInput, signIn } from '../../../api/test/factories.ts';
import { onLivePoke } from './live-pokes.ts';
import { startLiveUpdates, type LiveStream } from './live-updates.ts';
import { createSyncController } from './sync-controller.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The page's globals the sync controller listens on, in Node. */
function aPage(locks = createLockManager()) {
  vi.stubGlobal('window', new EventTarget());
  vi.stubGlobal('document', Object.assign(new EventTarget(), { visibilityState: 'visible' }));
  vi.stubGlobal('navigator', { onLine: true, locks });
  return locks;
}

/** A stream the test drives by hand. */
class ScriptedStream extends EventTarget implements LiveStream {
  readyState = 1;
  closed = false;
  poke(version: number) {
    this.dispatchEvent(new MessageEvent('poke', { data: String(version) }));
  }
  refuse() {
    this.readyState = 2;
    this.dispatchEvent(new Event('error'));
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
}

it('shows on this page within seconds a weight logged on the user’s phone and a diet staff published, with no write here', async () => {
  const locks = aPage();
  const laptop = t.client();
  const user = await signIn(laptop, t.deps);
  vi.stubGlobal('fetch', laptop.fetch);
  const db = new UserDb(user.id);
  const controller = createSyncController(db);
  const stop = startLiveUpdates(db, () => void controller.syncNow(), { openStream: (url) => new TestEventSource(laptop.fetch, url), locks });
  await vi.waitFor(async () => expect(await db.getMeta('cursor')).toBeGreaterThan(0), { timeout: 5_000, interval: 20 });

  const phone = t.client();
  phone.cookies.set('session', laptop.cookies.get('session') as string);
  const device = new TestDevice();
  await phone.post('/api/sync/push', { deviceId: device.deviceId, mutations: [device.addWeight(79.6)] });
  const started = Date.now();
  await vi.waitFor(async () => expect((await db.weightRecords.toArray()).map((r) => r.weight)).toEqual([79.6]), { timeout: 5_000, interval: 20 });
  expect(Date.now() - started).toBeLessThan(5_000);

  const admin = t.client();
  await signIn(admin, t.deps, { role: 'admin' });
  t.deps.subscriptions.activate(user.id, 'monthly', 'pt-BR', 'admin', null); // diets are for a paid plan (SPEC §4)
  const created = await admin.post<{ diet: { id: string } }>(`/api/admin/users/${user.id}/diet`, buildDietInput({ title: 'Dieta de dezembro' }));
  await admin.post(`/api/teacher-admin/diet/${created.body.diet.id}/publish`);
  await vi.waitFor(async () => expect((await db.diets.toArray()).map((d) => d.title)).toEqual(['Dieta de dezembro']), { timeout: 5_000, interval: 20 });
  expect((await db.notifications.toArray()).map((n) => n.type)).toContain('diet_published');

  stop();
  controller.stop();
  db.close();
});

it('syncs for a poke past this device’s cursor, not for one it has already pulled', async () => {
  const locks = aPage();
  const db = new UserDb('poke-user');
  await db.setMeta('cursor', 10);
  const stream = new ScriptedStream();
  const syncs = vi.fn();
  const stop = startLiveUpdates(db, syncs, { openStream: () => stream, locks });
  await vi.waitFor(() => expect(stream.readyState).toBe(1));
  stream.poke(9);
  stream.poke(10);
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(syncs).not.toHaveBeenCalled();
  stream.poke(11);
  await vi.waitFor(() => expect(syncs).toHaveBeenCalledTimes(1));
  stop();
  expect(stream.closed).toBe(true);
  db.close();
});

it('listens in one tab per user: another tab of the same user takes over when it closes', async () => {
  const locks = aPage();
  const db = new UserDb('tabs-user');
  const opened: ScriptedStream[] = [];
  const open = () => {
    const stream = new ScriptedStream();
    opened.push(stream);
    return stream;
  };
  const firstTab = startLiveUpdates(db, () => {}, { openStream: open, locks });
  const secondTab = startLiveUpdates(db, () => {}, { openStream: open, locks });
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(opened).toHaveLength(1);
  firstTab();
  await vi.waitFor(() => expect(opened).toHaveLength(2));
  expect(opened[0]?.closed).toBe(true);
  secondTab();
  expect(opened[1]?.closed).toBe(true);
  db.close();
});

it('tries a refused stream again after 30 s (a lapsed session, a proxy restarting), and not once stopped', async () => {
  vi.useFakeTimers();
  const locks = aPage();
  const db = new UserDb('refused-user');
  const opened: ScriptedStream[] = [];
  const stop = startLiveUpdates(db, () => {}, { openStream: () => (opened.push(new ScriptedStream()), opened.at(-1) as ScriptedStream), locks });
  await vi.advanceTimersByTimeAsync(0);
  opened[0]?.refuse();
  await vi.advanceTimersByTimeAsync(29_000);
  expect(opened).toHaveLength(1);
  await vi.advanceTimersByTimeAsync(1_000);
  expect(opened).toHaveLength(2);
  opened[1]?.refuse();
  stop();
  await vi.advanceTimersByTimeAsync(60_000);
  expect(opened).toHaveLength(2);
  db.close();
});

it('tells the page’s online screens of every poke (a coach’s threads are not in the pull), here and in the user’s other tabs', async () => {
  const locks = aPage();
  const db = new UserDb('coach-user');
  await db.setMeta('cursor', 10);
  const stream = new ScriptedStream();
  const otherTab = new BroadcastChannel('leve-pokes-coach-user');
  const heardThere = vi.fn();
  otherTab.onmessage = heardThere;
  const heardHere = vi.fn();
  const stopHearing = onLivePoke(heardHere);
  const stop = startLiveUpdates(db, () => {}, { openStream: () => stream, locks });
  await vi.waitFor(() => expect(stream.readyState).toBe(1));
  stream.poke(9); // already pulled, yet the REST screens may have something new
  await vi.waitFor(() => expect(heardThere).toHaveBeenCalledTimes(1));
  expect(heardHere).toHaveBeenCalledTimes(1);

  // A poke another tab received reaches this one's screens.
  otherTab.postMessage('poke');
  await vi.waitFor(() => expect(heardHere).toHaveBeenCalledTimes(2));

  stop();
  otherTab.postMessage('poke');
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(heardHere).toHaveBeenCalledTimes(2);
  stopHearing();
  otherTab.close();
  db.close();
});
