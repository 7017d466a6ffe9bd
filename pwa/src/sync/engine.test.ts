// @vitest-environment node
/**
 * The client sync engine as users run it — Dexie on IndexedDB (fake-indexeddb) and the real API on
 * a temp SQLite file, reached through a `fetch` that `app.request()` answers — through the ways the
 * world breaks: answers lost after the server applied a push, a session that ended, a device id
 * that belongs to someone else, a server restored from a backup, device clocks fast or slow, the
 * service worker and the page syncing at once.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { uuidv7 } from '#protocol/ids.ts';
import type { MutationArgs, MutationName } from '#protocol/mutations/envelope.ts';
import { recordMutation } from '#pwa/db/local-writes.ts';
import { UserDb } from '#pwa/db/user-db.ts';
import { createLockManager } from '#pwa/test/web-locks.ts';
import { createSqliteTestApp, type SqliteTestApp, type TestClient } from '../../../api/test/harness.ts';
import { createUser } from '../../../api/test/factories.ts';
import { syncNow } from './engine.ts';

const world = { now: Date.UTC(2026, 10, 23, 15, 0) }; // noon in São Paulo, 15:00 UTC
let t: SqliteTestApp;
const opened: UserDb[] = [];

beforeAll(async () => {
  t = await createSqliteTestApp({ now: () => world.now });
});
afterAll(() => t.close());
afterEach(() => {
  vi.unstubAllGlobals();
  for (const db of opened.splice(0)) db.close();
  world.now = Date.UTC(2026, 10, 23, 15, 0);
});

/** A signed-in person: their browser's cookie jar and a way to open their device database. */
async function person() {
  const { user, password } = await createUser(t.deps);
  const browser = t.client();
  expect((await browser.post('/api/clients/login', { email: user.email, password })).status).toBe(200);
  return { user, password, browser, device: () => openDevice(user.id) };
}

/**
 * A context of this user: on this browser (a tab, the service worker) it shares the IndexedDB
 * database; another browser brings its own `IDBFactory`.
 */
function openDevice(userId: string, indexedDB?: IDBFactory): UserDb {
  const db = new UserDb(userId, indexedDB);
  opened.push(db);
  return db;
}

/** A local change made at `at` by the device's own clock. */
const write = <N extends MutationName>(db: UserDb, name: N, args: MutationArgs[N], at = new Date(world.now)) => recordMutation(db, name, args, at);
const weight = (value: number, at = new Date(world.now)) => ({ id: uuidv7(at.getTime()), weight: value, notes: null, createdAt: at.toISOString() });

/** The network to the server, losing the answer to the next `times` requests to `path` after the server handled them. */
function losingAnswers(browser: TestClient, pathname: string, times = 1): typeof fetch {
  let left = times;
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const response = await browser.fetch(input, init);
    if (left > 0 && String(input).startsWith(pathname)) {
      left -= 1;
      throw new TypeError('Failed to fetch');
    }
    return response;
  }) as typeof fetch;
}

async function serverWeights(browser: TestClient) {
  return (await browser.get<{ weightRecords: { id: string; weight: number }[] }>('/api/weight-records')).body.weightRecords;
}

async function serverDay(browser: TestClient, localDate: string) {
  return (await browser.get<{ progress: Record<string, unknown> }>(`/api/daily-progress?date=${localDate}`)).body.progress;
}

