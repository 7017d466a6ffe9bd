import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { uuidv7 } from '#protocol/ids.ts';
import type { TestApp, TestClient } from '../../test/harness.ts';
import { buildDietInput, buildRegistration, signedIn, TestDevice } from '../../test/factories.ts';
import type { TestPushService } from '../../test/push-service.ts';
import { startPushTestApp, type PushTestApp } from '../../test/push-test-app.ts';
import { MESSAGE_NOTICE_DELAY_MS } from './notices.ts';

/**
 * Issue 50, part 3 (ADR 032): a coach's answer reaches the client's devices while the app is
 * closed, through the real Web Push path: the notice is written with the message, claimed by the
 * scheduler, encrypted with each subscription's keys and decrypted by the local push service as a
 * browser would. As the person chose it when it is sent, in their language, outside quiet hours.
 */
const MINUTE = 60_000;
/** 12:00 in São Paulo: no one's quiet hours. */
const world = { now: Date.UTC(2026, 10, 30, 15, 0) };
let app: PushTestApp | undefined, t: TestApp, service: TestPushService;
beforeAll(async () => void ({ t, service } = app = await startPushTestApp(() => world.now)));
afterAll(() => app?.close());
beforeEach(() => {
  world.now = Date.UTC(2026, 10, 30, 15, 0);
  service.delivered.length = 0;
});

type Shown = { kind: string; title: string; body: string; url: string; tag: string };

async function coachAndClient(client: Record<string, unknown> = {}) {
  const teacher = await signedIn(t, { role: 'teacher', name: 'Tiago Professor' });
  const student = await signedIn(t, { name: 'Ana Aluna', teacherId: teacher.user.id, ...client });
  const devices = [service.subscribe(), service.subscribe()];
  for (const [index, subscription] of devices.entries()) expect((await student.c.put('/api/push/subscription', { ...subscription, deviceId: `device-ana-000${index}` })).status).toBe(204);
  const ids = devices.map((device) => device.endpoint.split('/').at(-1));
  const delivered = () => service.delivered.filter((push) => ids.includes(push.subscription));
  const answer = (body: string, id = uuidv7(world.now)) => teacher.c.post(`/api/coach/threads/${student.user.id}/messages`, { id, body });
  return { teacher, student, devices, delivered, answer };
}

const shown = (payload: string) => JSON.parse(payload) as Shown;
const turnOff = (c: TestClient, notices: Record<string, unknown>) => c.put('/api/clients/profile', { notices });

