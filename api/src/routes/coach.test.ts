/** The coach's side of the clients' threads (issue 22): scope, unread first, answers once, deletes, read marks, live pokes. */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CoachCheckIn, CoachStudentAttention, CoachThreadPage, CoachThreadSummary } from '#protocol/contract/messages.ts';
import { ATTENTION_FILTERS } from '#protocol/domain/attention.ts';
import type { PullResult, PushResult } from '#protocol/contract/sync.ts';
import { uuidv7 } from '#protocol/ids.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness.ts';
import { TestDevice, aCheckIn, aCoachingTeam, signIn, signedIn, storePhoto } from '../../test/factories.ts';

const world = { now: Date.UTC(2026, 10, 28, 15, 0) };
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => world.now });
});
afterAll(() => t.close());

const as = (overrides: Parameters<typeof signedIn>[1] = {}) => signedIn(t, overrides);

/** The coach's people, the teacher with two students. */
const team = () => aCoachingTeam(t, { bia: true });

/** A client's message from their phone (with a photo's record, when given). */
async function clientSays(client: { c: TestClient }, body: string, photo?: Record<string, unknown>) {
  const device = new TestDevice(undefined, () => world.now);
  const message = device.mutation('message.send', { id: uuidv7(), createdAt: new Date(world.now).toISOString(), body, ...(photo ? { photo } : {}) } as never);
  expect((await client.c.post('/api/sync/push', { deviceId: device.deviceId, mutations: [message] })).status).toBe(200);
  return message.args.id;
}

const threads = async (c: TestClient) => (await c.get<{ threads: CoachThreadSummary[] }>('/api/coach/threads')).body.threads;
const page = async (c: TestClient, clientId: string, before?: string) => c.get<CoachThreadPage>(`/api/coach/threads/${clientId}/messages${before ? `?before=${encodeURIComponent(before)}` : ''}`);
const pulled = async (c: TestClient) => (await c.get<PullResult>('/api/sync/pull?cursor=0')).body.changes;

describe('GET /api/coach/threads', () => {
  it('lists a teacher’s own students’ threads, unread first, then by the latest message; admins see every client’s', async () => {
    const w = await team();
    await clientSays(w.ana, 'Oi, professor');
    world.now += 60_000;
    await clientSays(w.olga, 'Mensagem para outro professor');
    await clientSays(w.livre, 'Sem professor');
    world.now += 60_000;
    await t.deps.coachThreads.send(w.teacher.user, w.bia.user.id, { id: uuidv7(), body: 'Bia, como foi o treino?' }, world.now);

    const mine = await threads(w.teacher.c);
    expect(mine.map((thread) => [thread.clientName, thread.unread, thread.lastMessage.body])).toEqual([
      ['Ana Aluna', 1, 'Oi, professor'],
      ['Bia Aluna', 0, 'Bia, como foi o treino?'],
    ]);
    const everyone = (await threads(w.admin.c)).map((thread) => thread.clientName);
    expect(everyone).toEqual(expect.arrayContaining(['Ana Aluna', 'Bia Aluna', 'Olga Aluna', 'Úrsula Livre']));
    expect((await w.ana.c.get('/api/coach/threads')).status).toBe(403);
  });
});

