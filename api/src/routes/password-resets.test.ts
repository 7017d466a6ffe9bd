import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness.ts';
import { createUser } from '../../test/factories.ts';
import { resetTokenIn, startSmtpInbox, type SmtpInbox } from '../../test/smtp-inbox.ts';
import { RESET_LINK_TTL_MS } from '../services/password-resets.ts';
import type { Logger } from '../logger.ts';

let inbox: SmtpInbox;
let t: TestApp;
let clock = Date.parse('2026-11-23T12:00:00Z');
let logged: { event: string; fields: Record<string, unknown> }[] = [];

beforeAll(async () => {
  inbox = await startSmtpInbox();
});
afterAll(() => inbox.close());
afterEach(() => t.close());

const log: Logger = {
  info: (event: string, fields: Record<string, unknown> = {}) => void logged.push({ event, fields }),
  error: (event: string, fields: Record<string, unknown> = {}) => void logged.push({ event, fields }),
} as Logger;

/** An app that mails through the local SMTP server, on a clock the test moves. */
async function mailingApp(env: Record<string, string> = {}) {
  clock = Date.parse('2026-11-23T12:00:00Z');
  logged = [];
  t = await createTestApp({
    env: { SMTP_URL: inbox.url, MAIL_FROM: 'Leve Coach <no-reply@leve.example>', PUBLIC_URL: 'https://coach.example', ...env },
    now: () => clock,
    log,
  });
  return t;
}

const ask = (c: TestClient, email: string) => c.post('/api/password-resets', { email });
const confirm = (c: TestClient, token: string, password = 'nova-senha-123') =>
  c.post('/api/password-resets/confirm', { token, newPassword: password, confirmPassword: password });
const me = (c: TestClient) => c.get('/api/clients/me');

/** The link a user asks for by e-mail, read from the mail the SMTP server received. */
async function mailedToken(c: TestClient, email: string) {
  expect((await ask(c, email)).status).toBe(202);
  return resetTokenIn((await inbox.next(email)).text);
}

describe('asking for a reset link', () => {
  it('answers a known and an unknown address alike, and mails only the account, in its language', async () => {
    await mailingApp();
    const { user } = await createUser(t.deps, { email: 'lucia@example.com', name: 'Lucía', countryCode: 'AR' });
    const unknown = await ask(t.client(), 'nobody@example.com');
    const known = await ask(t.client(), 'Lucia@Example.com');
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(known.body).toEqual({ success: true, delivery: 'email' });
    const headersOf = (h: Headers) => [...h.entries()].filter(([name]) => name !== 'date');
    expect(headersOf(unknown.headers)).toEqual(headersOf(known.headers));

    const mail = await inbox.next(user.email);
    expect(mail.from?.text).toBe('"Leve Coach" <no-reply@leve.example>');
    expect(mail.subject).toBe('Restablecé tu contraseña de Leve Coach');
    expect(mail.text).toContain('¡Hola, Lucía!');
    expect(mail.text).toMatch(/https:\/\/coach\.example\/redefinir-senha#token=[\w-]{43}\n/);
    // The token itself is never stored, only its hash.
    const token = resetTokenIn(mail.text);
    const stored = await t.database.sql.all<{ id: string }>('SELECT id FROM password_resets');
    expect(stored).toHaveLength(1);
    expect(stored[0]?.id).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0]?.id).not.toContain(token);
    await expect(inbox.next('nobody@example.com', 300)).rejects.toThrow(/no mail/);
  });

  it('writes in English to a US account', async () => {
    await mailingApp();
    const { user } = await createUser(t.deps, { name: 'Amy', countryCode: 'US' });
    await ask(t.client({ locale: 'pt-BR' }), user.email);
    const mail = await inbox.next(user.email);
    expect(mail.subject).toBe('Reset your Leve Coach password');
    expect(mail.text).toContain('Hi Amy,');
  });

  it('says the same to everyone when no SMTP is configured, and mails nothing', async () => {
    t = await createTestApp();
    const { user } = await createUser(t.deps);
    const known = await ask(t.client(), user.email);
    const unknown = await ask(t.client(), 'nobody@example.com');
    expect(known.body).toEqual({ success: true, delivery: 'staff' });
    expect(unknown.body).toEqual(known.body);
    expect(await t.database.sql.get('SELECT count(*) AS n FROM password_resets')).toEqual({ n: 0 });
  });

  it('refuses a malformed address with a 400 in the request’s language', async () => {
    await mailingApp();
    const response = await t.client({ locale: 'es-AR' }).post<{ code: string; details: { field: string }[] }>('/api/password-resets', { email: 'not-an-email' });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_FAILED');
    expect(response.body.details.map((d) => d.field)).toEqual(['email']);
  });
});

