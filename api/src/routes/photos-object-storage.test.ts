/**
 * Photos in S3-compatible object storage (STORAGE_URL, ADR 031), end to end through the routes, on
 * a real S3-compatible server the test run started: a resumable upload across a dropped connection
 * and another instance, reading back, the export, and the erasures, each checked in the bucket.
 */
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushResult } from '#protocol/contract/sync.ts';
import { uuidv7 } from '#protocol/ids.ts';
import { createTestApp, openAnotherInstance, type TestApp, type TestClient } from '../../test/harness.ts';
import { signIn, storePhoto, TestDevice, webpBytes } from '../../test/factories.ts';
import { createTestBucket, type TestBucket } from '../../test/s3.ts';

let bucket: TestBucket;
let t: TestApp;
/** A second app instance on the same database and bucket. */
let other: TestApp;
beforeAll(async () => {
  bucket = await createTestBucket();
  t = await createTestApp({ env: { STORAGE_URL: bucket.storageUrl, PHOTO_QUOTA_MB: '1' } });
  other = openAnotherInstance(t);
});
afterAll(async () => {
  await other?.close();
  await t?.close();
  await bucket?.drop();
});

/** The same user's browser talking to a second app instance on the same database and bucket. */
function onAnotherInstance(c: TestClient): TestClient {
  const elsewhere = other.client();
  for (const [name, value] of c.cookies) elsewhere.cookies.set(name, value);
  return elsewhere;
}

const put = (c: TestClient, id: string, kind: 'image' | 'thumbnail', bytes: Uint8Array, start: number, total: number) =>
  c.request<Record<string, unknown>>('PUT', `/api/photos/${id}/${kind}`, bytes, { 'content-range': `bytes ${start}-${start + bytes.length - 1}/${total}` });

async function signedIn() {
  const c = t.client();
  const user = await signIn(c, t.deps);
  return { c, user, device: new TestDevice() };
}