describe('a coach answers', () => {
  it('writes the answer once under the coach’s name however often it is resent, and the client’s devices pull it', async () => {
    const w = await team();
    await clientSays(w.ana, 'Posso trocar o arroz?');
    const id = uuidv7();
    const first = await w.teacher.c.post<{ message: { from: string; senderName: string } }>(`/api/coach/threads/${w.ana.user.id}/messages`, { id, body: '  Pode, por batata-doce.  ' });
    expect(first.status).toBe(201);
    expect(first.body.message).toMatchObject({ from: 'coach', senderName: 'Tiago Professor', body: 'Pode, por batata-doce.' });
    expect((await w.teacher.c.post(`/api/coach/threads/${w.ana.user.id}/messages`, { id, body: 'Pode, por batata-doce.' })).status).toBe(200);
    expect((await pulled(w.ana.c)).messages.map((m) => [m.from, m.body])).toEqual([
      ['client', 'Posso trocar o arroz?'],
      ['coach', 'Pode, por batata-doce.'],
    ]);
    // The same id in another thread is refused, not moved.
    expect((await w.teacher.c.post<{ code: string }>(`/api/coach/threads/${w.bia.user.id}/messages`, { id, body: 'Outra' })).body.code).toBe('ID_CONFLICT');
  });

  it('stamps no new sync version for a resent answer or a refused id: the clients have nothing new to pull', async () => {
    const w = await team();
    const id = uuidv7();
    expect((await w.teacher.c.post(`/api/coach/threads/${w.ana.user.id}/messages`, { id, body: 'Bom dia!' })).status).toBe(201);
    const version = await t.deps.versions.current();
    expect((await w.teacher.c.post(`/api/coach/threads/${w.ana.user.id}/messages`, { id, body: 'Bom dia!' })).status).toBe(200);
    expect((await w.teacher.c.post(`/api/coach/threads/${w.bia.user.id}/messages`, { id, body: 'Bom dia!' })).status).toBe(409);
    expect(await t.deps.versions.current()).toBe(version);
  });

  it('refuses another teacher’s student and a client with no teacher (403), and an empty answer (400), writing nothing', async () => {
    const w = await team();
    expect((await w.teacher.c.post(`/api/coach/threads/${w.olga.user.id}/messages`, { id: uuidv7(), body: 'Oi' })).status).toBe(403);
    expect((await w.teacher.c.post(`/api/coach/threads/${w.livre.user.id}/messages`, { id: uuidv7(), body: 'Oi' })).status).toBe(403);
    const empty = await w.teacher.c.post<{ code: string; details: { field: string }[] }>(`/api/coach/threads/${w.ana.user.id}/messages`, { id: uuidv7(), body: '   ' });
    expect([empty.status, empty.body.code, empty.body.details.map((d) => d.field)]).toEqual([400, 'VALIDATION_FAILED', ['body']]);
    expect((await pulled(w.ana.c)).messages).toEqual([]);
    expect((await w.admin.c.post(`/api/coach/threads/${w.livre.user.id}/messages`, { id: uuidv7(), body: 'Oi, aqui é a equipe' })).status).toBe(201);
  });
});

describe('DELETE /api/coach/threads/:id/messages/:messageId', () => {
  it('takes the coach’s own message back within five minutes, for both sides; not another coach’s, and not later', async () => {
    const w = await team();
    const said = async (coach: { c: TestClient }, body: string) =>
      (await coach.c.post<{ message: { id: string } }>(`/api/coach/threads/${w.ana.user.id}/messages`, { id: uuidv7(), body })).body.message.id;
    const wrong = await said(w.teacher, 'Mandei para a aluna errada');
    const admins = await said(w.admin, 'Recado da equipe');
    const kept = await said(w.teacher, 'Esta fica');
    world.now += 4 * 60_000;
    expect((await w.teacher.c.delete(`/api/coach/threads/${w.ana.user.id}/messages/${wrong}`)).status).toBe(200);
    expect((await w.teacher.c.delete<{ code: string }>(`/api/coach/threads/${w.ana.user.id}/messages/${admins}`)).body.code).toBe('NOT_FOUND');
    world.now += 2 * 60_000;
    expect((await w.teacher.c.delete<{ code: string }>(`/api/coach/threads/${w.ana.user.id}/messages/${kept}`)).body.code).toBe('MESSAGE_DELETE_EXPIRED');
    const messages = new Map((await pulled(w.ana.c)).messages.map((m) => [m.id, m]));
    expect([messages.get(wrong)?.deleted, messages.get(wrong)?.body, messages.get(kept)?.deleted]).toEqual([true, '', false]);
  });

  it('marks on the coach’s page the messages that coach sent, the only ones they may take back', async () => {
    const w = await team();
    await clientSays(w.ana, 'Oi');
    await t.deps.coachThreads.send(w.teacher.user, w.ana.user.id, { id: uuidv7(), body: 'Do professor' }, world.now);
    await t.deps.coachThreads.send(w.admin.user, w.ana.user.id, { id: uuidv7(), body: 'Da equipe' }, world.now);
    const mineFor = async (coach: { c: TestClient }) => (await page(coach.c, w.ana.user.id)).body.messages.filter((m) => m.mine).map((m) => m.body);
    expect(await mineFor(w.teacher)).toEqual(['Do professor']);
    expect(await mineFor(w.admin)).toEqual(['Da equipe']);
  });
});