describe('sync engine against the real API', () => {
  it('confirms a change whose answer was lost, and the server holds it once', async () => {
    const { browser, device } = await person();
    const db = device();
    await write(db, 'weight.add', weight(80.4));
    expect(await syncNow(db, { fetch: losingAnswers(browser, '/api/sync/push') })).toEqual({ kind: 'offline' });
    expect(await db.outbox.count()).toBe(1); // applied on the server, unknown here
    expect(await syncNow(db, { fetch: browser.fetch })).toMatchObject({ kind: 'synced', refused: 0 });
    expect(await db.outbox.count()).toBe(0);
    expect((await serverWeights(browser)).map((r) => r.weight)).toEqual([80.4]);
  });

  it('keeps the outbox when the session ended, and sends it after signing in again', async () => {
    const { user, password, browser, device } = await person();
    const db = device();
    await write(db, 'weight.add', weight(79.1));
    await browser.post('/api/clients/logout');
    expect(await syncNow(db, { fetch: browser.fetch })).toEqual({ kind: 'unauthorized' });
    expect(await db.outbox.count()).toBe(1);
    expect((await browser.post('/api/clients/login', { email: user.email, password })).status).toBe(200);
    expect(await syncNow(db, { fetch: browser.fetch })).toMatchObject({ kind: 'synced' });
    expect((await serverWeights(browser)).map((r) => r.weight)).toEqual([79.1]);
  });

  it('starts over as a new device when its id belongs to another account, and loses nothing', async () => {
    const first = await person();
    const firstDb = first.device();
    await write(firstDb, 'weight.add', weight(70));
    await syncNow(firstDb, { fetch: first.browser.fetch });
    const takenId = await firstDb.getMeta<string>('deviceId');

    const second = await person();
    const secondDb = second.device();
    await secondDb.setMeta('deviceId', takenId as string); // e.g. a profile copied between people
    await write(secondDb, 'weight.add', weight(90.5));
    expect(await syncNow(secondDb, { fetch: second.browser.fetch })).toMatchObject({ kind: 'synced', pushed: 1 });
    expect(await secondDb.getMeta<string>('deviceId')).not.toBe(takenId);
    expect((await serverWeights(second.browser)).map((r) => r.weight)).toEqual([90.5]);
    expect((await serverWeights(first.browser)).map((r) => r.weight)).toEqual([70]);
  });

  it('after the server is restored from a backup (cursor ahead, lastSeq behind) resends what waits and converges', async () => {
    const { user, password, browser, device } = await person();
    const db = device();
    await write(db, 'weight.add', weight(82));
    await syncNow(db, { fetch: browser.fetch });
    // The operator backs up the database; later changes reach only the server that is then lost.
    const backup = path.join(mkdtempSync(path.join(tmpdir(), 'restore-')), 'backup.db');
    await t.database.sqlite.backup(backup);
    await write(db, 'weight.add', weight(81.5));
    await write(db, 'weight.add', weight(81.2));
    await syncNow(db, { fetch: browser.fetch });
    expect(await db.getMeta<number>('ackedSeq')).toBe(3);

    const restoredFile = path.join(path.dirname(backup), 'restored.db');
    copyFileSync(backup, restoredFile);
    const restored = await createSqliteTestApp({ now: () => world.now, env: { DATABASE_PATH: restoredFile } });
    try {
      const again = restored.client();
      expect((await again.post('/api/clients/login', { email: user.email, password })).status).toBe(200);
      await write(db, 'weight.add', weight(80.9)); // made after the restore, waiting in the outbox
      expect(await syncNow(db, { fetch: again.fetch })).toMatchObject({ kind: 'synced' });
      expect(await db.outbox.count()).toBe(0);
      const onServer = (await serverWeights(again)).map((r) => r.weight).sort();
      expect(onServer).toEqual([80.9, 82]);
      // The device now holds exactly the server's state, under a new device id.
      const local = (await db.weightRecords.toArray()).filter((r) => !r.deleted).map((r) => r.weight).sort();
      expect(local).toEqual(onServer);
      // The next change goes through at once: nothing is stuck behind a gap.
      await write(db, 'weight.add', weight(80.7));
      expect(await syncNow(db, { fetch: again.fetch })).toMatchObject({ kind: 'synced', pushed: 1 });
    } finally {
      restored.close();
    }
  });

  it('with an empty outbox, a restored server (lastSeq behind) makes the device start over before it writes again', async () => {
    const { user, password, browser, device } = await person();
    const db = device();
    await write(db, 'weight.add', weight(75));
    await syncNow(db, { fetch: browser.fetch });
    const backup = path.join(mkdtempSync(path.join(tmpdir(), 'restore-')), 'backup.db');
    await t.database.sqlite.backup(backup);
    await write(db, 'weight.add', weight(74.6));
    await syncNow(db, { fetch: browser.fetch });
    const deviceBefore = await db.getMeta<string>('deviceId');

    const restored = await createSqliteTestApp({ now: () => world.now, env: { DATABASE_PATH: backup } });
    try {
      const again = restored.client();
      expect((await again.post('/api/clients/login', { email: user.email, password })).status).toBe(200);
      expect(await syncNow(db, { fetch: again.fetch })).toMatchObject({ kind: 'synced' });
      expect(await db.getMeta<string>('deviceId')).not.toBe(deviceBefore);
      await write(db, 'weight.add', weight(74.2));
      expect(await syncNow(db, { fetch: again.fetch })).toMatchObject({ kind: 'synced', pushed: 1 });
      expect((await serverWeights(again)).map((r) => r.weight).sort()).toEqual([74.2, 75]);
    } finally {
      restored.close();
    }
  });
});