describe('rate limits', () => {
  it('limits requests per address, whoever asks and whether or not it has an account', async () => {
    await mailingApp({ RATE_LIMIT_ADDRESS_PASSWORD_RESETS: '2' });
    const { user } = await createUser(t.deps);
    for (const email of [user.email, 'nobody@example.com']) {
      expect((await ask(t.client(), email)).status).toBe(202);
      expect((await ask(t.client(), email.toUpperCase())).status).toBe(202);
      const refused = await ask(t.client(), email);
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ code: 'RATE_LIMITED' });
      expect(refused.headers.get('retry-after')).toBe(String(60 * 60));
    }
    // An hour later the address may ask again.
    clock += 60 * 60 * 1000;
    expect((await ask(t.client(), user.email)).status).toBe(202);
  });

  it('limits requests per IP address across addresses', async () => {
    await mailingApp({ RATE_LIMIT_PASSWORD_RESETS: '3' });
    const sameIp = t.client({ ip: '203.0.113.9' });
    for (const n of [1, 2, 3]) expect((await ask(sameIp, `someone${n}@example.com`)).status).toBe(202);
    expect((await ask(sameIp, 'someone4@example.com')).status).toBe(429);
    expect((await ask(t.client({ ip: '203.0.113.10' }), 'someone4@example.com')).status).toBe(202);
  });
});

