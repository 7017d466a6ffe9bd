/**
 * A coach's answer with a photo (issue 22): the photo is the client's (their folder, their quota,
 * their pull, their export), written whole or not at all, and deleted with its message.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CoachThreadPage } from '#protocol/contract/messages.ts';
import type { PullResult } from '#protocol/contract/sync.ts';
import { uuidv7 } from '#protocol/ids.ts';
import { MAX_PHOTO_BYTES, MAX_THUMBNAIL_BYTES } from '#protocol/mutations/fields.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness.ts';
import { coachPhotoForm, signedIn, storePhoto, webpBytes } from '../../test/factories.ts';

const world = { now: Date.UTC(2026, 10, 28, 15, 0) };
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => world.now, env: { PHOTO_QUOTA_MB: '1' } });
});
afterAll(() => t.close());

const as = (overrides: Parameters<typeof signedIn>[1] = {}) => signedIn(t, overrides);

/** A teacher, their student, another teacher, and an admin. */
async function team() {
  const teacher = await as({ role: 'teacher', name: 'Tiago Professor' });
  const ana = await as({ name: 'Ana Aluna', teacherId: teacher.user.id });
  const other = await as({ role: 'teacher', name: 'Otto Professor' });
  const admin = await as({ role: 'admin', name: 'Ana Admin' });
  return { teacher, ana, other, admin };
}

const answer = (coach: TestClient, clientId: string, form: FormData) => coach.post<{ message: { id: string; photoId: string | null; from: string; body: string }; code?: string }>(`/api/coach/threads/${clientId}/photo-messages`, form);
const pulled = async (c: TestClient) => (await c.get<PullResult>('/api/sync/pull?cursor=0')).body.changes;
/** The files in a client's photo folder (parts included): what the quota counts. */
function filesOf(clientId: string): string[] {
  try {
    return readdirSync(path.join(t.deps.config.uploadsPath, 'photos', clientId)).sort();
  } catch {
    return [];
  }
}
const photoRows = (clientId: string) => t.database.sql.all('SELECT id, kind, deleted_at AS "deletedAt" FROM progress_photos WHERE user_id = ?', [clientId]);

