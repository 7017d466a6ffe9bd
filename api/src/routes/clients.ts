import { deleteCookie, getCookie } from 'hono/cookie';
import { DomainError } from '#protocol/errors.ts';
import { profileUpdate } from '#protocol/mutations/profile-update.ts';
import { healthConsentSchema, loginSchema, passwordChangeSchema, profileUpdateSchema, registerClientSchema, type RegisterClientInput } from '#protocol/schemas/clients.ts';
import type { AccountSession } from '#protocol/contract/clients.ts';
import { authenticate, changePassword, findClientDto, findUserById, registerClient, toClientDto } from '../services/clients.ts';
import { deleteAccount, exportAccount, exportAccountZip } from '../services/account-data.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { isSessionId } from '../auth/sessions.ts';
import { refuseWhenLimited } from '../auth/rate-limit.ts';
import type { AppDeps } from '../deps.ts';
import { clearSessionCookie, clientIp, sessionToken, setSessionCookie } from '../http/middleware.ts';
import { createRouter, currentSession, currentUser } from '../http/router.ts';
import { jsonBody, jsonBodyAfterChecks, readJsonObject } from '../http/validate.ts';
import { existingVisitorId, REFERRAL_COOKIE } from '../http/referral-visits.ts';

const loginBody = jsonBodyAfterChecks(loginSchema);
// The form may send a required measure blank: the answer names each missing field (SPEC §2).
const registerClientBody = jsonBodyAfterChecks<typeof registerClientSchema, Partial<RegisterClientInput>>(registerClientSchema);

