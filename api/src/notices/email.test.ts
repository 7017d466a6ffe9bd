import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '#protocol/ids.ts';
import type { ProfileDto } from '#protocol/contract/clients.ts';
import { noticeChoicesOf } from '#protocol/domain/notice-choices.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { signedIn } from '../../test/factories.ts';
import type { ParsedMail } from 'mailparser';
import { startSmtpInbox, type SmtpInbox } from '../../test/smtp-inbox.ts';
import type { TestPushService } from '../../test/push-service.ts';
import { startPushTestApp, type PushTestApp } from '../../test/push-test-app.ts';
import { MESSAGE_NOTICE_DELAY_MS } from './notices.ts';

/**
 * Issue 50, part 4 (ADR 032 "E-mail"): the notices a person chose by e-mail arrive through the
 * password reset's SMTP settings, text and HTML in their language, each with a signed one-click
 * unsubscribe for that kind (RFC 8058) that needs no sign-in; a tampered link changes nothing.
 */
const world = { now: Date.UTC(2026, 10, 30, 15, 0) }; // 12:00 in São Paulo and Buenos Aires
let inbox: SmtpInbox;
let app: PushTestApp | undefined, t: TestApp, pushService: TestPushService;
beforeAll(async () => {
  inbox = await startSmtpInbox();
  ({ t, service: pushService } = app = await startPushTestApp(() => world.now, { SMTP_URL: inbox.url, MAIL_FROM: 'Leve Coach <no-reply@leve.example>', PUBLIC_URL: 'https://coach.example' }));
});
afterAll(async () => {
  await app?.close();
  await inbox?.close();
});

async function answeredByEmail(client: Record<string, unknown> = {}) {
  const teacher = await signedIn(t, { role: 'teacher', name: 'Tiago Professor' });
  const student = await signedIn(t, { name: 'Ana Aluna', teacherId: teacher.user.id, ...client });
  expect((await student.c.put('/api/clients/profile', { notices: { coachMessage: { email: true } } })).status).toBe(200);
  expect((await teacher.c.post(`/api/coach/threads/${student.user.id}/messages`, { id: uuidv7(world.now), body: 'Vamos ajustar o jantar <3' })).status).toBe(201);
  world.now += MESSAGE_NOTICE_DELAY_MS;
  await t.deps.noticeDispatcher.tick();
  return { student, mail: await inbox.next(student.user.email) };
}

/** A header as the mail carried it (mailparser folds List-* headers into an object of its own). */
const headerLine = (mail: ParsedMail, key: string) => mail.headerLines.find((line) => line.key === key)?.line ?? '';
const unsubscribeLink = (mail: ParsedMail) => new URL(/<([^>]+)>/.exec(headerLine(mail, 'list-unsubscribe'))?.[1] ?? '');

