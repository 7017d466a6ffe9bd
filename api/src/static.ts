import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { Context } from 'hono';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

interface StaticFile {
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  type: string;
  etag: string;
  cacheControl: string;
}

/** Hashed build output never changes under its name; everything else must be revalidated. */
const cacheControlFor = (urlPath: string) =>
  urlPath.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

/**
 * The page the build writes for a screen it rendered to HTML (`/login` in pt-BR:
 * `/index.pt-BR.route-login.html`; the signed-in `/dashboard`:
 * `/index.pt-BR.signed-in.route-dashboard.html`, scripts/vite/locale-pages.ts). Only a path the
 * build listed has one; any other falls back to the language's page.
 */
export const prerenderedPage = (locale: string, urlPath: string, signedIn: boolean) =>
  `/index.${locale}${signedIn ? '.signed-in' : ''}.route${urlPath.replaceAll('/', '-')}.html`;

/**
 * The build's list of the pages' inline scripts (scripts/vite/locale-pages.ts), by their CSP
 * hashes (`sha256-…`): the prerendered pages start the app with one. None without a build.
 */
export const INLINE_SCRIPT_HASHES = 'inline-script-hashes.json';

export function inlineScriptHashes(root: string | null): string[] {
  const file = root ? path.join(root, INLINE_SCRIPT_HASHES) : null;
  if (!file || !existsSync(file)) return [];
  const hashes: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (!Array.isArray(hashes) || !hashes.every((hash) => typeof hash === 'string' && /^sha256-[A-Za-z0-9+/]+=*$/.test(hash))) {
    throw new Error(`${file}: expected a list of sha256 hashes; run npm run build`);
  }
  return hashes as string[];
}

/**
 * JSON for a `<script type="application/json">` block in a page: nothing in it can close the
 * block or start markup (a name typed as `</script>`), and the text parses back to the same value.
 */
export const jsonInHtml = (value: unknown) =>
  JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** Text for an HTML element's content or a quoted attribute. */
export const textInHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

/**
 * The page for an app route: the first of `pages` the build made (page variants per language,
 * signed-in state and prerendered screen, scripts/vite/locale-pages.ts), else index.html; and,
 * for a signed-in user, `personalize`, which turns it into their own page (api/src/app.ts).
 */
export interface PageChoice {
  pages: string[];
  personalize?: (html: string) => string;
}

/**
 * A personal page is compressed per request. Brotli at quality 5 costs what gzip does (~1 ms for the
 * 119 KB rendered dashboard) and makes it 14 KB instead of 17: within a new connection's first
 * round trip (TCP's initial window of ten segments, ~14.6 KB), which on a phone's network is the
 * difference between one round trip and two before the first paint (ADR 026).
 */
const PERSONAL_PAGE_BROTLI_QUALITY = 5;

/**
 * Serves the built PWA from memory (a few MB, read once at start): precompressed .br/.gz made by
 * the build, ETags, the SPA fallback to index.html for app routes only, and a plain 404 for a
 * missing file, so a stale page asking for an old chunk fails loudly instead of getting HTML.
 * An app route gets the page `pageFor` chooses (told which pages the build made); a personalized
 * page is the user's alone, so it is sent `private` and without an ETag, compressed as it goes.
 */
export function createStaticHandler(
  root: string,
  pageFor: (c: Context, urlPath: string, built: (page: string) => boolean) => PageChoice | Promise<PageChoice> = () => ({ pages: ['/index.html'] }),
) {
  const files = new Map<string, StaticFile>();
  if (existsSync(root)) {
    for (const full of walk(root)) {
      if (full.endsWith('.br') || full.endsWith('.gz')) continue;
      const urlPath = `/${path.relative(root, full).split(path.sep).join('/')}`;
      const body = readFileSync(full);
      const variant = (suffix: string) => (existsSync(full + suffix) ? readFileSync(full + suffix) : undefined);
      files.set(urlPath, {
        body,
        br: variant('.br'),
        gzip: variant('.gz'),
        type: TYPES[path.extname(full)] ?? 'application/octet-stream',
        etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
        cacheControl: cacheControlFor(urlPath),
      });
    }
  }
  const index = files.get('/index.html');

  const send = (c: Context, file: StaticFile, vary = 'Accept-Encoding') => {
    const headers: Record<string, string> = {
      'Content-Type': file.type,
      'Cache-Control': file.cacheControl,
      ETag: file.etag,
      Vary: vary,
      'X-Content-Type-Options': 'nosniff',
    };
    if (c.req.header('if-none-match') === file.etag) return c.body(null, 304, headers);
    const accepts = c.req.header('accept-encoding') ?? '';
    let body = file.body;
    if (file.br && /\bbr\b/.test(accepts)) {
      body = file.br;
      headers['Content-Encoding'] = 'br';
    } else if (file.gzip && /\bgzip\b/.test(accepts)) {
      body = file.gzip;
      headers['Content-Encoding'] = 'gzip';
    }
    headers['Content-Length'] = String(body.length);
    if (c.req.method === 'HEAD') return c.body(null, 200, headers);
    return c.body(new Uint8Array(body), 200, headers);
  };

  const sendPersonal = (c: Context, html: string, vary: string) => {
    const headers: Record<string, string> = {
      'Content-Type': TYPES['.html'] as string,
      'Cache-Control': 'private, no-cache',
      Vary: vary,
      'X-Content-Type-Options': 'nosniff',
    };
    let body = Buffer.from(html);
    const accepts = c.req.header('accept-encoding') ?? '';
    if (/\bbr\b/.test(accepts)) {
      body = brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: PERSONAL_PAGE_BROTLI_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } });
      headers['Content-Encoding'] = 'br';
    } else if (/\bgzip\b/.test(accepts)) {
      body = gzipSync(body);
      headers['Content-Encoding'] = 'gzip';
    }
    headers['Content-Length'] = String(body.length);
    if (c.req.method === 'HEAD') return c.body(null, 200, headers);
    return c.body(new Uint8Array(body), 200, headers);
  };

  /** An app route's page: the variant `pageFor` chooses (it may read the session), personalized or not. */
  const sendPage = async (c: Context, urlPath: string, fallback: StaticFile) => {
    const { pages, personalize } = await pageFor(c, urlPath, (name) => files.has(name));
    const page = pages.map((name) => files.get(name)).find((variant) => variant !== undefined) ?? fallback;
    const vary = 'Accept-Encoding, Accept-Language, Cookie';
    return personalize ? sendPersonal(c, personalize(page.body.toString('utf8')), vary) : send(c, page, vary);
  };

  return {
    available: index !== undefined,
    handle(c: Context): Response | Promise<Response> {
      let urlPath: string;
      try {
        urlPath = decodeURIComponent(new URL(c.req.url).pathname);
      } catch {
        return c.text('Not found', 404);
      }
      const file = files.get(urlPath);
      if (file && urlPath !== '/index.html') return send(c, file);
      // App routes (no file extension) get the shell; a missing asset gets a real 404.
      const lastSegment = urlPath.split('/').pop() ?? '';
      if (index && !lastSegment.includes('.')) return sendPage(c, urlPath, index);
      if (index && urlPath === '/index.html') return send(c, index);
      return c.text('Not found', 404);
    },
  };
}
