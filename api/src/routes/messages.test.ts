/** Messages through push and pull (issue 22): exactly once, in order, deletes within five minutes, read marks, the coach's side. */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { uuidv7 } from '#protocol/ids.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness.ts';
import { outcomesOf as outcomes, pullFrom as pull, pushFrom as push, signIn, TestDevice, webpBytes } from '../../test/factories.ts';
import type { CoachThreadPage } from '#protocol/contract/messages.ts';
import type { StaffUserDetail } from '#protocol/contract/staff.ts';

const world = { now: Date.UTC(2026, 10, 28, 15, 0) };
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => world.now });
});
afterAll(() => t.close());


async function signedInClient() {
  const c = t.client();
  const user = await signIn(c, t.deps);
  return { c, user, device: new TestDevice(undefined, () => world.now) };
}

const send = (device: TestDevice, body: string, createdAt = new Date(world.now).toISOString()) => device.mutation('message.send', { id: uuidv7(), createdAt, body });

describe('message.send', () => {
  it('stores a message once however often it is resent, stamped with the server’s receipt, and every device pulls the thread in order', async () => {
    const { c, device } = await signedInClient();
    const first = send(device, '  Bom dia! Posso trocar o arroz por batata?  ', '2026-11-28T14:55:00.000Z');
    const second = send(device, 'E o jantar de sábado?');
    expect(outcomes((await push(c, device, [first, second])).body)).toEqual(['applied', 'applied']);
    expect(outcomes((await push(c, device, [first, second])).body)).toEqual(['duplicate', 'duplicate']);
    const { changes } = await pull(c);
    expect(changes.messages).toEqual([
      { id: first.args.id, createdAt: '2026-11-28T14:55:00.000Z', sentAt: '2026-11-28T15:00:00.000Z', from: 'client', senderName: null, body: 'Bom dia! Posso trocar o arroz por batata?', photoId: null, deleted: false },
      { id: second.args.id, createdAt: '2026-11-28T15:00:00.000Z', sentAt: '2026-11-28T15:00:00.000Z', from: 'client', senderName: null, body: 'E o jantar de sábado?', photoId: null, deleted: false },
    ]);
  });

  it('refuses an empty message and one over 2,000 characters, and stores nothing', async () => {
    const { c, device } = await signedInClient();
    expect(outcomes((await push(c, device, [send(device, '   '), send(device, 'x'.repeat(2001))])).body)).toEqual(['VALIDATION_FAILED', 'VALIDATION_FAILED']);
    expect((await pull(c)).changes.messages).toEqual([]);
  });

  it('never shows a message to another client, and refuses its id in another thread', async () => {
    const mine = await signedInClient();
    const theirs = await signedInClient();
    const message = send(mine.device, 'Só para o meu treinador');
    await push(mine.c, mine.device, [message]);
    expect((await pull(theirs.c)).changes.messages).toEqual([]);
    expect(outcomes((await push(theirs.c, theirs.device, [theirs.device.mutation('message.send', { ...message.args, body: 'Roubado' })])).body)).toEqual(['ID_CONFLICT']);
  });
});

describe('message.delete', () => {
  it('takes a message back within five minutes of its receipt, for both sides, and refuses after', async () => {
    const { c, device } = await signedInClient();
    const early = send(device, 'Mandei errado');
    const late = send(device, 'Esta fica');
    await push(c, device, [early, late]);
    world.now += 4 * 60 * 1000;
    expect(outcomes((await push(c, device, [device.mutation('message.delete', { id: early.args.id })])).body)).toEqual(['applied']);
    world.now += 2 * 60 * 1000;
    expect(outcomes((await push(c, device, [device.mutation('message.delete', { id: late.args.id })])).body)).toEqual(['MESSAGE_DELETE_EXPIRED']);
    const { changes } = await pull(c);
    expect(changes.messages.map((m) => [m.id, m.body, m.deleted]).sort()).toEqual([
      [early.args.id, '', true],
      [late.args.id, 'Esta fica', false],
    ]);
  });

  it('refuses the coach’s message: a client deletes only their own', async () => {
    const { c, user, device } = await signedInClient();
    const coach = await signIn(t.client(), t.deps, { role: 'teacher', name: 'Tiago Professor' });
    const written = await t.deps.messages.fromCoach(user.id, { id: uuidv7(), body: 'Pode sim!', createdAt: world.now }, coach);
    expect(written.kind).toBe('stored');
    const id = written.kind === 'stored' ? written.message.id : '';
    expect(outcomes((await push(c, device, [device.mutation('message.delete', { id })])).body)).toEqual(['NOT_FOUND']);
  });
});