describe('notices by e-mail (issue 50)', () => {
  it('is not sent again when the push beside it failed and is tried again; the retry reaches only the device that missed it', async () => {
    const teacher = await signedIn(t, { role: 'teacher', name: 'Tiago Professor' });
    const student = await signedIn(t, { name: 'Ana Aluna', teacherId: teacher.user.id });
    expect((await student.c.put('/api/clients/profile', { notices: { coachMessage: { email: true } } })).status).toBe(200);
    const phone = pushService.subscribe();
    const tablet = pushService.subscribe();
    expect((await student.c.put('/api/push/subscription', { ...phone, deviceId: 'device-ana-phone' })).status).toBe(204);
    world.now += 1_000; // the tablet's comes second, in the order pushes go out
    expect((await student.c.put('/api/push/subscription', { ...tablet, deviceId: 'device-ana-tablet' })).status).toBe(204);
    const reached = (subscription: { endpoint: string }) => pushService.delivered.filter((push) => push.subscription === subscription.endpoint.split('/').at(-1)).length;
    const mailsTo = () => inbox.mails.filter((mail) => mail.to && JSON.stringify(mail.to).includes(student.user.email)).length;

    await teacher.c.post(`/api/coach/threads/${student.user.id}/messages`, { id: uuidv7(world.now), body: 'Tudo certo?' });
    world.now += MESSAGE_NOTICE_DELAY_MS;
    // The phone's push is taken; the tablet's push service fails, however often the sender tries.
    pushService.answerNext({ status: 201 }, { status: 503 }, { status: 503 }, { status: 503 }, { status: 503 });
    await t.deps.noticeDispatcher.tick();
    await inbox.next(student.user.email);
    expect([reached(phone), reached(tablet), mailsTo()]).toEqual([1, 0, 1]);

    world.now += 60_000;
    expect(await t.deps.noticeDispatcher.tick()).toBe(1);
    expect([reached(phone), reached(tablet), mailsTo()]).toEqual([1, 1, 1]);
    expect((await t.database.sql.get<{ done_at: number | null }>("SELECT done_at FROM notices WHERE user_id = ? AND kind = 'coachMessage'", [student.user.id]))?.done_at).toBe(world.now);
  });

  it('sends a coach’s answer to a client who chose it by e-mail, in Spanish, with the link to the thread and a one-click unsubscribe', async () => {
    const { mail } = await answeredByEmail({ countryCode: 'AR', preferredLanguage: 'es-AR' });
    expect(mail.subject).toBe('Tiago Professor te escribió');
    expect(mail.text).toContain('Vamos ajustar o jantar <3');
    expect(mail.text).toContain('Abrir Leve Coach: https://coach.example/messages');
    expect(mail.html).toContain('Vamos ajustar o jantar &#60;3');
    expect(headerLine(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const link = unsubscribeLink(mail);
    expect(link.origin + link.pathname).toBe('https://coach.example/api/notices/unsubscribe');
  });

  it('turns that e-mail off with the mail client’s one-click POST, with no sign-in, and the client’s devices pull the change', async () => {
    const { student, mail } = await answeredByEmail();
    const link = unsubscribeLink(mail);
    const anonymous = t.client();
    const asked = await anonymous.get<string>(`${link.pathname}${link.search}`);
    expect(asked.status).toBe(200);
    expect(String(asked.body)).toContain('Parar estes e-mails');
    // A GET only asks: mail scanners open links.
    expect(noticeChoicesOf((await student.c.get<{ client: ProfileDto }>('/api/clients/me')).body.client.notices).coachMessage.email).toBe(true);

    // From the mail provider's servers: no Origin, no cookie.
    const oneClick = await anonymous.request('POST', `${link.pathname}${link.search}`, 'List-Unsubscribe=One-Click', { 'content-type': 'application/x-www-form-urlencoded', origin: '' });
    expect(oneClick.status).toBe(200);
    const pulled = (await student.c.get<{ changes: { profile: ProfileDto } }>('/api/sync/pull?cursor=0')).body.changes.profile;
    expect(noticeChoicesOf(pulled.notices).coachMessage).toEqual({ push: true, email: false });
    expect(noticeChoicesOf(pulled.notices).payment.email).toBe(true);
  });

  it('refuses a tampered link, changing nothing', async () => {
    const { student, mail } = await answeredByEmail();
    const link = unsubscribeLink(mail);
    const token = link.searchParams.get('t') ?? '';
    const [, signature] = token.split('.');
    const otherKind = `${Buffer.from(`${student.user.id}.payment`).toString('base64url')}.${signature}`;
    for (const bad of [otherKind, `${token}x`, 'nothing']) {
      const refused = await t.client().request('POST', `/api/notices/unsubscribe?t=${encodeURIComponent(bad)}`, 'List-Unsubscribe=One-Click', { 'content-type': 'application/x-www-form-urlencoded', origin: '' });
      expect(refused.status, bad).toBe(400);
    }
    const { client } = (await student.c.get<{ client: ProfileDto }>('/api/clients/me')).body;
    const choices = noticeChoicesOf(client.notices);
    expect([choices.coachMessage.email, choices.payment.email]).toEqual([true, true]);
  });

  it('tells the app whether e-mail can be sent: not by a server with no SMTP', async () => {
    const { c } = await signedIn(t);
    expect((await c.get<{ email: boolean }>('/api/notices/channels')).body).toEqual({ email: true });
    const bare = await createTestApp();
    try {
      const { c: other } = await signedIn(bare);
      expect((await other.get<{ email: boolean }>('/api/notices/channels')).body).toEqual({ email: false });
    } finally {
      await bare.close();
    }
  });
});