describe('POST /api/coach/threads/:id/photo-messages', () => {
  it('stores the photo as the client’s message photo: their devices pull the message and the stored record, and the client reads its files', async () => {
    const w = await team();
    let poked = false;
    const stop = t.deps.live.subscribe(w.ana.user.id, { poke: () => (poked = true), close: () => {} });
    const sent = await answer(w.teacher.c, w.ana.user.id, coachPhotoForm({ body: '  Olha a postura certa  ' }));
    // The poke leaves after the commit, once the sync version is read: a round trip on PostgreSQL.
    await vi.waitFor(() => expect(poked).toBe(true));
    stop();
    expect(sent.status).toBe(201);
    const photoId = sent.body.message.photoId as string;
    expect(sent.body.message).toMatchObject({ from: 'coach', body: 'Olha a postura certa', photoId: expect.any(String) });
    expect(poked).toBe(true);

    const changes = await pulled(w.ana.c);
    expect(changes.messages).toEqual([expect.objectContaining({ id: sent.body.message.id, from: 'coach', senderName: 'Tiago Professor', photoId })]);
    expect(changes.progressPhotos).toEqual([
      { id: photoId, kind: 'message', pose: null, contentType: 'image/webp', bytes: 4000, thumbnailBytes: 500, width: 1200, height: 900, createdAt: new Date(world.now).toISOString(), stored: true, deleted: false },
    ]);
    const thumbnail = await w.ana.c.fetch(`/api/photos/${photoId}/thumbnail`);
    expect([thumbnail.status, thumbnail.headers.get('content-type')]).toEqual([200, 'image/webp']);
    expect(new Uint8Array(await thumbnail.arrayBuffer())).toEqual(webpBytes(500));
    expect((await w.ana.c.fetch(`/api/photos/${photoId}/image`)).status).toBe(200);
    for (const [viewer, status] of [[w.teacher.c, 200], [w.admin.c, 200], [w.other.c, 404]] as const) expect((await viewer.fetch(`/api/photos/${photoId}/thumbnail`)).status).toBe(status);

    const page = await w.teacher.c.get<CoachThreadPage>(`/api/coach/threads/${w.ana.user.id}/messages`);
    expect(page.body.messages).toEqual([expect.objectContaining({ photoId, photoStored: true, mine: true })]);
    // Kept out of the progress photos, as a client's message photo is.
    expect((await w.teacher.c.get<{ user: { progressPhotos: unknown[] } }>(`/api/teacher-admin/users/${w.ana.user.id}`)).body.user.progressPhotos).toEqual([]);
  });

  it('is idempotent by the message’s id: a resend is 200, the same message, and leaves no second photo; an id of another thread leaves nothing', async () => {
    const w = await team();
    const id = uuidv7();
    const first = await answer(w.teacher.c, w.ana.user.id, coachPhotoForm({ id }));
    const again = await answer(w.teacher.c, w.ana.user.id, coachPhotoForm({ id }));
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(again.body.message).toEqual(first.body.message);
    expect(await photoRows(w.ana.user.id)).toHaveLength(1);
    expect(filesOf(w.ana.user.id)).toEqual([`${first.body.message.photoId}.image`, `${first.body.message.photoId}.thumbnail`]);
    // The id of a message in another thread: refused, and the files just written are erased again.
    const bia = await as({ teacherId: w.teacher.user.id });
    const taken = await answer(w.teacher.c, bia.user.id, coachPhotoForm({ id }));
    expect([taken.status, taken.body.code]).toEqual([409, 'ID_CONFLICT']);
    expect([await photoRows(bia.user.id), filesOf(bia.user.id)]).toEqual([[], []]);
  });

  it('answers a resend whose first answer was lost with the first message even when that photo filled the client’s quota, writing nothing again', async () => {
    const w = await team();
    // 1 MB quota: 600 KB already kept, the answer's photo brings it to about 1,000 KB.
    await storePhoto(t, w.ana.user.id, { bytes: 600 * 1024, thumbnailBytes: 20 * 1024 });
    const id = uuidv7();
    const photo = { image: new Blob([webpBytes(350 * 1024) as Uint8Array<ArrayBuffer>], { type: 'image/webp' }) };
    const first = await answer(w.teacher.c, w.ana.user.id, coachPhotoForm({ id, ...photo }));
    expect(first.status).toBe(201);
    const files = filesOf(w.ana.user.id);
    const again = await answer(w.teacher.c, w.ana.user.id, coachPhotoForm({ id, ...photo }));
    expect(again.status).toBe(200);
    expect(again.body.message).toEqual(first.body.message);
    expect(filesOf(w.ana.user.id)).toEqual(files);
  });

  it('lets an admin answer with a photo; refuses another teacher (403) and a client (403), writing nothing', async () => {
    const w = await team();
    expect((await answer(w.admin.c, w.ana.user.id, coachPhotoForm())).status).toBe(201);
    const before = (await photoRows(w.ana.user.id)).length;
    for (const c of [w.other.c, w.ana.c]) expect((await answer(c, w.ana.user.id, coachPhotoForm())).status).toBe(403);
    expect(await photoRows(w.ana.user.id)).toHaveLength(before);
    expect(filesOf(w.ana.user.id)).toHaveLength(before * 2);
  });

  it('counts the photo in the client’s quota: when it is full the coach is told PHOTO_QUOTA_EXCEEDED and nothing is written', async () => {
    const w = await team();
    await storePhoto(t, w.ana.user.id, { bytes: 1000 * 1024, thumbnailBytes: 20 * 1024 });
    const files = filesOf(w.ana.user.id);
    const refused = await answer(w.teacher.c, w.ana.user.id, coachPhotoForm());
    expect(refused.status).toBe(413);
    expect(refused.body).toMatchObject({ code: 'PHOTO_QUOTA_EXCEEDED', error: expect.any(String) });
    expect((await pulled(w.ana.c)).messages).toEqual([]);
    expect(await photoRows(w.ana.user.id)).toHaveLength(1);
    expect(filesOf(w.ana.user.id)).toEqual(files);
  });

  it('refuses a type not allowed, a file over its limit, bytes that are not the declared type and a body that is not a form, with { error, code, details } and nothing written', async () => {
    const w = await team();
    const jpeg = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...Array(400).fill(7)])], { type: 'image/webp' });
    const cases: [FormData | Record<string, unknown>, number, string, string[]][] = [
      [coachPhotoForm({ contentType: 'image/png' }), 400, 'VALIDATION_FAILED', ['contentType']],
      [coachPhotoForm({ thumbnail: new Blob([webpBytes(MAX_THUMBNAIL_BYTES + 1) as Uint8Array<ArrayBuffer>]) }), 400, 'VALIDATION_FAILED', ['thumbnail']],
      [coachPhotoForm({ image: new Blob([webpBytes(MAX_PHOTO_BYTES + 1) as Uint8Array<ArrayBuffer>]) }), 400, 'VALIDATION_FAILED', ['image']],
      [coachPhotoForm({ width: '1e3', height: '0' }), 400, 'VALIDATION_FAILED', ['width', 'height']],
      [coachPhotoForm({ id: 'not-an-id', body: 'x'.repeat(2001), extra: 'sim' }), 400, 'VALIDATION_FAILED', ['extra', 'id', 'body']],
      [coachPhotoForm({ image: jpeg }), 415, 'PHOTO_TYPE_MISMATCH', ['image']],
    ];
    for (const [form, status, code, fields] of cases) {
      const refused = await w.teacher.c.post<{ error: string; code: string; details: { field: string }[] }>(`/api/coach/threads/${w.ana.user.id}/photo-messages`, form);
      expect([refused.status, refused.body.code, refused.body.details?.map((detail) => detail.field)]).toEqual([status, code, fields]);
      expect(refused.body.error).toEqual(expect.any(String));
    }
    const huge = await w.teacher.c.post(`/api/coach/threads/${w.ana.user.id}/photo-messages`, coachPhotoForm({ image: new Blob([webpBytes(MAX_PHOTO_BYTES + 512 * 1024) as Uint8Array<ArrayBuffer>]) }));
    expect([huge.status, huge.body.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    const notForm = await w.teacher.c.post(`/api/coach/threads/${w.ana.user.id}/photo-messages`, { id: uuidv7(), body: 'oi' });
    expect([notForm.status, notForm.body.code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
    // Told what this route takes (a form), not what the JSON routes take.
    expect(notForm.body.error).toBe('Envie os dados como multipart/form-data');
    expect((await pulled(w.ana.c)).messages).toEqual([]);
    expect([await photoRows(w.ana.user.id), filesOf(w.ana.user.id)]).toEqual([[], []]);
  });

  it('takes the photo and its files back with the message within five minutes, for both sides; after that both stay', async () => {
    const w = await team();
    const sent = await answer(w.teacher.c, w.ana.user.id, coachPhotoForm());
    const photoId = sent.body.message.photoId as string;
    world.now += 60_000;
    const deleted = await w.teacher.c.delete(`/api/coach/threads/${w.ana.user.id}/messages/${sent.body.message.id}`);
    expect(deleted.status).toBe(200);
    const changes = await pulled(w.ana.c);
    expect(changes.messages).toEqual([expect.objectContaining({ id: sent.body.message.id, body: '', deleted: true })]);
    expect(changes.progressPhotos).toEqual([expect.objectContaining({ id: photoId, deleted: true })]);
    expect((await w.ana.c.fetch(`/api/photos/${photoId}/thumbnail`)).status).toBe(404);
    expect(filesOf(w.ana.user.id)).toEqual([]);

    const kept = await answer(w.teacher.c, w.ana.user.id, coachPhotoForm());
    world.now += 6 * 60_000;
    expect((await w.teacher.c.delete(`/api/coach/threads/${w.ana.user.id}/messages/${kept.body.message.id}`)).status).toBe(409);
    expect((await w.ana.c.fetch(`/api/photos/${kept.body.message.photoId}/thumbnail`)).status).toBe(200);
  });

  it('is the client’s: in their data export beside its message, kept when they withdraw the health consent, erased with their account', async () => {
    const w = await team();
    const sent = await answer(w.teacher.c, w.ana.user.id, coachPhotoForm());
    const photoId = sent.body.message.photoId as string;
    const exported = await w.ana.c.get<{ progressPhotos: unknown[]; messages: unknown[] }>('/api/clients/me/export');
    expect(exported.body.progressPhotos).toEqual([expect.objectContaining({ id: photoId, kind: 'message', pose: null, stored: 1 })]);
    expect(exported.body.messages).toEqual([expect.objectContaining({ id: sent.body.message.id, from: 'coach', photoId })]);

    // Not a progress photo: the withdrawal of the consent for health data leaves it with its message.
    expect((await w.ana.c.put('/api/clients/me/health-consent')).status).toBe(200);
    expect((await w.ana.c.delete('/api/clients/me/health-consent')).status).toBe(200);
    expect((await w.ana.c.fetch(`/api/photos/${photoId}/thumbnail`)).status).toBe(200);
    expect((await w.ana.c.request('DELETE', '/api/clients/me', { password: 'senha-forte-1' })).status).toBe(200);
    expect([await photoRows(w.ana.user.id), filesOf(w.ana.user.id)]).toEqual([[], []]);
  });
});
