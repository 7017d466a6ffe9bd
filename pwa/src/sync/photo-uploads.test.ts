// @vitest-environment node
/**
 * Photos taken on the device reach the server through the sync (issue 21): the record is pushed,
 * then its files are uploaded in chunks — against the real API on a temp SQLite file, through a
 * `fetch` that `app.request()` answers, with connections that drop the way phones drop them.
 */
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { uuidv7 } from '#protocol/ids.ts';
import { MAX_PHOTO_CHUNK_BYTES } from '#protocol/mutations/fields.ts';
import type { PhotoAddArgs } from '#protocol/mutations/photo-add.ts';
import { recordMutation } from '#pwa/db/local-writes.ts';
import { recordPhoto } from '#pwa/db/photo-files.ts';
import { photoFileKey, UserDb } from '#pwa/db/user-db.ts';
import { createLockManager } from '#pwa/test/web-locks.ts';
import { createTestApp, type TestApp, type TestClient } from '../../../api/test/harness.ts';
import { createUser, webpBytes } from '../../../api/test/factories.ts';
import { syncNow } from './engine.ts';

let t: TestApp;
const opened: UserDb[] = [];

beforeAll(async () => {
  t = await createTestApp({ env: { PHOTO_QUOTA_MB: '2' } });
});
afterAll(() => t.close());
afterEach(() => {
  vi.unstubAllGlobals();
  for (const db of opened.splice(0)) db.close();
});

async function person() {
  const { user, password } = await createUser(t.deps);
  const browser = t.client();
  expect((await browser.post('/api/clients/login', { email: user.email, password })).status).toBe(200);
  const device = () => {
    const db = new UserDb(user.id);
    opened.push(db);
    return db;
  };
  return { user, browser, device };
}

/** A photo as the device encodes it: `bytes` of WebP and a small thumbnail. */
function takePhoto(db: UserDb, bytes = 40_000) {
  const id = uuidv7();
  const args: PhotoAddArgs = { id, createdAt: new Date().toISOString(), pose: 'side', contentType: 'image/webp', bytes, thumbnailBytes: 3_000, width: 1200, height: 1600 };
  const files = { image: webpBytes(bytes).slice().buffer, thumbnail: webpBytes(3_000).slice().buffer };
  return { args, files, record: () => recordPhoto(db, { name: 'photo.add', args }, files) };
}

/** The network, counting the requests to each path and failing as `fail` says (after the server handled it when `afterServer`). */
function network(browser: TestClient, fail: (url: string, init: RequestInit | undefined, nth: number) => 'before' | 'after' | null = () => null) {
  const counts = new Map<string, number>();
  const fetchThrough = (async (input: string | URL | Request, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    const nth = (counts.get(key) ?? 0) + 1;
    counts.set(key, nth);
    const failure = fail(String(input), init, nth);
    if (failure === 'before') throw new TypeError('Failed to fetch');
    const response = await browser.fetch(input, init);
    if (failure === 'after') throw new TypeError('Failed to fetch');
    return response;
  }) as typeof fetch;
  const puts = (photoId: string, kind: 'image' | 'thumbnail') => counts.get(`PUT /api/photos/${photoId}/${kind}`) ?? 0;
  return { fetch: fetchThrough, puts };
}

async function served(browser: TestClient, photoId: string, kind: 'image' | 'thumbnail') {
  const response = await browser.fetch(`/api/photos/${photoId}/${kind}`);
  return { status: response.status, bytes: new Uint8Array(await response.arrayBuffer()) };
}

