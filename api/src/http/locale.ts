import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { DEFAULT_LOCALE, LOCALE_COOKIE, negotiateLocale, toLocale, type Locale } from '#protocol/i18n/locales.ts';

/** Accept-Language headers already negotiated: a browser sends the same one on every request. */
const negotiated = new Map<string, Locale | null>();
const NEGOTIATED_MAX = 256;
const NEGOTIATED_HEADER_MAX = 200;

function negotiateHeader(header: string | undefined): Locale | null {
  if (!header) return null;
  if (header.length > NEGOTIATED_HEADER_MAX) return negotiateLocale(header);
  let locale = negotiated.get(header);
  if (locale === undefined) {
    locale = negotiateLocale(header);
    if (negotiated.size >= NEGOTIATED_MAX) negotiated.clear();
    negotiated.set(header, locale);
  }
  return locale;
}

/** The language from the locale cookie's value, then Accept-Language, then pt-BR (ARCHITECTURE §2). */
export const localeOf = (c: Context, localeCookie: string | undefined): Locale =>
  toLocale(localeCookie) ?? negotiateHeader(c.req.header('accept-language')) ?? DEFAULT_LOCALE;

/** The request's language: the locale cookie, then Accept-Language, then pt-BR. */
export const requestLocale = (c: Context): Locale => localeOf(c, getCookie(c, LOCALE_COOKIE));