describe('a coach’s answer as a push (issue 50)', () => {
  it('reaches each of the client’s devices once, in their language, opening the thread; a resent answer is not told again', async () => {
    const { delivered, answer } = await coachAndClient();
    const id = uuidv7(world.now);
    expect((await answer('Pode trocar o arroz por batata-doce.', id)).status).toBe(201);
    expect((await answer('Pode trocar o arroz por batata-doce.', id)).status).toBe(200);
    // Not at once: a thread open on the client's screen would read it first.
    expect(await t.deps.noticeDispatcher.tick()).toBe(0);
    world.now += MESSAGE_NOTICE_DELAY_MS;
    expect(await t.deps.noticeDispatcher.tick()).toBe(1);

    expect(delivered()).toHaveLength(2);
    for (const push of delivered()) {
      expect(shown(push.payload)).toEqual({ kind: 'coachMessage', title: 'Tiago Professor escreveu para você', body: 'Pode trocar o arroz por batata-doce.', url: '/messages', tag: 'coach-message' });
      expect(push.urgency).toBe('high');
      // RFC 8030's Topic: a later push of the thread replaces one a device has not fetched yet.
      expect(push.topic).toMatch(/^[\w-]{32}$/);
    }
    expect(await t.deps.noticeDispatcher.tick()).toBe(0);
    expect(delivered()).toHaveLength(2);
  });

  it('counts the unread answers in one notification when several wait, in Spanish for a client in Argentina', async () => {
    const { delivered, answer } = await coachAndClient({ countryCode: 'AR', preferredLanguage: 'es-AR' });
    await answer('Primero');
    world.now += 1_000;
    await answer('Segundo');
    world.now += MESSAGE_NOTICE_DELAY_MS;
    await t.deps.noticeDispatcher.tick();
    const bodies = delivered().map((push) => shown(push.payload));
    expect(bodies.every((body) => body.title === 'Tiago Professor te escribió' && body.tag === 'coach-message')).toBe(true);
    expect(bodies.map((body) => body.body)).toContain('2 mensajes nuevos de tu coach');
  });

  it('is not sent when the client turned that push off, even though the notice was already waiting', async () => {
    const { student, delivered, answer } = await coachAndClient();
    await answer('Vamos ajustar o treino?');
    expect((await turnOff(student.c, { coachMessage: { push: false } })).status).toBe(200);
    world.now += MESSAGE_NOTICE_DELAY_MS;
    expect(await t.deps.noticeDispatcher.tick()).toBe(1);
    expect(delivered()).toEqual([]);
    const row = await t.database.sql.get<{ skipped: number; done_at: number | null }>("SELECT skipped, done_at FROM notices WHERE user_id = ? AND kind = 'coachMessage'", [student.user.id]);
    expect(row).toEqual({ skipped: 1, done_at: world.now });
  });

  it('waits for the end of quiet hours in the client’s zone: an answer at 23:00 in São Paulo arrives at 07:00', async () => {
    const { delivered, answer } = await coachAndClient();
    world.now = Date.UTC(2026, 11, 1, 2, 0); // 23:00 in São Paulo
    await answer('Boa noite! Amanhã conversamos.');
    world.now += MESSAGE_NOTICE_DELAY_MS;
    await t.deps.noticeDispatcher.tick();
    expect(delivered()).toEqual([]);
    world.now = Date.UTC(2026, 11, 1, 9, 59); // 06:59
    expect(await t.deps.noticeDispatcher.tick()).toBe(0);
    world.now = Date.UTC(2026, 11, 1, 10, 0); // 07:00
    await t.deps.noticeDispatcher.tick();
    expect(delivered()).toHaveLength(2);
  });

  it('removes a subscription the push service says is gone, and tries a failing one again a minute later', async () => {
    const { student, delivered, answer } = await coachAndClient();
    await answer('Tudo certo?');
    service.answerNext({ status: 410 }, { status: 500 }, { status: 500 }, { status: 500 });
    world.now += MESSAGE_NOTICE_DELAY_MS;
    await t.deps.noticeDispatcher.tick();
    expect(delivered()).toEqual([]);
    const left = await t.database.sql.all<{ device_id: string }>('SELECT device_id FROM push_subscriptions WHERE user_id = ?', [student.user.id]);
    expect(left).toHaveLength(1);
    expect(await t.deps.noticeDispatcher.tick()).toBe(0);
    world.now += MINUTE;
    await t.deps.noticeDispatcher.tick();
    expect(delivered()).toHaveLength(1);
  });

  it('is not pushed when the client read it meanwhile, as a thread open on their screen does', async () => {
    const { student, delivered, answer } = await coachAndClient();
    const { body } = await answer('Viu meu recado?');
    const sentAt = (body as { message: { sentAt: string } }).message.sentAt;
    world.now += 2_000;
    // The open thread pulled the answer and marked it read.
    const phone = new TestDevice(undefined, () => world.now);
    const read = await student.c.post<{ results: { status: string }[] }>('/api/sync/push', { deviceId: phone.deviceId, mutations: [phone.mutation('messages.read', { upTo: sentAt } as never)] });
    expect(read.body.results[0]?.status).toBe('applied');
    // The client then left the thread; the next answer is unread when both fall due.
    world.now += 1_000;
    await answer('Amanhã treino às 7h.');
    world.now += MESSAGE_NOTICE_DELAY_MS;
    expect(await t.deps.noticeDispatcher.tick()).toBe(2);
    expect(delivered().map((push) => shown(push.payload).body)).toEqual(['Amanhã treino às 7h.', 'Amanhã treino às 7h.']);
    const rows = await t.database.sql.all<{ skipped: number }>("SELECT skipped FROM notices WHERE user_id = ? AND kind = 'coachMessage' ORDER BY due_at", [student.user.id]);
    expect(rows.map((row) => row.skipped)).toEqual([1, 0]);
  });
});