describe('device clocks', () => {
  it('keeps every change of a clock ten minutes fast, and after the user corrects it', async () => {
    const { browser, device } = await person();
    const db = device();
    const fast = new Date(world.now + 10 * 60_000);
    await write(db, 'progress.set', { field: 'mood', value: 2 }, fast);
    expect(await syncNow(db, { fetch: browser.fetch })).toMatchObject({ kind: 'synced', pushed: 1, refused: 0 });
    // The user sets the right time; the device still remembers its fast clock.
    world.now += 60_000;
    await write(db, 'progress.set', { field: 'mood', value: 4 });
    await write(db, 'progress.set', { field: 'workoutCompleted', value: true });
    await write(db, 'weight.add', weight(68.3));
    expect(await syncNow(db, { fetch: browser.fetch })).toMatchObject({ kind: 'synced', pushed: 3, refused: 0 });
    expect(await db.refusals.count()).toBe(0);
    expect(await serverDay(browser, '2026-11-23')).toMatchObject({ mood: 4, workoutCompleted: true });
    expect((await db.dailyProgress.get('2026-11-23'))?.mood).toBe(4);
  });

  it('orders a change made on a slow device after the change it had already seen from another', async () => {
    const { user, browser, device } = await person();
    const laptop = device();
    const phone = openDevice(user.id, new IDBFactory()); // another browser: its own IndexedDB
    await syncNow(phone, { fetch: browser.fetch });
    await write(laptop, 'progress.set', { field: 'mood', value: 2 });
    await syncNow(laptop, { fetch: browser.fetch });
    // Later, the phone — its clock two hours slow — pulls the laptop's mood, then the user changes it.
    world.now += 60_000;
    await syncNow(phone, { fetch: browser.fetch });
    expect((await phone.dailyProgress.get('2026-11-23'))?.mood).toBe(2);
    await write(phone, 'progress.set', { field: 'mood', value: 5 }, new Date(world.now - 2 * 3_600_000));
    await syncNow(phone, { fetch: browser.fetch });
    await syncNow(laptop, { fetch: browser.fetch });
    expect(await serverDay(browser, '2026-11-23')).toMatchObject({ mood: 5 });
    expect((await laptop.dailyProgress.get('2026-11-23'))?.mood).toBe(5);
    expect((await phone.dailyProgress.get('2026-11-23'))?.mood).toBe(5);
  });
});

describe('refusals', () => {
  it('are kept in the user’s database by whichever context synced, for every page and the next open', async () => {
    const { user, browser } = await person();
    const page = openDevice(user.id);
    const worker = openDevice(user.id); // the service worker: the same database, another connection
    const lost = await write(page, 'weight.delete', { id: uuidv7() }); // a record the server never had
    await write(page, 'weight.add', weight(77.7));
    expect(await syncNow(worker, { fetch: browser.fetch })).toMatchObject({ kind: 'synced', pushed: 1, refused: 1 });
    expect(await page.refusals.toArray()).toEqual([expect.objectContaining({ id: lost.id, code: 'NOT_FOUND', mutation: expect.objectContaining({ name: 'weight.delete' }) })]);
    expect(await page.outbox.count()).toBe(0);
    // No page was open: the next one to open still finds it.
    page.close();
    worker.close();
    expect(await openDevice(user.id).refusals.count()).toBe(1);
  });

  it('are told even when the answer that carried them was lost', async () => {
    const { browser, device } = await person();
    const db = device();
    const early = await write(db, 'progress.complete', {}); // nothing checked yet: the day cannot be complete
    expect(await syncNow(db, { fetch: losingAnswers(browser, '/api/sync/push') })).toEqual({ kind: 'offline' });
    expect(await syncNow(db, { fetch: browser.fetch })).toMatchObject({ kind: 'synced', refused: 1 });
    expect((await db.refusals.toArray()).map((r) => [r.id, r.code])).toEqual([[early.id, 'DAY_NOT_COMPLETE']]);
  });
});

describe('the page and the service worker', () => {
  it('the page waits while the worker syncs, then confirms what the worker’s lost answer left', async () => {
    vi.stubGlobal('navigator', { locks: createLockManager() });
    const { user, browser, device } = await person();
    const page = device();
    const worker = openDevice(user.id);
    await write(page, 'weight.add', weight(88.8));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The worker's push reaches the server; its answer is lost on the way back.
    const workerNetwork = (async (input: string, init?: RequestInit) => {
      const response = await browser.fetch(input, init);
      if (input.startsWith('/api/sync/push')) {
        await held;
        throw new TypeError('Failed to fetch');
      }
      return response;
    }) as typeof fetch;
    const workerSync = syncNow(worker, { fetch: workerNetwork });
    await vi.waitFor(async () => expect(await serverWeights(browser)).toHaveLength(1));
    const pageSync = syncNow(page, { fetch: browser.fetch }); // waits for the worker's turn
    release();
    expect(await workerSync).toEqual({ kind: 'offline' });
    expect(await pageSync).toMatchObject({ kind: 'synced' });
    expect(await page.outbox.count()).toBe(0);
    expect(await serverWeights(browser)).toHaveLength(1);
  });

  it.each([
    ['with the Web Lock', true],
    ['without Web Locks (both drain at once)', false],
  ])('send each change once when both sync together %s', async (_label, locks) => {
    if (locks) vi.stubGlobal('navigator', { locks: createLockManager() });
    const { user, browser, device } = await person();
    const page = device();
    const worker = openDevice(user.id);
    for (let i = 0; i < 30; i++) await write(page, 'weight.add', weight(60 + i / 10, new Date(world.now + i)));
    const outcomes = await Promise.all([syncNow(page, { fetch: browser.fetch }), syncNow(worker, { fetch: browser.fetch })]);
    expect(outcomes.map((o) => o.kind)).toEqual(['synced', 'synced']);
    expect(await page.outbox.count()).toBe(0);
    const onServer = await serverWeights(browser);
    expect(onServer).toHaveLength(30);
    expect(new Set(onServer.map((r) => r.id)).size).toBe(30);
  });
});