/** Accounts and sessions (SPEC §7): register, login, logout, me, profile. */
export function clientsRoutes(deps: AppDeps) {
  const db = deps.database.sql;
  const { loginPerIp, loginPerAccount, registrationPerIp } = deps.limiters;

  /** The signed-in person's own account as responses show it. */
  const ownClient = async (userId: string) => {
    const client = await findClientDto(db, userId);
    if (!client) throw new DomainError('UNAUTHENTICATED');
    return client;
  };

  /**
   * The password again, for what a left-open session alone must not do. Failures count towards
   * the account's login limit, so a stolen cookie cannot be used to guess the password.
   */
  const reauthenticate = async (userId: string, password: unknown, field: string, key = 'validation.passwordWrong') => {
    const user = await findUserById(db, userId);
    if (!user) throw new DomainError('UNAUTHENTICATED');
    await refuseWhenLimited(loginPerAccount, user.email);
    if (typeof password !== 'string' || !(await verifyPassword(user.passwordHash, password))) {
      await loginPerAccount.hit(user.email);
      throw new DomainError('WRONG_PASSWORD', { fields: [{ field, key }] });
    }
    return user;
  };

  return createRouter('/api/clients')
    .post('/register', 'public', registerClientBody, async (c) => {
      const ip = clientIp(c, deps);
      await refuseWhenLimited(registrationPerIp, ip);
      const input = await registerClientBody.read(c);
      // The consent's wording was read in the interface's language: the app names it, an older one's request carries it.
      const user = await registerClient(db, { ...input, healthConsentLocale: input.healthConsentLocale ?? c.get('locale') }, deps.now());
      await registrationPerIp.hit(ip);
      // The code the form sends, else the one the visitor's link left in a cookie (SPEC §9, 30 days).
      if (await deps.referrals.attach(user.id, input.referralCode ?? getCookie(c, REFERRAL_COOKIE), existingVisitorId(c))) deleteCookie(c, REFERRAL_COOKIE, { path: '/' });
      const { token, expiresAt } = await deps.sessions.create(user.id, c.req.header('user-agent'));
      setSessionCookie(c, deps, token, expiresAt);
      deps.log.info('client.registered', { userId: user.id });
      return c.json({ client: await toClientDto(db, user) }, 201);
    })

    .post('/login', 'public', loginBody, async (c) => {
      const ip = clientIp(c, deps);
      await refuseWhenLimited(loginPerIp, ip);
      const input = await loginBody.read(c);
      await refuseWhenLimited(loginPerAccount, input.email);
      const user = await authenticate(db, input.email, input.password);
      if (!user) {
        await loginPerIp.hit(ip);
        await loginPerAccount.hit(input.email);
        throw new DomainError('INVALID_CREDENTIALS');
      }
      await loginPerAccount.reset(input.email);
      const previous = sessionToken(c, deps);
      if (previous) await deps.sessions.delete(previous);
      const { token, expiresAt } = await deps.sessions.create(user.id, c.req.header('user-agent'));
      setSessionCookie(c, deps, token, expiresAt);
      return c.json({ client: await toClientDto(db, user) });
    })

    // Public so that a browser whose session already expired can still clear its cookie.
    .post('/logout', 'public', async (c) => {
      const token = sessionToken(c, deps);
      if (token) await deps.sessions.delete(token);
      clearSessionCookie(c, deps);
      return c.json({ success: true });
    })

    // What the PWA asks at start: 200 either way, so a signed-out load logs no console error (a 401
    // is logged by every browser), whichever page or service-worker shell it started from.
    .get('/session', 'public', async (c) => {
      const session = c.get('session');
      const user = session ? await findUserById(db, session.user.id) : undefined;
      return c.json({ client: user ? await toClientDto(db, user) : null });
    })

    .get('/me', 'signedIn', async (c) => c.json({ client: await ownClient(currentUser(c).id) }))

    .put('/profile', 'signedIn', jsonBody(profileUpdateSchema), async (c) => {
      const input = c.req.valid('json');
      const userId = currentUser(c).id;
      const write = await deps.mutations.run(userId, profileUpdate, { fields: input });
      const user = await findUserById(db, userId);
      if (!write.ok || !user) throw new DomainError(write.ok ? 'NOT_FOUND' : write.code);
      return c.json({ client: await toClientDto(db, user) });
    })

    /** The LGPD consent for health data (issue 22, part 4): given, or withdrawn with what it covered erased. */
    .put('/me/health-consent', 'signedIn', jsonBody(healthConsentSchema), async (c) => {
      const userId = currentUser(c).id;
      await deps.healthConsent.give(userId, c.req.valid('json').locale ?? c.get('locale'));
      deps.log.info('client.health-consent-given', { userId });
      return c.json({ client: await ownClient(userId) });
    })

    .delete('/me/health-consent', 'signedIn', async (c) => {
      const userId = currentUser(c).id;
      // The dialog's wording, in the interface's language: the request's (the app's locale cookie).
      await deps.healthConsent.withdraw(userId, c.get('locale'));
      deps.log.info('client.health-consent-withdrawn', { userId });
      return c.json({ client: await ownClient(userId) });
    })

    .get('/me/export', 'signedIn', async (c) => {
      const data = await exportAccount(deps, currentUser(c).id);
      c.header('Content-Disposition', `attachment; filename="leve-coach-export-${data.exportedAt.slice(0, 10)}.json"`);
      return c.json(data);
    })

    /** The same export with the progress photos, as a zip (issue 21). */
    .get('/me/export.zip', 'signedIn', async (c) => {
      const { filename, body } = await exportAccountZip(deps, currentUser(c).id);
      return new Response(body, { headers: { 'Content-Type': 'application/zip', 'Content-Disposition': `attachment; filename="${filename}"`, 'Cache-Control': 'no-store' } });
    })

    /** A new password ends every other session and gives this browser a fresh token. */
    .put('/me/password', 'signedIn', jsonBody(passwordChangeSchema), async (c) => {
      const input = c.req.valid('json');
      const session = currentSession(c);
      const user = await reauthenticate(session.user.id, input.currentPassword, 'currentPassword', 'validation.currentPasswordWrong');
      await changePassword(db, user.id, input.newPassword, deps.now());
      const revoked = await deps.sessions.revokeOthers(user.id, session.id);
      await deps.sessions.revoke(user.id, session.id);
      const { token, expiresAt } = await deps.sessions.create(user.id, c.req.header('user-agent'));
      setSessionCookie(c, deps, token, expiresAt);
      deps.log.info('client.password-changed', { userId: user.id, revokedSessions: revoked });
      return c.json({ success: true, revokedSessions: revoked });
    })

    /** The owner's signed-in browsers, this one marked; ids are hashes, never tokens. */
    .get('/me/sessions', 'signedIn', async (c) => {
      const session = currentSession(c);
      const sessions = (await deps.sessions.listFor(session.user.id)).map((row): AccountSession => ({
        id: row.id,
        createdAt: new Date(row.createdAt).toISOString(),
        expiresAt: new Date(row.expiresAt).toISOString(),
        userAgent: row.userAgent,
        current: row.id === session.id,
      }));
      return c.json({ sessions });
    })

    /** Signs out every other browser. */
    .delete('/me/sessions', 'signedIn', async (c) => {
      const session = currentSession(c);
      return c.json({ success: true, revokedSessions: await deps.sessions.revokeOthers(session.user.id, session.id) });
    })

    /** Signs out one browser; ending this one is a logout. */
    .delete('/me/sessions/:id', 'signedIn', async (c) => {
      const session = currentSession(c);
      const id = c.req.param('id') ?? '';
      if (!isSessionId(id) || !(await deps.sessions.revoke(session.user.id, id))) throw new DomainError('NOT_FOUND');
      if (id === session.id) clearSessionCookie(c, deps);
      return c.json({ success: true });
    })

    /** Deleting the account needs the password again: a left-open session alone must not do it. */
    .delete('/me', 'signedIn', async (c) => {
      const body = await readJsonObject(c);
      const user = await reauthenticate(currentUser(c).id, body.password, 'password');
      await deleteAccount(deps, user.id);
      clearSessionCookie(c, deps);
      deps.log.info('client.deleted', { userId: user.id });
      return c.json({ success: true });
    });
}