describe('read marks and pages', () => {
  it('counts the client’s messages after the coach’s mark as unread, and the client’s devices pull the mark as a read receipt', async () => {
    const w = await team();
    await clientSays(w.ana, 'Primeira');
    world.now += 1000;
    await clientSays(w.ana, 'Segunda');
    const [thread] = await threads(w.teacher.c);
    expect(thread?.unread).toBe(2);
    const read = await w.teacher.c.post<{ thread: { coachReadUpTo: string } }>(`/api/coach/threads/${w.ana.user.id}/read`, { upTo: thread?.lastMessage.sentAt });
    expect(read.status).toBe(200);
    expect((await threads(w.teacher.c))[0]?.unread).toBe(0);
    expect((await pulled(w.ana.c)).messageThreads).toEqual([{ id: 'thread', clientReadUpTo: null, coachReadUpTo: thread?.lastMessage.sentAt }]);
    // A mark in the future is the present: a message sent later is still unread.
    await w.teacher.c.post(`/api/coach/threads/${w.ana.user.id}/read`, { upTo: '2030-01-01T00:00:00.000Z' });
    world.now += 1000;
    await clientSays(w.ana, 'Terceira');
    expect((await threads(w.teacher.c))[0]?.unread).toBe(1);
  });

  it('refuses a read mark that is not an instant in the coach’s language, every detail from the catalogs, never yup’s English (issue 46)', async () => {
    const coach = t.client({ locale: 'es-AR' });
    const teacher = await signIn(coach, t.deps, { role: 'teacher' });
    const ana = await as({ teacherId: teacher.id });
    for (const upTo of [{}, [], { at: '2026-11-28T15:00:00.000Z' }]) {
      const refused = await coach.post<{ error: string; code: string; details: unknown[] }>(`/api/coach/threads/${ana.user.id}/read`, { upTo });
      expect(refused.status, JSON.stringify(upTo)).toBe(400);
      expect(refused.body).toEqual({ error: 'Revisá los campos marcados', code: 'VALIDATION_FAILED', details: [{ field: 'upTo', code: 'validation.invalidType', message: 'Valor inválido' }] });
    }
    expect((await coach.post(`/api/coach/threads/${ana.user.id}/read`, { upTo: 'ayer' })).body).toMatchObject({ details: [{ field: 'upTo', code: 'validation.invalidDate' }] });
  });

  it('pages a long thread newest first, and refuses a cursor it did not give (400)', async () => {
    const w = await team();
    for (let i = 1; i <= 35; i++) {
      world.now += 1000;
      await t.deps.coachThreads.send(w.admin.user, w.ana.user.id, { id: uuidv7(), body: `Mensagem ${i}` }, world.now);
    }
    const first = (await page(w.teacher.c, w.ana.user.id)).body;
    expect([first.messages.length, first.messages[0]?.body, first.messages.at(-1)?.body]).toEqual([30, 'Mensagem 35', 'Mensagem 6']);
    const second = (await page(w.teacher.c, w.ana.user.id, first.before ?? '')).body;
    expect([second.messages.map((m) => m.body), second.before]).toEqual([['Mensagem 5', 'Mensagem 4', 'Mensagem 3', 'Mensagem 2', 'Mensagem 1'], null]);
    expect((await page(w.teacher.c, w.ana.user.id, "1' OR 1=1")).status).toBe(400);
  });
});

