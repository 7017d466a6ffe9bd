import { loginSchema, profileUpdateSchema, registerClientSchema } from '#protocol/schemas/clients.ts';
import { applyProfileUpdate, authenticate, findUserById, registerClient, toClientDto } from '../services/clients.ts';
import { deleteAccount, exportAccount } from '../services/account-data.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { ApiError, refuseWhenLimited } from '../http/errors.ts';
import type { AppDeps } from '../http/env.ts';
import { clearSessionCookie, clientIp, sessionToken, setSessionCookie } from '../http/middleware.ts';
import { createRouter, currentUser } from '../http/router.ts';
import { readJsonObject, validateBody } from '../http/validate.ts';
import { deleteCookie, getCookie } from 'hono/cookie';
import { REFERRAL_COOKIE } from '../http/referral-visits.ts';


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
    if (deps.referrals.attach(user.id, input.referralCode ?? getCookie(c, REFERRAL_COOKIE))) deleteCookie(c, REFERRAL_COOKIE, { path: '/' });
    const { token, expiresAt } = deps.sessions.create(user.id, c.req.header('user-agent'));
    setSessionCookie(c, deps, token, expiresAt);
    deps.log.info('client.registered', { userId: user.id });
    return c.json({ client: toClientDto(user) }, 201);
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
      throw new ApiError(401, 'INVALID_CREDENTIALS');
    }
    loginPerAccount.reset(input.email);
    const previous = sessionToken(c, deps);
    if (previous) deps.sessions.delete(previous);
    const { token, expiresAt } = deps.sessions.create(user.id, c.req.header('user-agent'));
    setSessionCookie(c, deps, token, expiresAt);
    return c.json({ client: toClientDto(user) });
  });

  // Public so that a browser whose session already expired can still clear its cookie.
  r.post('/logout', 'public', (c) => {
    const token = sessionToken(c, deps);
    if (token) deps.sessions.delete(token);
    clearSessionCookie(c, deps);
    return c.json({ success: true });
  });

  r.get('/me', 'signedIn', (c) => {
    const user = findUserById(db, currentUser(c).id);
    if (!user) throw new ApiError(401, 'UNAUTHENTICATED');
    return c.json({ client: toClientDto(user) });
  });

  r.put('/profile', 'signedIn', async (c) => {
    const input = await validateBody(c, profileUpdateSchema);
    const user = applyProfileUpdate(db, deps.tracking, currentUser(c).id, input, deps.clock.now(), deps.now());
    return c.json({ client: toClientDto(user) });
  });

  r.get('/me/export', 'signedIn', (c) => {
    const data = exportAccount(deps, currentUser(c).id);
    c.header('Content-Disposition', `attachment; filename="leve-coach-export-${data.exportedAt.slice(0, 10)}.json"`);
    return c.json(data);
  });

  /** Deleting the account needs the password again: a left-open session alone must not do it. */
  r.delete('/me', 'signedIn', async (c) => {
    const body = await readJsonObject(c);
    const user = findUserById(db, currentUser(c).id);
    if (!user) throw new ApiError(401, 'UNAUTHENTICATED');
    if (typeof body.password !== 'string' || !(await verifyPassword(user.passwordHash, body.password))) {
      throw new ApiError(401, 'INVALID_CREDENTIALS', [{ field: 'password', key: 'errors.INVALID_CREDENTIALS' }]);
    }
    deleteAccount(deps, user.id);
    clearSessionCookie(c, deps);
    deps.log.info('client.deleted', { userId: user.id });
    return c.json({ success: true });
  });

  return r;
}
