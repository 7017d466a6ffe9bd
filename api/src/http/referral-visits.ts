import { randomBytes } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { REFERRAL_TTL_MS } from '#protocol/domain/referral.ts';
import type { AppEnv } from './env.ts';
import type { AppDeps } from '../deps.ts';

/** A random id per browser, so a repeat visit the same day is not counted twice; it says nothing about who it is. */
const VISITOR_COOKIE = 'visitor';
/** The code a visitor arrived with, for a registration that does not send it itself (SPEC §9: 30 days). */
export const REFERRAL_COOKIE = 'referral';

/** This browser's visitor id, if it has one (a registration asks whether it clicked). */
export function existingVisitorId(c: Context): string | undefined {
  const existing = getCookie(c, VISITOR_COOKIE);
  return existing && /^[A-Za-z0-9_-]{22}$/.test(existing) ? existing : undefined;
}

function visitorId(c: Context, deps: AppDeps): string {
  const existing = existingVisitorId(c);
  if (existing) return existing;
  const id = randomBytes(16).toString('base64url');
  setCookie(c, VISITOR_COOKIE, id, { path: '/', httpOnly: true, sameSite: 'Lax', secure: deps.config.secureCookies, maxAge: 365 * 24 * 3600 });
  return id;
}

/** Counts the visit and remembers the code; returns the link's current code, or null for an unknown one. */
async function recordVisit(c: Context, deps: AppDeps, code: string): Promise<string | null> {
  const current = await deps.referrals.recordClick(code, visitorId(c, deps));
  if (current) setCookie(c, REFERRAL_COOKIE, current, { path: '/', httpOnly: true, sameSite: 'Lax', secure: deps.config.secureCookies, maxAge: REFERRAL_TTL_MS / 1000 });
  return current;
}

/** GET /r/CODE (SPEC §2 referral link): one click, then registration carrying the code. */
export function referralRedirect(deps: AppDeps) {
  return async (c: Context<AppEnv>) => {
    const current = await recordVisit(c, deps, c.req.param('code') ?? '');
    return c.redirect(current ? `/cadastro?ref=${encodeURIComponent(current)}` : '/cadastro', 302);
  };
}

/** A page opened as `/?ref=CODE` counts like the link (the PWA remembers the code itself). */
export function countReferralPageVisits(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const code = c.req.query('ref');
    if (code && c.req.method === 'GET' && !c.req.path.startsWith('/api/') && !c.req.path.startsWith('/assets/')) await recordVisit(c, deps, code);
    await next();
  };
}
