import { deleteCookie, getCookie } from 'hono/cookie';
import { DomainError } from '#protocol/errors.ts';
import { loginSchema, passwordChangeSchema, profileUpdateSchema, registerClientSchema } from '#protocol/schemas/clients.ts';
import type { AccountSession } from '#protocol/contract/clients.ts';
import { applyProfileUpdate, authenticate, changePassword, findUserById, registerClient, toClientDto } from '../services/clients.ts';
import { deleteAccount, exportAccount } from '../services/account-data.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { isSessionId } from '../auth/sessions.ts';
import { refuseWhenLimited } from '../auth/rate-limit.ts';
import type { AppDeps } from '../deps.ts';
import { clearSessionCookie, clientIp, sessionToken, setSessionCookie } from '../http/middleware.ts';
import { createRouter, currentSession, currentUser } from '../http/router.ts';
import { readJsonObject, validateBody } from '../http/validate.ts';
import { existingVisitorId, REFERRAL_COOKIE } from '../http/referral-visits.ts';


/** Accounts and sessions (SPEC §7): register, login, logout, me, profile. */
export function clientsRoutes(deps: AppDeps) {
  const r = createRouter('/api/clients');
  const { db } = deps.database;
  const { loginPerIp, loginPerAccount, registrationPerIp } = deps.limiters;

  r.post('/register', 'public', async (c) => {
    const ip = clientIp(c, deps);
    refuseWhenLimited(registrationPerIp, ip);
    const input = await validateBody(c, registerClientSchema);
    const user = await registerClient(db, input, deps.now());
    registrationPerIp.hit(ip);
    // The code the form sends, else the one the visitor's link left in a cookie (SPEC §9, 30 days).
    if (deps.referrals.attach(user.id, input.referralCode ?? getCookie(c, REFERRAL_COOKIE), existingVisitorId(c))) deleteCookie(c, REFERRAL_COOKIE, { path: '/' });
    const { token, expiresAt } = deps.sessions.create(user.id, c.req.header('user-agent'));
    setSessionCookie(c, deps, token, expiresAt);
    deps.log.info('client.registered', { userId: user.id });
    return c.json({ client: toClientDto(db, user) }, 201);
  });

  r.post('/login', 'public', async (c) => {
    const ip = clientIp(c, deps);
    refuseWhenLimited(loginPerIp, ip);
    const input = await validateBody(c, loginSchema);
    refuseWhenLimited(loginPerAccount, input.email);
    const user = await authenticate(db, input.email, input.password);
    if (!user) {
      loginPerIp.hit(ip);
      loginPerAccount.hit(input.email);
      throw new DomainError('INVALID_CREDENTIALS');
    }
    loginPerAccount.reset(input.email);
    const previous = sessionToken(c, deps);
    if (previous) deps.sessions.delete(previous);
    const { token, expiresAt } = deps.sessions.create(user.id, c.req.header('user-agent'));
    setSessionCookie(c, deps, token, expiresAt);
    return c.json({ client: toClientDto(db, user) });
  });

  // Public so that a browser whose session already expired can still clear its cookie.
  r.post('/logout', 'public', (c) => {
    const token = sessionToken(c, deps);
    if (token) deps.sessions.delete(token);
    clearSessionCookie(c, deps);
    return c.json({ success: true });
  });

  // What the PWA asks at start: 200 either way, so a signed-out load logs no console error (a 401
  // is logged by every browser), whichever page or service-worker shell it started from.
  r.get('/session', 'public', (c) => {
    const session = c.get('session');
    const user = session ? findUserById(db, session.user.id) : undefined;
    return c.json({ client: user ? toClientDto(db, user) : null });
  });

  r.get('/me', 'signedIn', (c) => {
    const user = findUserById(db, currentUser(c).id);
    if (!user) throw new DomainError('UNAUTHENTICATED');
    return c.json({ client: toClientDto(db, user) });
  });

  r.put('/profile', 'signedIn', async (c) => {
    const input = await validateBody(c, profileUpdateSchema);
    const user = applyProfileUpdate(db, deps.tracking, currentUser(c).id, input, deps.clock.now(), deps.now());
    return c.json({ client: toClientDto(db, user) });
  });

  r.get('/me/export', 'signedIn', (c) => {
    const data = exportAccount(deps, currentUser(c).id);
    c.header('Content-Disposition', `attachment; filename="leve-coach-export-${data.exportedAt.slice(0, 10)}.json"`);
    return c.json(data);
  });

  /**
   * The password again, for what a left-open session alone must not do. Failures count towards
   * the account's login limit, so a stolen cookie cannot be used to guess the password.
   */
  const reauthenticate = async (userId: string, password: unknown, field: string, key = 'validation.passwordWrong') => {
    const user = findUserById(db, userId);
    if (!user) throw new DomainError('UNAUTHENTICATED');
    refuseWhenLimited(loginPerAccount, user.email);
    if (typeof password !== 'string' || !(await verifyPassword(user.passwordHash, password))) {
      loginPerAccount.hit(user.email);
      throw new DomainError('WRONG_PASSWORD', { fields: [{ field, key }] });
    }
    return user;
  };

  /** A new password ends every other session and gives this browser a fresh token. */
  r.put('/me/password', 'signedIn', async (c) => {
    const input = await validateBody(c, passwordChangeSchema);
    const session = currentSession(c);
    const user = await reauthenticate(session.user.id, input.currentPassword, 'currentPassword', 'validation.currentPasswordWrong');
    await changePassword(db, user.id, input.newPassword, deps.now());
    const revoked = deps.sessions.revokeOthers(user.id, session.id);
    deps.sessions.revoke(user.id, session.id);
    const { token, expiresAt } = deps.sessions.create(user.id, c.req.header('user-agent'));
    setSessionCookie(c, deps, token, expiresAt);
    deps.log.info('client.password-changed', { userId: user.id, revokedSessions: revoked });
    return c.json({ success: true, revokedSessions: revoked });
  });

  /** The owner's signed-in browsers, this one marked; ids are hashes, never tokens. */
  r.get('/me/sessions', 'signedIn', (c) => {
    const session = currentSession(c);
    const sessions = deps.sessions.listFor(session.user.id).map((row): AccountSession => ({
      id: row.id,
      createdAt: new Date(row.createdAt).toISOString(),
      expiresAt: new Date(row.expiresAt).toISOString(),
      userAgent: row.userAgent,
      current: row.id === session.id,
    }));
    return c.json({ sessions });
  });

  /** Signs out every other browser. */
  r.delete('/me/sessions', 'signedIn', (c) => {
    const session = currentSession(c);
    return c.json({ success: true, revokedSessions: deps.sessions.revokeOthers(session.user.id, session.id) });
  });

  /** Signs out one browser; ending this one is a logout. */
  r.delete('/me/sessions/:id', 'signedIn', (c) => {
    const session = currentSession(c);
    const id = c.req.param('id') ?? '';
    if (!isSessionId(id) || !deps.sessions.revoke(session.user.id, id)) throw new DomainError('NOT_FOUND');
    if (id === session.id) clearSessionCookie(c, deps);
    return c.json({ success: true });
  });

  /** Deleting the account needs the password again: a left-open session alone must not do it. */
  r.delete('/me', 'signedIn', async (c) => {
    const body = await readJsonObject(c);
    const user = await reauthenticate(currentUser(c).id, body.password, 'password');
    deleteAccount(deps, user.id);
    clearSessionCookie(c, deps);
    deps.log.info('client.deleted', { userId: user.id });
    return c.json({ success: true });
  });

  return r;
}
