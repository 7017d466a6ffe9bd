/** Progress photos' files (issue 21): resumable uploads, type and size checks, quota, scope, erasure. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PullResult, PushResult } from '#protocol/contract/sync.ts';
import { uuidv7 } from '#protocol/ids.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness.ts';
import { signIn, storePhoto, TestDevice, webpBytes } from '../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PHOTO_QUOTA_MB: '1' } });
});
afterAll(() => t.close());

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...Array(400).fill(7)]);

async function signedIn(overrides: Parameters<typeof signIn>[2] = {}) {
  const c = t.client();
  const user = await signIn(c, t.deps, overrides);
  return { c, user, device: new TestDevice() };
}

/** A photo record as a device pushes it. */
async function recordPhoto(c: TestClient, device: TestDevice, overrides: Record<string, unknown> = {}) {
  const args = { id: uuidv7(), createdAt: new Date().toISOString(), pose: 'front', contentType: 'image/webp', bytes: 4000, thumbnailBytes: 500, width: 1200, height: 1600, ...overrides };
  const push = await c.post<PushResult>('/api/sync/push', { deviceId: device.deviceId, mutations: [device.mutation('photo.add', args as never)] });
  return { args, push: push.body };
}

const put = (c: TestClient, id: string, kind: 'image' | 'thumbnail', bytes: Uint8Array, start: number, total: number) =>
  c.request<Record<string, unknown>>('PUT', `/api/photos/${id}/${kind}`, bytes, { 'content-range': `bytes ${start}-${start + bytes.length - 1}/${total}` });
const pulledPhotos = async (c: TestClient) => (await c.get<PullResult>('/api/sync/pull?cursor=0')).body.changes.progressPhotos;

describe('uploading a photo', () => {
  it('resumes a dropped upload where it stopped, is stored once both files are in, and the devices pull that it is', async () => {
    const { c, device } = await signedIn();
    const { args } = await recordPhoto(c, device);
    const image = webpBytes(4000);
    expect((await put(c, args.id, 'image', image.subarray(0, 1500), 0, 4000)).body).toEqual({ received: 1500, complete: false });
    // The connection dropped: a chunk sent from the wrong place is refused with nothing appended.
    const wrong = await put(c, args.id, 'image', image.subarray(3000), 3000, 4000);
    expect(wrong.status).toBe(409);
    expect(wrong.body).toMatchObject({ code: 'UPLOAD_OFFSET_MISMATCH' });
    expect((await c.get(`/api/photos/${args.id}/image/offset`)).body).toEqual({ received: 1500, complete: false });
    expect((await put(c, args.id, 'image', image.subarray(1500), 1500, 4000)).body).toEqual({ received: 4000, complete: true });
    expect(await pulledPhotos(c)).toEqual([expect.objectContaining({ id: args.id, stored: false })]);
    expect((await put(c, args.id, 'thumbnail', webpBytes(500), 0, 500)).body).toEqual({ received: 500, complete: true });
    expect(await pulledPhotos(c)).toEqual([{ ...args, kind: 'progress', stored: true, deleted: false }]);

    const served = await c.fetch(`/api/photos/${args.id}/image`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(image);
  });

  it('appends a chunk once when the phone resends it while the first try is still being written', async () => {
    const { c, device } = await signedIn();
    const { args } = await recordPhoto(c, device);
    const chunk = webpBytes(4000).subarray(0, 2000);
    const statuses = (await Promise.all([put(c, args.id, 'image', chunk, 0, 4000), put(c, args.id, 'image', chunk, 0, 4000)])).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409]);
    expect((await c.get(`/api/photos/${args.id}/image/offset`)).body).toEqual({ received: 2000, complete: false });
  });

  it('keeps one copy when the same photo is recorded and uploaded twice', async () => {
    const { c, device, user } = await signedIn();
    const { args } = await recordPhoto(c, device);
    const laptop = new TestDevice();
    const again = await c.post<PushResult>('/api/sync/push', { deviceId: laptop.deviceId, mutations: [laptop.mutation('photo.add', args as never)] });
    expect(again.body.results[0]?.status).toBe('applied'); // consumed, a replay changes nothing
    for (let i = 0; i < 2; i++) expect((await put(c, args.id, 'image', webpBytes(4000), 0, 4000)).body).toEqual({ received: 4000, complete: true });
    expect(await t.deps.photoFiles.usage(user.id)).toBe(4000);
    expect(await pulledPhotos(c)).toHaveLength(1);
  });

  it('refuses a PNG sent as the JPEG that was recorded, and drops what arrived', async () => {
    const { c, device } = await signedIn();
    const { args } = await recordPhoto(c, device, { contentType: 'image/jpeg', bytes: PNG.length });
    const refused = await put(c, args.id, 'image', PNG, 0, PNG.length);
    expect(refused.status).toBe(415);
    expect(refused.body).toMatchObject({ code: 'PHOTO_TYPE_MISMATCH' });
    expect((await c.get(`/api/photos/${args.id}/image/offset`)).body).toEqual({ received: 0, complete: false });
  });

  it('refuses a 30 MB photo at its record, a size other than the recorded one, and a chunk over 512 KB', async () => {
    const { c, device } = await signedIn();
    const huge = await recordPhoto(c, device, { bytes: 30 * 1024 * 1024 });
    expect(huge.push.results[0]).toMatchObject({ status: 'rejected', code: 'VALIDATION_FAILED' });
    const { args } = await recordPhoto(c, device, { bytes: 600 * 1024 });
    const otherSize = await put(c, args.id, 'image', webpBytes(1000), 0, 2000);
    expect(otherSize.status).toBe(400);
    expect(otherSize.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'Content-Range', code: 'validation.photoSizeMismatch' }] });
    expect((await put(c, args.id, 'image', webpBytes(600 * 1024), 0, 600 * 1024)).status).toBe(413);
    expect((await c.request('PUT', `/api/photos/${args.id}/image`, webpBytes(100))).status).toBe(400); // no Content-Range
  });

  it('refuses a photo past the user’s quota, in their language, before taking any of it', async () => {
    const { c, device, user } = await signedIn();
    await storePhoto(t, user.id, { bytes: 900 * 1024, thumbnailBytes: 100 * 1024 });
    const { args } = await recordPhoto(c, device, { bytes: 100 * 1024 });
    const refused = await put(c, args.id, 'image', webpBytes(1000), 0, 100 * 1024);
    expect(refused.status).toBe(413);
    expect(refused.body).toMatchObject({ code: 'PHOTO_QUOTA_EXCEEDED', error: 'Seu espaço para fotos acabou. Exclua fotos antigas para enviar novas.' });
    expect((await c.get(`/api/photos/${args.id}/image/offset`)).body).toEqual({ received: 0, complete: false });
  });
});