describe('a plan published as a push (issue 50)', () => {
  it('tells the client’s devices once, in the app’s own words, opening the diet', async () => {
    const { teacher, student, delivered } = await coachAndClient();
    const created = await teacher.c.post<{ diet: { id: string } }>(`/api/admin/users/${student.user.id}/diet`, buildDietInput({ title: 'Dieta de dezembro' }));
    expect((await teacher.c.post(`/api/teacher-admin/diet/${created.body.diet.id}/publish`)).status).toBe(200);
    await teacher.c.post(`/api/teacher-admin/diet/${created.body.diet.id}/publish`);
    await t.deps.noticeDispatcher.tick();
    expect(delivered().map((push) => shown(push.payload))).toEqual(
      Array(2).fill({ kind: 'planPublished', title: 'Sua nova dieta chegou', body: 'A dieta "Dieta de dezembro" foi publicada. Veja em Meus Conteúdos.', url: '/diet', tag: 'dietPublished' }),
    );
  });
});

describe('what coaches are told (issue 50)', () => {
  /** The teacher's laptop, subscribed; what reached it, as shown. */
  async function teacherLaptop(teacher: { c: TestClient }) {
    const laptop = service.subscribe();
    expect((await teacher.c.put('/api/push/subscription', { ...laptop, deviceId: 'device-teacher-0001' })).status).toBe(204);
    const id = laptop.endpoint.split('/').at(-1);
    return () => service.delivered.filter((push) => push.subscription === id).map((push) => shown(push.payload));
  }

  it('a student’s message reaches their teacher’s devices, opening that student, and nothing goes back to the student', async () => {
    const { teacher, student, delivered } = await coachAndClient();
    const onLaptop = await teacherLaptop(teacher);
    const device = new TestDevice(undefined, () => world.now);
    const push = await student.c.post<{ results: { status: string }[] }>('/api/sync/push', {
      deviceId: device.deviceId,
      mutations: [device.mutation('message.send', { id: uuidv7(world.now), createdAt: new Date(world.now).toISOString(), body: 'Oi, professor!' } as never)],
    });
    expect(push.body.results[0]?.status).toBe('applied');
    world.now += MESSAGE_NOTICE_DELAY_MS;
    await t.deps.noticeDispatcher.tick();
    expect(onLaptop()).toEqual([{ kind: 'studentMessage', title: 'Ana Aluna escreveu para você', body: 'Oi, professor!', url: `/admin?client=${student.user.id}`, tag: `studentMessage-${student.user.id}` }]);
    expect(delivered()).toEqual([]);
  });

  it('a student’s message the teacher read meanwhile (the thread open on their screen) is not pushed', async () => {
    const { teacher, student } = await coachAndClient();
    const onLaptop = await teacherLaptop(teacher);
    const device = new TestDevice(undefined, () => world.now);
    await student.c.post('/api/sync/push', { deviceId: device.deviceId, mutations: [device.mutation('message.send', { id: uuidv7(world.now), createdAt: new Date(world.now).toISOString(), body: 'Professor, está aí?' } as never)] });
    world.now += 3_000;
    expect((await teacher.c.post(`/api/coach/threads/${student.user.id}/read`, { upTo: new Date(world.now).toISOString() })).status).toBe(200);
    world.now += MESSAGE_NOTICE_DELAY_MS;
    expect(await t.deps.noticeDispatcher.tick()).toBe(1);
    expect(onLaptop()).toEqual([]);
  });

  it('a check-in waiting for review names only who sent it: none of its answers travel', async () => {
    const { teacher, student } = await coachAndClient();
    const onLaptop = await teacherLaptop(teacher);
    const device = new TestDevice(undefined, () => world.now);
    const week = new Date(world.now).toISOString().slice(0, 10);
    const checkIn = { id: uuidv7(world.now), week, createdAt: new Date(world.now).toISOString(), dietAdherence: 2, workoutAdherence: 3, hunger: 4, sleep: 1, stress: 5, energy: 2, note: 'Dormi mal a semana toda' };
    const push = await student.c.post<{ results: { status: string; code?: string }[] }>('/api/sync/push', { deviceId: device.deviceId, mutations: [device.mutation('checkin.submit', checkIn as never)] });
    expect(push.body.results[0]?.code ?? push.body.results[0]?.status).toBe('applied');
    await t.deps.noticeDispatcher.tick();
    expect(onLaptop()).toEqual([{ kind: 'checkInReview', title: 'Check-in de Ana Aluna', body: 'Um check-in está esperando sua revisão.', url: `/admin?client=${student.user.id}`, tag: `checkInReview-${student.user.id}` }]);
    const pushed = service.delivered.at(-1)?.payload ?? '';
    expect(pushed).not.toContain('Dormi mal');
  });

  it('a new student through the teacher’s link is told to the teacher', async () => {
    const teacher = await signedIn(t, { role: 'teacher', name: 'Tiago Professor' });
    const onLaptop = await teacherLaptop(teacher);
    const { referralLinks } = (await teacher.c.get<{ referralLinks: { code: string }[] }>('/api/teacher/referral-links')).body;
    const registered = await t.client().post('/api/clients/register', buildRegistration({ name: 'Nina Nova', referralCode: referralLinks[0]?.code }));
    expect(registered.status).toBe(201);
    await t.deps.noticeDispatcher.tick();
    expect(onLaptop().map((notice) => [notice.kind, notice.title])).toEqual([['newStudent', 'Novo aluno: Nina Nova']]);
  });
});

