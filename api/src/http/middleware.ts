import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { DomainError } from '#protocol/errors.ts';
import { LOCALE_COOKIE, type Locale } from '#protocol/i18n/locales.ts';
import type { AppEnv } from './env.ts';
import type { AppDeps } from '../deps.ts';
import { localeOf } from './locale.ts';

export const sessionCookieName = (secure: boolean) => (secure ? '__Host-session' : 'session');

/**
 * Max-Age rather than Expires: the browser counts the lifetime from its own now, so a device clock
 * days wrong neither drops the session early nor keeps it past the server's expiry.
 */
export function setSessionCookie(c: Context, deps: AppDeps, token: string, expiresAt: number): void {
  setCookie(c, sessionCookieName(deps.config.secureCookies), token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: deps.config.secureCookies,
    path: '/',
    maxAge: Math.max(0, Math.round((expiresAt - deps.now()) / 1000)),
  });
}

export function clearSessionCookie(c: Context, deps: AppDeps): void {
  deleteCookie(c, sessionCookieName(deps.config.secureCookies), { path: '/', secure: deps.config.secureCookies });
}

export const sessionToken = (c: Context, deps: AppDeps) => getCookie(c, sessionCookieName(deps.config.secureCookies));

/** The request's language and session token, from one parse of its Cookie header. */
export function cookieContext(c: Context, deps: AppDeps): { locale: Locale; token: string | undefined } {
  const cookies = getCookie(c);
  return { locale: localeOf(c, cookies[LOCALE_COOKIE]), token: cookies[sessionCookieName(deps.config.secureCookies)] || undefined };
}

/** The session a token names (or null); one the lookup renewed gets its cookie renewed too. */
export async function sessionFor(c: Context, deps: AppDeps, token: string | undefined) {
  const session = token ? await deps.sessions.find(token) : null;
  if (token && session?.renewed) setSessionCookie(c, deps, token, session.expiresAt);
  return session;
}

/** Sets the request's language and, from the cookie, its session (or null). */
export function requestContext(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { locale, token } = cookieContext(c, deps);
    c.set('locale', locale);
    c.set('session', await sessionFor(c, deps, token));
    await next();
  };
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * State-changing requests must come from the app's own origin (ARCHITECTURE §4). Browsers send
 * Origin on every cross-origin POST and Sec-Fetch-Site on every request; a request with neither
 * is not from a browser page (curl, a payment provider's webhook) and carries no ambient cookie risk.
 */
export function sameOriginOnly(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (UNSAFE_METHODS.has(c.req.method)) {
      const origin = c.req.header('origin');
      if (origin !== undefined) {
        const host = c.req.header('host') ?? new URL(c.req.url).host;
        let originHost: string | null;
        try {
          originHost = new URL(origin).host;
        } catch {
          originHost = null; // "null" or garbage: not our origin
        }
        const allowed = originHost === host || (deps.config.publicUrl !== null && origin === new URL(deps.config.publicUrl).origin);
        if (!allowed) throw new DomainError('CROSS_ORIGIN');
      } else if (c.req.header('sec-fetch-site') === 'cross-site') {
        throw new DomainError('CROSS_ORIGIN');
      }
    }
    await next();
  };
}

/** The caller's address: the socket's, or the first X-Forwarded-For hop behind a trusted proxy. */
export function clientIp(c: Context<AppEnv>, deps: AppDeps): string {
  if (deps.config.trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  return c.env?.incoming?.socket?.remoteAddress ?? 'unknown';
}