describe('the coach’s messages and the read marks', () => {
  it('brings the coach’s answer to the client’s devices under the coach’s name, once, and pages the thread newest first', async () => {
    const { c, user, device } = await signedInClient();
    const coach = await signIn(t.client(), t.deps, { role: 'teacher', name: 'Tiago Professor' });
    const question = send(device, 'Posso trocar?');
    await push(c, device, [question]);
    world.now += 1000;
    const id = uuidv7();
    expect((await t.deps.messages.fromCoach(user.id, { id, body: 'Pode sim!', createdAt: world.now }, coach)).kind).toBe('stored');
    expect((await t.deps.messages.fromCoach(user.id, { id, body: 'Pode sim!', createdAt: world.now }, coach)).kind).toBe('exists');
    expect((await pull(c)).changes.messages.map((m) => [m.from, m.senderName, m.body])).toEqual([
      ['client', null, 'Posso trocar?'],
      ['coach', 'Tiago Professor', 'Pode sim!'],
    ]);
    const first = await t.deps.messages.page(user.id, 1, null);
    expect(first.messages.map((m) => m.body)).toEqual(['Pode sim!']);
    const second = await t.deps.messages.page(user.id, 1, first.before);
    expect([second.messages.map((m) => m.body), second.before]).toEqual([['Posso trocar?'], null]);
  });

  it('moves each side’s read mark only forward, and the client’s devices pull the coach’s', async () => {
    const { c, user, device } = await signedInClient();
    expect(outcomes((await push(c, device, [device.mutation('messages.read', { upTo: '2026-11-28T15:00:00.000Z' })])).body)).toEqual(['applied']);
    expect(outcomes((await push(c, device, [device.mutation('messages.read', { upTo: '2026-11-28T14:00:00.000Z' })])).body)).toEqual(['applied']);
    await t.deps.messageThreads.markCoachRead(user.id, '2026-11-28T14:30:00.000Z');
    await t.deps.messageThreads.markCoachRead(user.id, '2026-11-28T14:10:00.000Z');
    expect((await pull(c)).changes.messageThreads).toEqual([{ id: 'thread', clientReadUpTo: '2026-11-28T15:00:00.000Z', coachReadUpTo: '2026-11-28T14:30:00.000Z' }]);
  });
});