describe('what a client is told about their plan (issue 50)', () => {
  const HOUR = 3_600_000;
  const kinds = (pushes: Shown[]) => pushes.map((notice) => [notice.kind, notice.title]);

  it('the trial’s end two hours ahead, opening the plans; not when a plan was bought, whose payment is confirmed at once with its end date', async () => {
    const ending = await coachAndClient();
    const trial = await t.deps.subscriptions.startTrial(ending.student.user.id, 'pt-BR');
    const bought = await coachAndClient();
    await t.deps.subscriptions.startTrial(bought.student.user.id, 'pt-BR');
    const plan = await t.deps.subscriptions.activate(bought.student.user.id, 'monthly', 'pt-BR', 'admin', null);
    await t.deps.noticeDispatcher.tick();
    const confirmed = bought.delivered().map((push) => shown(push.payload));
    const endsOn = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeZone: 'America/Sao_Paulo' }).format(Date.parse(plan.endDate));
    expect(confirmed).toEqual(Array(2).fill({ kind: 'payment', title: 'Pagamento confirmado', body: `Seu plano está ativo até ${endsOn}. Obrigado!`, url: '/subscription', tag: 'payment' }));

    world.now = Date.parse(trial.endDate) - 2 * HOUR;
    await t.deps.noticeDispatcher.tick();
    expect(kinds(ending.delivered().map((push) => shown(push.payload)))).toEqual(Array(2).fill(['trialEnding', 'Seu teste termina em 2 horas']));
    expect(kinds(bought.delivered().map((push) => shown(push.payload))).filter(([kind]) => kind === 'trialEnding')).toEqual([]);
  });

  it('a plan’s end three days ahead, not when another plan follows it; a refund is told', async () => {
    const ending = await coachAndClient();
    const plan = await t.deps.subscriptions.activate(ending.student.user.id, 'monthly', 'pt-BR', 'admin', null);
    const renewed = await coachAndClient();
    await t.deps.subscriptions.activate(renewed.student.user.id, 'monthly', 'pt-BR', 'admin', null);
    await t.deps.subscriptions.activate(renewed.student.user.id, 'monthly', 'pt-BR', 'admin', null);
    world.now = Date.parse(plan.endDate) - 3 * 24 * HOUR;
    await t.deps.noticeDispatcher.tick();
    expect(kinds(ending.delivered().map((push) => shown(push.payload))).filter(([kind]) => kind === 'planEnding')).toEqual(Array(2).fill(['planEnding', 'Seu plano termina em 3 dias']));
    expect(kinds(renewed.delivered().map((push) => shown(push.payload))).filter(([kind]) => kind === 'planEnding')).toEqual([]);

    await t.deps.subscriptions.end(plan.id);
    await t.deps.noticeDispatcher.tick();
    expect(kinds(ending.delivered().map((push) => shown(push.payload))).filter(([kind]) => kind === 'payment')).toContainEqual(['payment', 'Pagamento estornado']);
  });
});