describe('who sees a photo', () => {
  it('the owner, their own teacher and admins; to anyone else, and for uploads to it, it does not exist', async () => {
    const teacher = await signedIn({ role: 'teacher' });
    const otherTeacher = await signedIn({ role: 'teacher' });
    const admin = await signedIn({ role: 'admin' });
    const student = await signedIn({ teacherId: teacher.user.id });
    const stranger = await signedIn();
    const unassigned = await signedIn();
    const photo = await storePhoto(t, student.user.id);
    const status = async (c: TestClient, kind = 'image') => (await c.fetch(`/api/photos/${photo.id}/${kind}`)).status;
    expect(await status(student.c)).toBe(200);
    expect(await status(teacher.c, 'thumbnail')).toBe(200);
    expect(await status(admin.c)).toBe(200);
    expect(await status(otherTeacher.c)).toBe(404);
    expect(await status(stranger.c)).toBe(404);
    expect(await status(t.client())).toBe(401);
    expect((await put(stranger.c, photo.id, 'image', webpBytes(100), 0, 4000)).status).toBe(404);
    expect((await stranger.c.get(`/api/photos/${photo.id}/image/offset`)).status).toBe(404);
    // An approved teacher may author plans for clients with no teacher, but not see their photos.
    const theirs = await storePhoto(t, unassigned.user.id);
    expect((await teacher.c.fetch(`/api/photos/${theirs.id}/image`)).status).toBe(404);
  });
});

describe('erasing photos', () => {
  const folderOf = (userId: string) => path.join(t.deps.config.uploadsPath, 'photos', userId);

  it('a photo deleted by its owner leaves the disk; its record stays a tombstone for the other devices', async () => {
    const { c, device, user } = await signedIn();
    const photo = await storePhoto(t, user.id);
    const erased = await c.post<PushResult>('/api/sync/push', { deviceId: device.deviceId, mutations: [device.mutation('photo.delete', { id: photo.id })] });
    expect(erased.body.results[0]?.status).toBe('applied');
    expect(await t.deps.photoFiles.received(user.id, photo.id, 'image')).toEqual({ received: 0, complete: false });
    expect((await c.fetch(`/api/photos/${photo.id}/image`)).status).toBe(404);
    expect(await pulledPhotos(c)).toEqual([expect.objectContaining({ id: photo.id, deleted: true })]);
  });

  it('an account deleted by its owner or by an admin takes its photos’ files with it', async () => {
    const owner = await signedIn();
    await storePhoto(t, owner.user.id);
    expect(existsSync(folderOf(owner.user.id))).toBe(true);
    expect((await owner.c.request('DELETE', '/api/clients/me', { password: 'senha-forte-1' })).status).toBe(200);
    expect(existsSync(folderOf(owner.user.id))).toBe(false);

    const admin = await signedIn({ role: 'admin' });
    const removed = await signedIn();
    await storePhoto(t, removed.user.id);
    expect((await admin.c.request('DELETE', `/api/admin/users/${removed.user.id}`)).status).toBe(200);
    expect(existsSync(folderOf(removed.user.id))).toBe(false);
  });
});