describe('a message with a photo (issue 22)', () => {
  const photoOf = (overrides: Record<string, unknown> = {}) => ({ id: uuidv7(), contentType: 'image/webp', bytes: 4000, thumbnailBytes: 500, width: 1200, height: 1600, ...overrides });
  const sendPhoto = (device: TestDevice, photo: Record<string, unknown>, body = '') =>
    device.mutation('message.send', { id: uuidv7(), createdAt: new Date(world.now).toISOString(), body, photo } as never);
  const put = (c: TestClient, id: string, kind: 'image' | 'thumbnail', bytes: Uint8Array) =>
    c.request('PUT', `/api/photos/${id}/${kind}`, bytes, { 'content-range': `bytes 0-${bytes.length - 1}/${bytes.length}` });

  /** A client of their own teacher's, and another teacher. */
  async function thread() {
    const otherTeacher = t.client();
    await signIn(otherTeacher, t.deps, { role: 'teacher' });
    const ownTeacher = t.client();
    const teacher = await signIn(ownTeacher, t.deps, { role: 'teacher', name: 'Tânia' });
    const c = t.client();
    const user = await signIn(c, t.deps, { teacherId: teacher.id });
    return { c, user, device: new TestDevice(undefined, () => world.now), ownTeacher, otherTeacher };
  }

  it('stores the photo as a record of the message’s kind, uploads its files as a progress photo’s, and keeps it out of the progress photos', async () => {
    const { c, user, device, ownTeacher } = await thread();
    const photo = photoOf();
    const message = sendPhoto(device, photo);
    expect(outcomes((await push(c, device, [message])).body)).toEqual(['applied']);
    expect(outcomes((await push(c, device, [message])).body)).toEqual(['duplicate']);
    const { changes } = await pull(c);
    expect(changes.messages).toEqual([expect.objectContaining({ id: message.args.id, body: '', photoId: photo.id, deleted: false })]);
    expect(changes.progressPhotos).toEqual([{ ...photo, kind: 'message', pose: null, createdAt: new Date(world.now).toISOString(), stored: false, deleted: false }]);

    expect((await put(c, photo.id, 'thumbnail', webpBytes(500))).status).toBe(200);
    expect((await put(c, photo.id, 'image', webpBytes(4000))).status).toBe(200);
    expect((await pull(c)).changes.progressPhotos).toEqual([expect.objectContaining({ id: photo.id, stored: true })]);

    const page = await ownTeacher.get<CoachThreadPage>(`/api/coach/threads/${user.id}/messages`);
    expect(page.body.messages).toEqual([expect.objectContaining({ id: message.args.id, photoId: photo.id, photoStored: true })]);
    const detail = await ownTeacher.get<{ user: StaffUserDetail }>(`/api/teacher-admin/users/${user.id}`);
    expect(detail.body.user.progressPhotos).toEqual([]);

    const exported = await c.get<{ progressPhotos: { id: string; kind: string }[]; messages: { id: string; photoId: string | null }[] }>('/api/clients/me/export');
    expect(exported.body.progressPhotos).toEqual([expect.objectContaining({ id: photo.id, kind: 'message', pose: null })]);
    expect(exported.body.messages).toEqual([expect.objectContaining({ id: message.args.id, photoId: photo.id })]);
  });

  it('tells the client’s coaches when the photo has arrived, so an open thread shows it', async () => {
    const { c, device, user } = await thread();
    const photo = photoOf();
    await push(c, device, [sendPhoto(device, photo)]);
    const teacherId = user.teacherId as string;
    let poked = 0;
    const stop = t.deps.live.subscribe(teacherId, { poke: () => (poked += 1), close: () => {} });
    await put(c, photo.id, 'thumbnail', webpBytes(500));
    // The pokes leave after the commit, once the coaches are looked up: a round trip on PostgreSQL.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const beforeLast = poked;
    await put(c, photo.id, 'image', webpBytes(4000));
    await vi.waitFor(() => expect(poked).toBeGreaterThan(beforeLast));
    stop();
  });

  it('shows the photo to the thread’s participants only: the client, their own teacher and admins', async () => {
    const { c, device, ownTeacher, otherTeacher } = await thread();
    const photo = photoOf();
    await push(c, device, [sendPhoto(device, photo, 'Meu almoço')]);
    await put(c, photo.id, 'thumbnail', webpBytes(500));
    await put(c, photo.id, 'image', webpBytes(4000));
    const admin = t.client();
    await signIn(admin, t.deps, { role: 'admin' });
    const stranger = t.client();
    await signIn(stranger, t.deps);
    for (const [viewer, status] of [[c, 200], [ownTeacher, 200], [admin, 200], [otherTeacher, 404], [stranger, 404]] as const) {
      expect((await viewer.fetch(`/api/photos/${photo.id}/thumbnail`)).status).toBe(status);
    }
  });

  it('takes the photo with its message when the client deletes it within five minutes, for both sides, and erases its files', async () => {
    const { c, user, device, ownTeacher } = await thread();
    const photo = photoOf();
    const message = sendPhoto(device, photo, 'Errei a foto');
    await push(c, device, [message]);
    await put(c, photo.id, 'thumbnail', webpBytes(500));
    await put(c, photo.id, 'image', webpBytes(4000));
    // Its photo is not deleted by itself: only with its message.
    expect(outcomes((await push(c, device, [device.mutation('photo.delete', { id: photo.id })])).body)).toEqual(['NOT_FOUND']);
    world.now += 60_000;
    expect(outcomes((await push(c, device, [device.mutation('message.delete', { id: message.args.id })])).body)).toEqual(['applied']);
    const { changes } = await pull(c);
    expect(changes.progressPhotos).toEqual([expect.objectContaining({ id: photo.id, deleted: true })]);
    expect((await c.fetch(`/api/photos/${photo.id}/thumbnail`)).status).toBe(404);
    expect(await t.deps.photoFiles.read(user.id, photo.id, 'image')).toBeNull();
    const page = await ownTeacher.get<CoachThreadPage>(`/api/coach/threads/${user.id}/messages`);
    expect(page.body.messages).toEqual([expect.objectContaining({ id: message.args.id, body: '', deleted: true, photoStored: false })]);
  });

  it('refuses a bad photo record, an empty message without one, and the id of another user’s photo, storing nothing', async () => {
    const { c, device } = await thread();
    const other = await thread();
    const taken = photoOf();
    await push(other.c, other.device, [sendPhoto(other.device, taken)]);
    const refused = await push(c, device, [
      sendPhoto(device, photoOf({ contentType: 'image/png' })),
      sendPhoto(device, photoOf({ bytes: 30 * 1024 * 1024 })),
      sendPhoto(device, 'not a photo' as never),
      device.mutation('message.send', { id: uuidv7(), createdAt: new Date(world.now).toISOString(), body: ' ' }),
      sendPhoto(device, taken),
      sendPhoto(device, photoOf(), 'x'.repeat(2001)),
    ]);
    expect(outcomes(refused.body)).toEqual(['VALIDATION_FAILED', 'VALIDATION_FAILED', 'VALIDATION_FAILED', 'VALIDATION_FAILED', 'ID_CONFLICT', 'VALIDATION_FAILED']);
    const { changes } = await pull(c);
    expect([changes.messages, changes.progressPhotos]).toEqual([[], []]);
  });
});