describe('setting a new password from the link', () => {
  it('sets the password, ends every session of the account, and signs this browser in', async () => {
    await mailingApp();
    const { user, password } = await createUser(t.deps);
    const [laptop, phone] = [t.client(), t.client()];
    for (const c of [laptop, phone]) expect((await c.post('/api/clients/login', { email: user.email, password })).status).toBe(200);

    const stranger = t.client();
    const token = await mailedToken(stranger, user.email);
    const response = await confirm(stranger, token);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ client: { id: user.id, email: user.email } });
    expect((await me(stranger)).status).toBe(200);

    expect((await me(laptop)).status).toBe(401);
    expect((await me(phone)).status).toBe(401);
    expect((await t.client().post('/api/clients/login', { email: user.email, password })).status).toBe(401);
    expect((await t.client().post('/api/clients/login', { email: user.email, password: 'nova-senha-123' })).status).toBe(200);
    expect(logged).toContainEqual({ event: 'password-reset.used', fields: { userId: user.id, revokedSessions: 2 } });
  });

  it('works once: a second use, or an older link of the same user, is refused with its code', async () => {
    await mailingApp();
    const { user } = await createUser(t.deps);
    const older = await mailedToken(t.client(), user.email);
    const token = await mailedToken(t.client(), user.email);
    expect((await confirm(t.client(), token)).status).toBe(200);

    const again = await confirm(t.client({ locale: 'en-US' }), token, 'outra-senha-456');
    expect(again.status).toBe(410);
    expect(again.body).toEqual({ code: 'RESET_LINK_USED', error: 'This password reset link was already used. Ask for a new one.' });
    expect((await confirm(t.client(), older, 'outra-senha-456')).body).toMatchObject({ code: 'RESET_LINK_USED' });
    expect((await t.client().post('/api/clients/login', { email: user.email, password: 'outra-senha-456' })).status).toBe(401);
  });

  it('refuses a link after its hour, and one that never existed', async () => {
    await mailingApp();
    const { user, password } = await createUser(t.deps);
    const token = await mailedToken(t.client(), user.email);
    clock += RESET_LINK_TTL_MS;
    const late = await confirm(t.client({ locale: 'es-AR' }), token);
    expect(late.status).toBe(410);
    expect(late.body).toMatchObject({ code: 'RESET_LINK_EXPIRED', error: expect.stringContaining('venció') });
    expect((await t.client().post('/api/clients/login', { email: user.email, password })).status).toBe(200);

    const forged = await confirm(t.client(), 'A'.repeat(43));
    expect(forged.status).toBe(400);
    expect(forged.body).toMatchObject({ code: 'RESET_LINK_INVALID' });
  });

  it('asks the registration rules of the new password', async () => {
    await mailingApp();
    const { user } = await createUser(t.deps);
    const token = await mailedToken(t.client(), user.email);
    const short = await confirm(t.client(), token, 'short');
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'newPassword', code: 'validation.passwordMinRegister' }] });
    const mismatch = await t.client().post('/api/password-resets/confirm', { token, newPassword: 'nova-senha-123', confirmPassword: 'nova-senha-124' });
    expect(mismatch.body).toMatchObject({ details: [{ field: 'confirmPassword', code: 'validation.passwordMismatch' }] });
    // A refused password does not spend the link.
    expect((await confirm(t.client(), token)).status).toBe(200);
  });
});

describe('a link an admin shares', () => {
  it('is made by an admin only, logged, in the user’s language, and works like a mailed one', async () => {
    t = await createTestApp({ log, now: () => clock });
    logged = [];
    const { user, password } = await createUser(t.deps, { name: 'Lucía', countryCode: 'AR' });
    const { user: admin, password: adminPassword } = await createUser(t.deps, { role: 'admin' });
    const { user: teacher, password: teacherPassword } = await createUser(t.deps, { role: 'teacher' });
    const signedIn = async (email: string, pw: string) => {
      const c = t.client();
      expect((await c.post('/api/clients/login', { email, password: pw })).status).toBe(200);
      return c;
    };
    const path = `/api/admin/users/${user.id}/password-reset`;
    expect((await t.client().post(path)).status).toBe(401);
    expect((await (await signedIn(user.email, password)).post(path)).status).toBe(403);
    expect((await (await signedIn(teacher.email, teacherPassword)).post(path)).status).toBe(403);

    const adminBrowser = await signedIn(admin.email, adminPassword);
    expect((await adminBrowser.post('/api/admin/users/0190a000-0000-7000-8000-000000000000/password-reset')).status).toBe(404);
    const made = await adminBrowser.post<{ link: string; expiresAt: string; message: string }>(path);
    expect(made.status).toBe(201);
    expect(made.body.link).toMatch(/^http:\/\/localhost\/redefinir-senha#token=[\w-]{43}$/);
    expect(made.body.expiresAt).toBe(new Date(clock + RESET_LINK_TTL_MS).toISOString());
    expect(made.body.message).toBe(`¡Hola, Lucía! Para crear una nueva contraseña en Leve Coach, abrí este enlace (dura 1 hora y se puede usar una sola vez): ${made.body.link}`);
    expect(logged).toContainEqual({ event: 'password-reset.link-created', fields: { userId: user.id, by: admin.id } });

    const userBrowser = await signedIn(user.email, password);
    expect((await confirm(t.client(), resetTokenIn(made.body.link))).status).toBe(200);
    expect((await me(userBrowser)).status).toBe(401);
    expect((await me(adminBrowser)).status).toBe(200);
  });
});
