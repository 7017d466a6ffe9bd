import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './env.ts';

/**
 * The page may run only its own scripts (no inline script, no eval): a name or a diet that
 * slipped past React's escaping still could not execute. Styles allow inline, because MUI's
 * emotion writes its rules into <style> elements at run time. Nothing may frame the app.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Features the app never uses, refused to any script that might ask. */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';

/** Two years, with subdomains: only sent when the install runs behind HTTPS (secure cookies). */
const HSTS = 'max-age=63072000; includeSubDomains';

/** Headers on every response, API and pages alike (ARCHITECTURE §4). */
export function securityHeaders(options: { https: boolean }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    headers.set('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    headers.set('X-Content-Type-Options', 'nosniff');
    headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    headers.set('Permissions-Policy', PERMISSIONS_POLICY);
    headers.set('X-Frame-Options', 'DENY');
    headers.set('Cross-Origin-Opener-Policy', 'same-origin');
    if (options.https) headers.set('Strict-Transport-Security', HSTS);
  };
}