describe('photos in an S3-compatible bucket', () => {
  it('resumes an upload on another instance after a dropped connection, serves it, exports it, and erases it from the bucket', async () => {
    expect(t.deps.config.objectStorage?.bucket).toBe(bucket.name);
    const { c, user, device } = await signedIn();
    const args = { id: uuidv7(), createdAt: new Date().toISOString(), pose: 'front', contentType: 'image/webp', bytes: 4000, thumbnailBytes: 500, width: 1200, height: 1600 };
    const pushed = await c.post<PushResult>('/api/sync/push', { deviceId: device.deviceId, mutations: [device.mutation('photo.add', args as never)] });
    expect(pushed.body.results[0]?.status).toBe('applied');
    const image = webpBytes(4000);

    expect((await put(c, args.id, 'image', image.subarray(0, 1500), 0, 4000)).body).toEqual({ received: 1500, complete: false });
    // The answer to the next chunk was lost with the connection: it arrived, and its resend is refused.
    expect((await put(c, args.id, 'image', image.subarray(1500, 2500), 1500, 4000)).body).toEqual({ received: 2500, complete: false });
    const resent = await put(c, args.id, 'image', image.subarray(1500, 2500), 1500, 4000);
    expect(resent.status).toBe(409);
    expect(resent.body).toMatchObject({ code: 'UPLOAD_OFFSET_MISMATCH' });
    // Nothing is in place yet: the chunks wait in the bucket, where any instance finds them.
    expect(await bucket.keys(`photos/${user.id}/${args.id}.image`)).toHaveLength(2);
    expect((await c.fetch(`/api/photos/${args.id}/image`)).status).toBe(404);

    const elsewhere = onAnotherInstance(c);
    expect((await elsewhere.get(`/api/photos/${args.id}/image/offset`)).body).toEqual({ received: 2500, complete: false });
    expect((await put(elsewhere, args.id, 'image', image.subarray(2500), 2500, 4000)).body).toEqual({ received: 4000, complete: true });
    expect((await put(elsewhere, args.id, 'thumbnail', webpBytes(500), 0, 500)).body).toEqual({ received: 500, complete: true });
    expect(await bucket.keys(`photos/${user.id}/`)).toEqual([`photos/${user.id}/${args.id}.image`, `photos/${user.id}/${args.id}.thumbnail`].sort());

    const served = await c.fetch(`/api/photos/${args.id}/image`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-length')).toBe('4000');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(image);

    const zip = await c.fetch('/api/clients/me/export.zip');
    expect(zip.status).toBe(200);
    const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    expect(files[`photos/${args.createdAt.slice(0, 10)}-front-${args.id}.webp`]).toEqual(image);

    const erased = await c.post<PushResult>('/api/sync/push', { deviceId: device.deviceId, mutations: [device.mutation('photo.delete', { id: args.id })] });
    expect(erased.body.results[0]?.status).toBe('applied');
    expect(await bucket.keys(`photos/${user.id}/`)).toEqual([]);
    expect((await c.fetch(`/api/photos/${args.id}/image`)).status).toBe(404);
  });

  it('refuses a file of another type than recorded and drops its chunks from the bucket', async () => {
    const { c, user, device } = await signedIn();
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...Array(400).fill(7)]);
    const args = { id: uuidv7(), createdAt: new Date().toISOString(), pose: 'side', contentType: 'image/jpeg', bytes: png.length, thumbnailBytes: 500, width: 1200, height: 1600 };
    await c.post<PushResult>('/api/sync/push', { deviceId: device.deviceId, mutations: [device.mutation('photo.add', args as never)] });
    expect((await put(c, args.id, 'image', png.subarray(0, 100), 0, png.length)).status).toBe(200);
    const last = await put(c, args.id, 'image', png.subarray(100), 100, png.length);
    expect(last.status).toBe(415);
    expect(last.body).toMatchObject({ code: 'PHOTO_TYPE_MISMATCH' });
    expect(await bucket.keys(`photos/${user.id}/`)).toEqual([]);
  });

  it('counts the bucket’s objects, unfinished chunks included, against the quota', async () => {
    const { c, user, device } = await signedIn();
    await storePhoto(t, user.id, { bytes: 600_000, thumbnailBytes: 500 });
    const args = { id: uuidv7(), createdAt: new Date().toISOString(), pose: 'back', contentType: 'image/webp', bytes: 500_000, thumbnailBytes: 500, width: 1200, height: 1600 };
    await c.post<PushResult>('/api/sync/push', { deviceId: device.deviceId, mutations: [device.mutation('photo.add', args as never)] });
    const refused = await put(c, args.id, 'image', webpBytes(500_000).subarray(0, 1000), 0, 500_000);
    expect(refused.body).toMatchObject({ code: 'PHOTO_QUOTA_EXCEEDED' });
    expect(await t.deps.photoFiles.usage(user.id)).toBe(600_500);
  });

  it('an account deleted by its owner or by an admin takes every object of its photos with it', async () => {
    const owner = await signedIn();
    await storePhoto(t, owner.user.id);
    await storePhoto(t, owner.user.id);
    const bystander = await signedIn();
    await storePhoto(t, bystander.user.id);
    expect(await bucket.keys(`photos/${owner.user.id}/`)).toHaveLength(4);
    expect((await owner.c.request('DELETE', '/api/clients/me', { password: 'senha-forte-1' })).status).toBe(200);
    expect(await bucket.keys(`photos/${owner.user.id}/`)).toEqual([]);
    expect(await bucket.keys(`photos/${bystander.user.id}/`)).toHaveLength(2);

    const admin = t.client();
    await signIn(admin, t.deps, { role: 'admin' });
    expect((await admin.request('DELETE', `/api/admin/users/${bystander.user.id}`)).status).toBe(200);
    expect(await bucket.keys(`photos/${bystander.user.id}/`)).toEqual([]);
  });
});
