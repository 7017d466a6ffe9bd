import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { AppEnv } from './env.ts';

/** Two years, with subdomains: only sent when the install runs behind HTTPS (secure cookies). */
const HSTS = 'max-age=63072000; includeSubDomains';

/**
 * Headers on every response, API and pages alike (ARCHITECTURE §4), through Hono's maintained
 * middleware. The page may run only its own scripts (no inline script but the build's, no eval):
 * a name or a diet that slipped past React's escaping still could not execute. Styles allow inline, because MUI's
 * emotion writes its rules into <style> elements at run time. Nothing may frame the app, and
 * features the app never uses are refused to any script that might ask.
 */
export function securityHeaders(options: { https: boolean; scriptHashes?: readonly string[] }): MiddlewareHandler<AppEnv> {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      // And the build's own inline scripts, each by its hash (api/src/static.ts).
      scriptSrc: ["'self'", ...(options.scriptHashes ?? []).map((hash) => `'${hash}'`)],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: [], usb: [] },
    referrerPolicy: 'strict-origin-when-cross-origin',
    xFrameOptions: 'DENY',
    strictTransportSecurity: options.https ? HSTS : false,
  });
}