describe('photo uploads through the sync', () => {
  it('sends a photo taken offline once the phone is back: the record, then both files, byte for byte', async () => {
    const { browser, device } = await person();
    const db = device();
    const photo = takePhoto(db);
    await photo.record();
    expect(await syncNow(db, { fetch: network(browser, () => 'before').fetch })).toEqual({ kind: 'offline' });
    expect((await db.photoFiles.toArray()).map((f) => f.state)).toEqual(['waiting', 'waiting']);

    const online = network(browser);
    expect(await syncNow(db, { fetch: online.fetch })).toMatchObject({ kind: 'synced', pushed: 1, uploadsWaiting: 0 });
    expect(await served(browser, photo.args.id, 'image')).toEqual({ status: 200, bytes: new Uint8Array(photo.files.image) });
    expect(await served(browser, photo.args.id, 'thumbnail')).toEqual({ status: 200, bytes: new Uint8Array(photo.files.thumbnail) });
    expect([online.puts(photo.args.id, 'image'), online.puts(photo.args.id, 'thumbnail')]).toEqual([1, 1]);
    expect((await db.photoFiles.toArray()).map((f) => f.state)).toEqual(['sent', 'sent']);
    // Pulled in the same sync: the screens stop showing it as waiting.
    expect((await db.synced('progressPhotos').get(photo.args.id))?.stored).toBe(true);

    // The next sync sends nothing again; the files stay for offline viewing.
    const later = network(browser);
    expect(await syncNow(db, { fetch: later.fetch })).toMatchObject({ kind: 'synced', uploadsWaiting: 0 });
    expect(later.puts(photo.args.id, 'image') + later.puts(photo.args.id, 'thumbnail')).toBe(0);
    expect(await db.photoFiles.count()).toBe(2);
  });

  it('resumes a photo whose connection dropped mid-upload, from what the server holds, even when the answer to a stored chunk was lost', async () => {
    const { browser, device } = await person();
    const db = device();
    const size = MAX_PHOTO_CHUNK_BYTES * 2 + 1000; // three chunks
    const photo = takePhoto(db, size);
    await photo.record();
    const url = `/api/photos/${photo.args.id}/image`;
    // The second chunk reaches the server but its answer is lost; the phone is offline after that.
    const dropping = network(browser, (u, init, nth) => (u === url && init?.method === 'PUT' ? (nth === 2 ? 'after' : nth > 2 ? 'before' : null) : null));
    expect(await syncNow(db, { fetch: dropping.fetch })).toEqual({ kind: 'offline' });
    expect((await browser.get<{ received: number }>(`${url}/offset`)).body.received).toBe(MAX_PHOTO_CHUNK_BYTES * 2);
    expect((await db.photoFiles.get(photoFileKey(photo.args.id, 'thumbnail')))?.state).toBe('sent');

    const online = network(browser);
    expect(await syncNow(db, { fetch: online.fetch })).toMatchObject({ kind: 'synced', uploadsWaiting: 0 });
    expect(online.puts(photo.args.id, 'image')).toBe(1); // only the third chunk
    expect(await served(browser, photo.args.id, 'image')).toEqual({ status: 200, bytes: new Uint8Array(photo.files.image) });
  });

  it('uploads once when the page and the service worker sync at the same moment', async () => {
    vi.stubGlobal('navigator', { locks: createLockManager() });
    const { browser, device } = await person();
    const [page, worker] = [device(), device()];
    const photo = takePhoto(page);
    await photo.record();
    const shared = network(browser);
    const outcomes = await Promise.all([syncNow(page, { fetch: shared.fetch }), syncNow(worker, { fetch: shared.fetch })]);
    expect(outcomes).toMatchObject([{ kind: 'synced' }, { kind: 'synced' }]);
    expect([shared.puts(photo.args.id, 'image'), shared.puts(photo.args.id, 'thumbnail')]).toEqual([1, 1]);
    expect((await served(browser, photo.args.id, 'image')).bytes.length).toBe(photo.args.bytes);
  });

  it('tells the user when the server refuses the files (storage full), and stops trying', async () => {
    const { browser, device } = await person();
    const db = device();
    const photo = takePhoto(db, 3 * 1024 * 1024); // over the 2 MB quota of this server
    await photo.record();
    expect(await syncNow(db, { fetch: network(browser).fetch })).toMatchObject({ kind: 'synced', uploadsWaiting: 0 });
    expect(await db.photoFiles.get(photoFileKey(photo.args.id, 'image'))).toMatchObject({ state: 'refused', failure: 'PHOTO_QUOTA_EXCEEDED' });
    expect(await db.refusals.toArray()).toMatchObject([{ code: 'PHOTO_QUOTA_EXCEEDED', mutation: { name: 'photo.add', args: { id: photo.args.id } } }]);

    const again = network(browser);
    await syncNow(db, { fetch: again.fetch });
    expect(again.puts(photo.args.id, 'image')).toBe(0);
  });

  it('drops the files of a photo deleted before they were sent, and sends none of them', async () => {
    const { browser, device } = await person();
    const db = device();
    const photo = takePhoto(db);
    await photo.record();
    await recordMutation(db, 'photo.delete', { id: photo.args.id });
    const online = network(browser);
    expect(await syncNow(db, { fetch: online.fetch })).toMatchObject({ kind: 'synced', uploadsWaiting: 0 });
    expect(online.puts(photo.args.id, 'image') + online.puts(photo.args.id, 'thumbnail')).toBe(0);
    expect(await db.photoFiles.count()).toBe(0);
    expect((await served(browser, photo.args.id, 'thumbnail')).status).toBe(404);
  });

  describe('a message’s photo (issue 22)', () => {
    function messageWithPhoto(db: UserDb, bytes = 40_000) {
      const photo = { id: uuidv7(), contentType: 'image/webp' as const, bytes, thumbnailBytes: 3_000, width: 1200, height: 1600 };
      const args = { id: uuidv7(), createdAt: new Date().toISOString(), body: 'Meu almoço', photo };
      const files = { image: webpBytes(bytes).slice().buffer, thumbnail: webpBytes(3_000).slice().buffer };
      return { args, photo, files, record: () => recordPhoto(db, { name: 'message.send', args }, files) };
    }

    it('shows at once from the device, then goes with the message and uploads its files after the push', async () => {
      const { browser, device } = await person();
      const db = device();
      const message = messageWithPhoto(db);
      await message.record();
      expect(await db.synced('messages').get(message.args.id)).toMatchObject({ photoId: message.photo.id });
      expect(await db.synced('progressPhotos').get(message.photo.id)).toMatchObject({ kind: 'message', pose: null, stored: false });
      expect(await syncNow(db, { fetch: network(browser, () => 'before').fetch })).toEqual({ kind: 'offline' });

      const online = network(browser);
      expect(await syncNow(db, { fetch: online.fetch })).toMatchObject({ kind: 'synced', pushed: 1, uploadsWaiting: 0 });
      expect(await served(browser, message.photo.id, 'image')).toEqual({ status: 200, bytes: new Uint8Array(message.files.image) });
      expect((await db.synced('progressPhotos').get(message.photo.id))?.stored).toBe(true);
    });

    it('tells the user the message’s photo was refused (storage full), naming the message', async () => {
      const { browser, device } = await person();
      const db = device();
      const message = messageWithPhoto(db, 3 * 1024 * 1024);
      await message.record();
      await syncNow(db, { fetch: network(browser).fetch });
      expect(await db.refusals.toArray()).toMatchObject([{ code: 'PHOTO_QUOTA_EXCEEDED', mutation: { name: 'message.send', args: { id: message.args.id, photo: { id: message.photo.id } } } }]);
    });

    it('drops the files of a message deleted before they were sent', async () => {
      const { browser, device } = await person();
      const db = device();
      const message = messageWithPhoto(db);
      await message.record();
      await recordMutation(db, 'message.delete', { id: message.args.id });
      const online = network(browser);
      expect(await syncNow(db, { fetch: online.fetch })).toMatchObject({ kind: 'synced', uploadsWaiting: 0 });
      expect(online.puts(message.photo.id, 'image') + online.puts(message.photo.id, 'thumbnail')).toBe(0);
      expect(await db.photoFiles.count()).toBe(0);
    });
  });
});
