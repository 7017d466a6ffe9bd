import { DomainError } from '#protocol/errors.ts';
import { passwordResetConfirmSchema, passwordResetRequestSchema } from '#protocol/schemas/clients.ts';
import { toLocale } from '#protocol/i18n/locales.ts';
import { findUserByEmail, findUserById, toClientDto } from '../services/clients.ts';
import { translate } from '../i18n/translate.ts';
import { refuseWhenLimited } from '../auth/rate-limit.ts';
import type { AppDeps } from '../deps.ts';
import { clientIp, setSessionCookie } from '../http/middleware.ts';
import { createRouter } from '../http/router.ts';
import { jsonBody, jsonBodyAfterChecks } from '../http/validate.ts';

const passwordResetRequestBody = jsonBodyAfterChecks(passwordResetRequestSchema);

/** The page a reset link opens (pwa AppRoutes); the token rides in the fragment, never sent to a server. */
export const resetLinkFor = (origin: string, token: string) => `${origin}/redefinir-senha#token=${token}`;

/** "Forgot password" (ADR 017): ask for a link by e-mail, then set a new password with it. */
export function passwordResetRoutes(deps: AppDeps) {
  const db = deps.database.sql;
  const { passwordResetsPerIp, passwordResetsPerAddress } = deps.limiters;

  return createRouter('/api/password-resets')
    /**
     * The same answer, status and work on the request's path whether the address has an account or
     * not: the e-mail goes out after the answer, so its SMTP round trip cannot be timed either.
     */
    .post('/', 'public', passwordResetRequestBody, async (c) => {
      const ip = clientIp(c, deps);
      await refuseWhenLimited(passwordResetsPerIp, ip);
      const { email } = await passwordResetRequestBody.read(c);
      const address = email.trim().toLowerCase();
      await refuseWhenLimited(passwordResetsPerAddress, address);
      await passwordResetsPerIp.hit(ip);
      await passwordResetsPerAddress.hit(address);
      const user = await findUserByEmail(db, address);
      const { mailer } = deps;
      if (user && mailer && deps.config.publicUrl) {
        const { token } = await deps.passwordResets.issue(user.id);
        const locale = toLocale(user.preferredLanguage) ?? 'pt-BR';
        const mail = {
          to: user.email,
          subject: translate(locale, 'email.passwordReset.subject'),
          text: translate(locale, 'email.passwordReset.body', { name: user.name, link: resetLinkFor(deps.config.publicUrl, token) }),
        };
        mailer.send(mail).then(
          () => deps.log.info('password-reset.mailed', { userId: user.id }),
          (error: unknown) => deps.log.error('password-reset.mail-failed', { userId: user.id, message: error instanceof Error ? error.message : String(error) }),
        );
      }
      // `delivery` depends on the install only, never on the address: the page says where to look.
      const delivery: 'email' | 'staff' = mailer ? 'email' : 'staff';
      return c.json({ success: true, delivery }, 202);
    })

    /** A new password from a link: every session of the account ends and this browser is signed in. */
    .post('/confirm', 'public', jsonBody(passwordResetConfirmSchema), async (c) => {
      const input = c.req.valid('json');
      const userId = await deps.passwordResets.consume(input.token, input.newPassword);
      const revoked = await deps.sessions.revokeAll(userId);
      const user = await findUserById(db, userId);
      if (!user) throw new DomainError('RESET_LINK_INVALID');
      const { token, expiresAt } = await deps.sessions.create(user.id, c.req.header('user-agent'));
      setSessionCookie(c, deps, token, expiresAt);
      await deps.limiters.loginPerAccount.reset(user.email);
      deps.log.info('password-reset.used', { userId, revokedSessions: revoked });
      return c.json({ client: await toClientDto(db, user) });
    });
}