describe('live pokes', () => {
  it('tells the client’s teacher and the admins when the client writes, and the client when a coach answers; not another teacher', async () => {
    const w = await team();
    const poked = new Set<string>();
    const listen = (userId: string) => t.deps.live.subscribe(userId, { poke: () => poked.add(userId), close: () => {} });
    const stops = [w.teacher, w.other, w.admin, w.ana].map(({ user }) => listen(user.id));
    await clientSays(w.ana, 'Professor, tá aí?');
    // The coaches are looked up after the commit, then all told at once.
    await vi.waitFor(() => expect(poked.has(w.teacher.user.id)).toBe(true));
    expect([poked.has(w.teacher.user.id), poked.has(w.admin.user.id), poked.has(w.other.user.id)]).toEqual([true, true, false]);
    poked.clear();
    await w.teacher.c.post(`/api/coach/threads/${w.ana.user.id}/messages`, { id: uuidv7(), body: 'Tô sim!' });
    await vi.waitFor(() => expect(poked.has(w.ana.user.id)).toBe(true));
    for (const stop of stops) stop();
  });
});

describe('the rate limit per sender', () => {
  it('refuses a client’s and a coach’s message past the limit, each told why, and lets them write again after the window', async () => {
    const limited = await createTestApp({ now: () => world.now, env: { RATE_LIMIT_MESSAGES: '2' } });
    try {
      const teacher = limited.client();
      const coach = await signIn(teacher, limited.deps, { role: 'teacher' });
      const client = limited.client();
      await signIn(client, limited.deps, { teacherId: coach.id });
      const device = new TestDevice(undefined, () => world.now);
      const send = () => device.mutation('message.send', { id: uuidv7(), createdAt: new Date(world.now).toISOString(), body: 'Oi' });
      const results = (await client.post<{ results: { status: string; code?: string }[] }>('/api/sync/push', { deviceId: device.deviceId, mutations: [send(), send(), send()] })).body.results;
      expect(results.map((r) => r.code ?? r.status)).toEqual(['applied', 'applied', 'RATE_LIMITED']);

      const clientId = (await client.get<{ client: { id: string } }>('/api/clients/me')).body.client.id;
      const answer = () => teacher.post<{ code: string }>(`/api/coach/threads/${clientId}/messages`, { id: uuidv7(), body: 'Oi!' });
      expect([(await answer()).status, (await answer()).status]).toEqual([201, 201]);
      const third = await answer();
      expect([third.status, third.body.code, third.headers.get('retry-after')]).toEqual([429, 'RATE_LIMITED', '900']);

      world.now += 15 * 60_000;
      expect((await answer()).status).toBe(201);
    } finally {
      await limited.close();
    }
  });
});

