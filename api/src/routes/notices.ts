import { DomainError } from '#protocol/errors.ts';
import type { Locale } from '#protocol/i18n/locales.ts';
import { profileUpdate } from '#protocol/mutations/profile-update.ts';
import type { AppDeps } from '../deps.ts';
import type { Context } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { createRouter } from '../http/router.ts';
import { declaredQuery } from '../http/validate.ts';
import { translate } from '../i18n/translate.ts';
import { readUnsubscribeToken } from '../notices/unsubscribe.ts';
import { findUserById } from '../services/clients.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A small page of its own: the link is opened from an e-mail, often on a device with no session. */
const page = (locale: Locale, title: string, body: string) => `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="font-family:sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5"><h1 style="font-size:1.4rem">${escapeHtml(title)}</h1>${body}</body></html>`;

/**
 * Notices by e-mail (issue 50, ADR 032 "E-mail"): whether this server can send them, and the
 * one-click unsubscribe of RFC 8058. The link needs no sign-in: its token names the person and
 * the kind, signed. A GET shows what it will do and asks (mail scanners open links); a POST, from
 * that page or from the mail client's one-click button, turns that kind's e-mail off through the
 * profile like any change, so every device pulls it.
 */
export function noticeRoutes(deps: AppDeps) {
  const named = async (token: string | undefined) => {
    const named = readUnsubscribeToken(await deps.noticeLinkSecret(), token);
    const user = named && (await findUserById(deps.database.sql, named.userId));
    return named && user ? { ...named, locale: user.preferredLanguage as Locale } : null;
  };
  /** A bad link: a page for a person's browser, the API's refusal for anything else. */
  const refuse = (c: Context<AppEnv>) => {
    if (!(c.req.header('accept') ?? '').includes('text/html')) throw new DomainError('VALIDATION_FAILED', { fields: [{ field: 't', key: 'validation.invalidOption' }] });
    const locale = c.get('locale');
    return c.html(page(locale, translate(locale, 'notices.email.unsubscribeTitle'), `<p>${escapeHtml(translate(locale, 'notices.email.unsubscribeInvalid'))}</p>`), 400);
  };

  return createRouter('/api/notices')
    .get('/channels', 'signedIn', async (c) => c.json({ email: deps.mailer !== null && deps.config.publicUrl !== null }))

    .get('/unsubscribe', 'public', declaredQuery(['t']), async (c) => {
      const found = await named(c.req.query('t'));
      if (!found) return refuse(c);
      const t = (key: string) => translate(found.locale, `notices.email.${key}`, { notice: translate(found.locale, `notices.name.${found.kind}`) });
      const action = `/api/notices/unsubscribe?t=${encodeURIComponent(c.req.query('t') ?? '')}`;
      return c.html(
        page(found.locale, t('unsubscribeTitle'), `<p>${escapeHtml(t('unsubscribeQuestion'))}</p><form method="post" action="${escapeHtml(action)}"><button type="submit" style="font-size:1rem;padding:.6rem 1rem">${escapeHtml(t('unsubscribeConfirm'))}</button></form>`),
      );
    })

    .post('/unsubscribe', 'public', declaredQuery(['t']), async (c) => {
      const found = await named(c.req.query('t'));
      if (!found) return refuse(c);
      const write = await deps.mutations.run(found.userId, profileUpdate, { fields: { notices: { [found.kind]: { email: false } } } });
      if (!write.ok) throw new DomainError(write.code);
      const notice = translate(found.locale, `notices.name.${found.kind}`);
      return c.html(page(found.locale, translate(found.locale, 'notices.email.unsubscribeTitle'), `<p>${escapeHtml(translate(found.locale, 'notices.email.unsubscribeDone', { notice }))}</p>`));
    });
}
