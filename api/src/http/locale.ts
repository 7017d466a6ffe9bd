import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { DEFAULT_LOCALE, LOCALE_COOKIE, negotiateLocale, toLocale, type Locale } from '#protocol/i18n/locales.ts';

/** The request's language: the locale cookie, then Accept-Language, then pt-BR (ARCHITECTURE §2). */
export function requestLocale(c: Context): Locale {
  return toLocale(getCookie(c, LOCALE_COOKIE)) ?? negotiateLocale(c.req.header('accept-language')) ?? DEFAULT_LOCALE;
}