describe('weekly check-ins (issue 22, part 2)', () => {
  /** A client's check-in pushed from their phone for the week that began on `week`. */
  async function checksIn(client: { c: TestClient }, week: string, overrides: Record<string, unknown> = {}) {
    const device = new TestDevice(undefined, () => world.now);
    const checkIn = device.mutation('checkin.submit', aCheckIn({ week, createdAt: new Date(world.now).toISOString(), ...overrides }));
    expect((await client.c.post('/api/sync/push', { deviceId: device.deviceId, mutations: [checkIn] })).status).toBe(200);
    return checkIn.args.id;
  }
  const queue = async (c: TestClient, all = false) => (await c.get<{ checkIns: CoachCheckIn[] }>(`/api/coach/check-ins${all ? '?all=1' : ''}`)).body.checkIns;
  // Saturday the 28th: this week began on Monday the 23rd for a Monday client.
  const saturday = Date.UTC(2026, 10, 28, 15, 0);

  it('queues a teacher’s own students’ check-ins waiting for review, newest first, each beside the client’s previous one; admins see every client’s', async () => {
    world.now = saturday - 7 * 86_400_000;
    const w = await team();
    const earlier = await checksIn(w.ana, '2026-11-16', { weight: 82.1, sleep: 2 });
    world.now = saturday;
    const latest = await checksIn(w.ana, '2026-11-23', { weight: 81.3, sleep: 4 });
    world.now += 60_000;
    const bias = await checksIn(w.bia, '2026-11-23');
    const olgas = await checksIn(w.olga, '2026-11-23');

    const mine = await queue(w.teacher.c);
    expect(mine.map((item) => [item.clientName, item.checkIn.id, item.previous?.id ?? null])).toEqual([
      ['Bia Aluna', bias, null],
      ['Ana Aluna', latest, earlier],
      ['Ana Aluna', earlier, null],
    ]);
    expect(mine[1]?.checkIn).toMatchObject({ weight: 81.3, sleep: 4 });
    expect(mine[1]?.previous).toMatchObject({ weight: 82.1, sleep: 2 });
    expect((await queue(w.admin.c)).map((item) => item.checkIn.id)).toEqual(expect.arrayContaining([bias, latest, earlier, olgas]));
    expect((await w.ana.c.get('/api/coach/check-ins')).status).toBe(403);
  });

  it('refuses a check-in from a phone whose calendar is years ahead (issue 46): the client is told, the coach never queues it nor sees it as the last check-in', async () => {
    world.now = saturday;
    const w = await team();
    const phone = new TestDevice(undefined, () => world.now);
    const ahead = phone.mutation('checkin.submit', aCheckIn({ week: '2099-01-05', createdAt: new Date(world.now).toISOString() }), { localDate: '2099-01-05' });
    const pushed = await w.ana.c.post<PushResult>('/api/sync/push', { deviceId: phone.deviceId, mutations: [ahead] });
    expect(pushed.body.results).toEqual([{ seq: ahead.seq, id: ahead.id, status: 'rejected', code: 'DEVICE_DATE_AHEAD' }]);
    expect(await queue(w.teacher.c)).toEqual([]);
    const students = (await w.teacher.c.get<{ students: CoachStudentAttention[] }>('/api/coach/attention')).body.students;
    expect(students.find((s) => s.clientId === w.ana.user.id)?.lastCheckIn).toBeNull();
  });

  it('takes a check-in from the zone furthest ahead: at 15:00 UTC on Saturday it is already Sunday the 29th in Kiribati (UTC+14)', async () => {
    world.now = saturday;
    const w = await team();
    const phone = new TestDevice(undefined, () => world.now, 'Pacific/Kiritimati');
    const checkIn = phone.mutation('checkin.submit', aCheckIn({ week: '2026-11-23', createdAt: new Date(world.now).toISOString() }));
    expect(checkIn.localDate).toBe('2026-11-29');
    const pushed = await w.ana.c.post<PushResult>('/api/sync/push', { deviceId: phone.deviceId, mutations: [checkIn] });
    expect(pushed.body.results[0]?.status).toBe('applied');
    expect((await queue(w.teacher.c)).map((item) => item.checkIn.id)).toEqual([checkIn.args.id]);
  });

  it('shows beside each check-in the measurements logged with it (its form, or the week before), and the previous check-in’s', async () => {
    world.now = saturday - 7 * 86_400_000;
    const w = await team();
    const phone = new TestDevice(undefined, () => world.now);
    const measure = (values: Record<string, number>, at: number) => phone.mutation('measurement.add', { id: uuidv7(), createdAt: new Date(at).toISOString(), ...values });
    await w.ana.c.post('/api/sync/push', { deviceId: phone.deviceId, mutations: [measure({ waist: 90, hip: 104 }, world.now - 3 * 86_400_000)] });
    await checksIn(w.ana, '2026-11-16');
    world.now = saturday;
    await checksIn(w.ana, '2026-11-23');
    // Logged from the check-in's form: saved apart, a moment after it.
    await w.ana.c.post('/api/sync/push', { deviceId: phone.deviceId, mutations: [measure({ waist: 88.5, bodyFat: 30.2 }, world.now + 60_000)] });
    await checksIn(w.bia, '2026-11-23');

    const [bias, anas] = await queue(w.teacher.c);
    expect([bias?.measurements, bias?.previousMeasurements]).toEqual([null, null]);
    expect(anas?.measurements).toEqual({ waist: 88.5, hip: null, chest: null, arm: null, thigh: null, neck: null, bodyFat: 30.2 });
    expect(anas?.previousMeasurements).toMatchObject({ waist: 90, hip: 104 });
  });

  it('shows beside each check-in the progress photos of its week (its form’s included), not older ones, nor a message’s photo', async () => {
    world.now = saturday - 8 * 86_400_000;
    const w = await team();
    await storePhoto(t, w.ana.user.id);
    await checksIn(w.ana, '2026-11-16');
    world.now = saturday - 2 * 86_400_000;
    const midweek = await storePhoto(t, w.ana.user.id, { stored: false });
    world.now = saturday;
    const id = await checksIn(w.ana, '2026-11-23');
    // Taken from the check-in's form: saved apart, a moment after it.
    world.now += 60_000;
    const fromForm = await storePhoto(t, w.ana.user.id);
    // A photo sent in the thread that week is the message's, not the check-in's.
    await clientSays(w.ana, '', { id: uuidv7(), contentType: 'image/webp', bytes: 4000, thumbnailBytes: 500, width: 1200, height: 1600 });

    const anas = (await queue(w.teacher.c)).find((item) => item.checkIn.id === id);
    expect(anas?.photos.map((photo) => [photo.id, photo.pose, photo.stored])).toEqual([
      [midweek.id, 'front', false],
      [fromForm.id, 'front', true],
    ]);
    expect(anas?.photos[1]?.createdAt).toBe(fromForm.createdAt);
  });

  it('sends the review’s feedback to the client as a message once, marks the check-in reviewed for both sides, and leaves the queue', async () => {
    world.now = saturday;
    const w = await team();
    const id = await checksIn(w.ana, '2026-11-23');
    const review = { messageId: uuidv7(), feedback: '  Ótima semana! Vamos subir o treino.  ' };
    const first = await w.teacher.c.post<{ checkIn: { reviewedAt: string | null }; message: { body: string; senderName: string } }>(`/api/coach/check-ins/${id}/review`, review);
    expect(first.status).toBe(200);
    expect(first.body.checkIn.reviewedAt).toBe(new Date(world.now).toISOString());
    expect(first.body.message).toMatchObject({ body: 'Ótima semana! Vamos subir o treino.', senderName: 'Tiago Professor' });
    const version = await t.deps.versions.current();
    expect((await w.teacher.c.post(`/api/coach/check-ins/${id}/review`, review)).status).toBe(200);
    expect(await t.deps.versions.current()).toBe(version);

    const pulledByAna = await pulled(w.ana.c);
    expect(pulledByAna.messages.map((m) => [m.from, m.body])).toEqual([['coach', 'Ótima semana! Vamos subir o treino.']]);
    expect(pulledByAna.checkIns.map((c) => c.reviewedAt)).toEqual([new Date(world.now).toISOString()]);
    expect(await queue(w.teacher.c)).toEqual([]);
    expect((await queue(w.teacher.c, true)).map((item) => item.checkIn.id)).toEqual([id]);
  });

  it('refuses another teacher’s student’s check-in (403), an unknown one (404) and an empty feedback (400), changing nothing', async () => {
    world.now = saturday;
    const w = await team();
    const olgas = await checksIn(w.olga, '2026-11-23');
    expect((await w.teacher.c.post(`/api/coach/check-ins/${olgas}/review`, { messageId: uuidv7(), feedback: 'Oi' })).status).toBe(403);
    expect((await w.teacher.c.post(`/api/coach/check-ins/${uuidv7()}/review`, { messageId: uuidv7(), feedback: 'Oi' })).status).toBe(404);
    const empty = await w.other.c.post<{ code: string }>(`/api/coach/check-ins/${olgas}/review`, { messageId: uuidv7(), feedback: '  ' });
    expect([empty.status, empty.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect((await pulled(w.olga.c)).checkIns.map((c) => c.reviewedAt)).toEqual([null]);
  });

  it('tells the client’s teacher and the admins when a check-in arrives, so their open pages list it; not another teacher', async () => {
    world.now = saturday;
    const w = await team();
    const poked = new Set<string>();
    const stops = [w.teacher, w.other, w.admin].map(({ user }) => t.deps.live.subscribe(user.id, { poke: () => poked.add(user.id), close: () => {} }));
    await checksIn(w.ana, '2026-11-23');
    await vi.waitFor(() => expect(poked.has(w.teacher.user.id)).toBe(true));
    expect([poked.has(w.teacher.user.id), poked.has(w.admin.user.id), poked.has(w.other.user.id)]).toEqual([true, true, false]);
    for (const stop of stops) stop();
  });

  it('moves a student’s check-in day, which their devices pull with the profile; the day is the registration’s weekday until then', async () => {
    world.now = saturday;
    const w = await team();
    const before = (await w.ana.c.get<PullResult>('/api/sync/pull?cursor=0')).body.changes.profile;
    expect(before?.checkInDay).toBe(new Date(before?.createdAt ?? '').getUTCDay());
    expect((await w.teacher.c.put(`/api/coach/clients/${w.ana.user.id}/check-in-day`, { day: 1 })).status).toBe(200);
    expect((await w.ana.c.get<PullResult>('/api/sync/pull?cursor=0')).body.changes.profile?.checkInDay).toBe(1);
    expect((await w.teacher.c.put(`/api/coach/clients/${w.olga.user.id}/check-in-day`, { day: 1 })).status).toBe(403);
    expect((await w.teacher.c.put(`/api/coach/clients/${w.ana.user.id}/check-in-day`, { day: 7 })).status).toBe(400);
    expect((await w.teacher.c.put(`/api/coach/clients/${w.ana.user.id}/check-in-day`, { day: '1' })).status).toBe(400);
  });
});

describe('a teacher’s own check-in questions (issue 22, part 2)', () => {
  it('keeps up to five, trimmed and without the blank ones, and their students’ devices pull them with the profile; another teacher’s students do not', async () => {
    const w = await team();
    const put = await w.teacher.c.put<{ questions: string[] }>('/api/teacher/check-in-questions', { questions: ['  Quantos litros de água por dia?  ', '', 'Alguma dor nas articulações?'] });
    expect([put.status, put.body.questions]).toEqual([200, ['Quantos litros de água por dia?', 'Alguma dor nas articulações?']]);
    expect((await w.teacher.c.get<{ questions: string[] }>('/api/teacher/check-in-questions')).body.questions).toEqual(['Quantos litros de água por dia?', 'Alguma dor nas articulações?']);
    expect((await w.ana.c.get<PullResult>('/api/sync/pull?cursor=0')).body.changes.profile?.checkInQuestions).toEqual(['Quantos litros de água por dia?', 'Alguma dor nas articulações?']);
    expect((await w.olga.c.get<PullResult>('/api/sync/pull?cursor=0')).body.changes.profile?.checkInQuestions).toEqual([]);
    // /me, read in one statement, says what the pull's profile says.
    await w.ana.c.post('/api/weight-records', { weight: 71.3 });
    const { profileHlcs: _stamps, ...pulled } = (await w.ana.c.get<PullResult>('/api/sync/pull?cursor=0')).body.changes.profile!;
    expect((await w.ana.c.get<{ client: unknown }>('/api/clients/me')).body.client).toEqual({ ...pulled, currentWeight: 71.3 });

    // A device that has pulled hears of the change.
    const cursor = (await w.bia.c.get<PullResult>('/api/sync/pull?cursor=0')).body.cursor;
    await w.teacher.c.put('/api/teacher/check-in-questions', { questions: ['Como foi o sono?'] });
    expect((await w.bia.c.get<PullResult>(`/api/sync/pull?cursor=${cursor}`)).body.changes.profile?.checkInQuestions).toEqual(['Como foi o sono?']);
  });

  it('refuses a sixth question, one over 200 characters and one that is not text (400), keeping the questions as they were', async () => {
    const w = await team();
    await w.teacher.c.put('/api/teacher/check-in-questions', { questions: ['Como foi o sono?'] });
    for (const questions of [['1', '2', '3', '4', '5', '6'], ['x'.repeat(201)], [42], 'Como foi?']) {
      const refused = await w.teacher.c.put<{ code: string }>('/api/teacher/check-in-questions', { questions });
      expect([refused.status, refused.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    }
    expect((await w.teacher.c.get<{ questions: string[] }>('/api/teacher/check-in-questions')).body.questions).toEqual(['Como foi o sono?']);
    expect((await w.ana.c.get('/api/teacher/check-in-questions')).status).toBe(403);
  });
});

describe('GET /api/coach/attention (issue 22, part 3)', () => {
  it('lists a teacher’s own students with their figures from the server’s data: a student with no weigh-in for 8 days, another with a check-in waiting; admins see every client', async () => {
    world.now = Date.UTC(2026, 10, 20, 15, 0);
    const w = await team();
    const anaPhone = new TestDevice(undefined, () => world.now);
    expect((await w.ana.c.post('/api/sync/push', { deviceId: anaPhone.deviceId, mutations: [anaPhone.addWeight(82.4, { createdAt: new Date(world.now).toISOString() }), anaPhone.mutation('progress.set', { field: 'workoutCompleted', value: true }), anaPhone.mutation('progress.set', { field: 'dietFollowed', value: true }), anaPhone.mutation('progress.set', { field: 'mood', value: 4 }), anaPhone.mutation('progress.complete', {})] })).status).toBe(200);
    world.now += 8 * 86_400_000;
    const biaPhone = new TestDevice(undefined, () => world.now);
    await w.bia.c.post('/api/sync/push', { deviceId: biaPhone.deviceId, mutations: [biaPhone.addWeight(70.1, { createdAt: new Date(world.now).toISOString() })] });
    await checksInOnSaturday(w.bia);

    const students = (await w.teacher.c.get<{ students: CoachStudentAttention[] }>('/api/coach/attention')).body.students;
    expect(students.map((s) => s.clientName)).toEqual(['Ana Aluna', 'Bia Aluna']);
    const [ana, bia] = students as [CoachStudentAttention, CoachStudentAttention];
    expect(ana).toMatchObject({ daysSinceWeighIn: 8, trendKgPerWeek: null, lastCheckIn: null, daysSinceOpen: 8, planStatus: 'inactive', daysLeft: null });
    expect(ana.tracking30).toBe(0.03); // one completed day of thirty
    expect(bia).toMatchObject({ daysSinceWeighIn: 0, lastCheckIn: { week: '2026-11-23', reviewed: false }, daysSinceOpen: 0 });
    expect([ATTENTION_FILTERS.noWeighIn7(ana), ATTENTION_FILTERS.noWeighIn7(bia), ATTENTION_FILTERS.checkInWaiting(bia)]).toEqual([true, false, true]);

    const everyone = (await w.admin.c.get<{ students: CoachStudentAttention[] }>('/api/coach/attention')).body.students.map((s) => s.clientName);
    expect(everyone).toEqual(expect.arrayContaining(['Ana Aluna', 'Bia Aluna', 'Olga Aluna', 'Úrsula Livre']));
    expect((await w.ana.c.get('/api/coach/attention')).status).toBe(403);
  });
});

/** A check-in for the week that began on Monday the 23rd, pushed on Saturday the 28th. */
async function checksInOnSaturday(client: { c: TestClient }) {
  const device = new TestDevice(undefined, () => world.now);
  const checkIn = device.mutation('checkin.submit', aCheckIn({ createdAt: new Date(world.now).toISOString(), dietAdherence: 4, workoutAdherence: 4 }));
  expect((await client.c.post<PushResult>('/api/sync/push', { deviceId: device.deviceId, mutations: [checkIn] })).body.results[0]?.status).toBe('applied');
}
