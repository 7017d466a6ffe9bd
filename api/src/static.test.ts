import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { sessionCookieName } from './http/middleware.ts';
import { prerenderedPage } from './static.ts';
import { signIn } from '../test/factories.ts';
import { PRERENDERED_CLIENT_NAME } from '#protocol/contract/clients.ts';

const root = mkdtempSync(path.join(tmpdir(), 'static-test-'));
let t: TestApp;

beforeAll(async () => {
  mkdirSync(path.join(root, 'assets'));
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>app</title>');
  for (const locale of ['pt-BR', 'es-AR', 'en-US']) {
    writeFileSync(path.join(root, `index.${locale}.html`), `<!doctype html><title>app ${locale}</title>`);
    writeFileSync(path.join(root, `index.${locale}.signed-in.html`), `<!doctype html><html><head><title>app ${locale} signed in</title></head><body></body></html>`);
    writeFileSync(path.join(root, prerenderedPage(locale, '/login', false).slice(1)), `<!doctype html><title>login ${locale}</title>`);
    writeFileSync(
      path.join(root, prerenderedPage(locale, '/dashboard', true).slice(1)),
      `<!doctype html><html><head><title>dashboard ${locale}</title></head><body><h1>Olá, ${PRERENDERED_CLIENT_NAME}!</h1></body></html>`,
    );
  }
  writeFileSync(path.join(root, 'sw.js'), 'self.addEventListener("install", () => {});');
  const script = 'console.log("hello");'.repeat(100);
  writeFileSync(path.join(root, 'assets', 'index-abc123.js'), script);
  writeFileSync(path.join(root, 'assets', 'index-abc123.js.br'), brotliCompressSync(script));
  t = await createTestApp({ staticRoot: root });
});
afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

describe('PWA serving', () => {
  it('serves hashed assets with a year-long immutable cache, brotli when accepted', async () => {
    const response = await t.client().get('/assets/index-abc123.js', { 'accept-encoding': 'gzip, br' });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    const plain = await t.client().get('/assets/index-abc123.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(String(plain.body)).toContain('hello');
  });

  it('falls back to index.html, uncached, for app routes', async () => {
    for (const route of ['/', '/dashboard', '/login', '/teacher-dashboard']) {
      const response = await t.client().get(route);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it("serves an app route the page of the request's language, and with a session cookie the signed-in one", async () => {
    const page = async (headers: Record<string, string>) => {
      const response = await t.client().get('/dashboard', headers);
      expect(response.headers.get('vary')).toBe('Accept-Encoding, Accept-Language, Cookie');
      return String(response.body);
    };
    expect(await page({})).toContain('app pt-BR</title>');
    expect(await page({ 'accept-language': 'es-AR,es;q=0.9' })).toContain('app es-AR</title>');
    expect(await page({ 'accept-language': 'es-AR', cookie: 'locale=en-US' })).toContain('app en-US</title>');
    expect(await page({ cookie: `locale=es-AR; ${sessionCookieName(false)}=anything` })).toContain('app es-AR signed in</title>');
    // The plain page stays reachable by name (the service worker precaches it).
    expect(String((await t.client().get('/index.html')).body)).toContain('<title>app</title>');
  });

  it('serves a signed-out screen the build rendered to HTML its own page, in the request’s language', async () => {
    const page = async (route: string, headers: Record<string, string>) => String((await t.client().get(route, headers)).body);
    expect(await page('/login', {})).toContain('login pt-BR</title>');
    expect(await page('/login', { 'accept-language': 'es-AR' })).toContain('login es-AR</title>');
    expect(await page('/login?ref=ABC', { cookie: 'locale=en-US' })).toContain('login en-US</title>');
    // Signed in, the same path gets the signed-in page (the app redirects it); other paths the language's page.
    expect(await page('/login', { cookie: `${sessionCookieName(false)}=anything` })).toContain('app pt-BR signed in</title>');
    expect(await page('/cadastro', {})).toContain('app pt-BR</title>');
    expect(await page('/login/', {})).toContain('app pt-BR</title>');
  });

  it('puts the signed-in client in the page it serves them, so the app starts without asking who is signed in', async () => {
    const client = t.client();
    const user = await signIn(client, t.deps, { name: 'Ana </script><script>alert(1)</script> & Co' });
    const response = await client.get('/progress');
    // Someone's own page: never kept by a shared cache, never answered 304 from another's ETag.
    expect(response.headers.get('cache-control')).toBe('private, no-cache');
    expect(response.headers.get('etag')).toBeNull();
    const html = String(response.body);
    const block = /<script type="application\/json" id="signed-in-client">([^<]*)<\/script>/.exec(html);
    expect(block).not.toBeNull();
    const embedded = JSON.parse(block?.[1] ?? 'null') as { client: { id: string; name: string; role: string } };
    expect(embedded.client).toMatchObject({ id: user.id, name: 'Ana </script><script>alert(1)</script> & Co', role: 'user' });
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('signed in</title>');

    // A cookie the server no longer knows (expired, signed out elsewhere): the page names nobody.
    const stale = String((await t.client().get('/dashboard', { cookie: `${sessionCookieName(false)}=anything` })).body);
    expect(stale).toContain('signed in</title>');
    expect(stale).not.toContain('signed-in-client');
  });

  it('serves the signed-in client the dashboard the build rendered, greeting them by their first name', async () => {
    const client = t.client();
    await signIn(client, t.deps, { name: '  <b>Zoë</b>&Co  Silva' });
    // The trial's banner would stand above the dashboard: first a paid plan, which shows none.
    expect(String((await client.get('/dashboard')).body)).toContain('signed in</title>');
    expect((await client.post('/api/subscriptions', { planId: 'monthly' })).status).toBe(201);
    const html = String((await client.get('/dashboard', { 'accept-language': 'es-AR' })).body);
    expect(html).toContain('dashboard es-AR</title>');
    // Escaped as the page's text: a name is never markup.
    expect(html).toContain('<h1>Olá, &lt;b&gt;Zoë&lt;/b&gt;&amp;Co!</h1>');
    expect(html).not.toContain(PRERENDERED_CLIENT_NAME);
    expect(html).toContain('id="signed-in-client"');
    // Screens the build did not render get the signed-in page.
    expect(String((await client.get('/progress')).body)).toContain('signed in</title>');

    // A cookie the server no longer knows never gets a page that greets someone.
    const stale = String((await t.client().get('/dashboard', { cookie: `${sessionCookieName(false)}=anything` })).body);
    expect(stale).toContain('signed in</title>');
    expect(stale).not.toContain(PRERENDERED_CLIENT_NAME);
  });

  it('compresses a personal page with brotli when the browser takes it: a phone gets the rendered dashboard in fewer round trips', async () => {
    const client = t.client();
    await signIn(client, t.deps, { name: 'Bia Souza' });
    expect((await client.post('/api/subscriptions', { planId: 'monthly' })).status).toBe(201);
    const page = async (acceptEncoding: string) => {
      const response = await client.fetch('/dashboard', { headers: { 'accept-encoding': acceptEncoding } });
      const body = Buffer.from(await response.arrayBuffer());
      expect(response.headers.get('content-length')).toBe(String(body.length));
      return { encoding: response.headers.get('content-encoding'), body };
    };
    const brotli = await page('gzip, deflate, br, zstd');
    expect(brotli.encoding).toBe('br');
    expect(brotliDecompressSync(brotli.body).toString()).toContain('<h1>Olá, Bia!</h1>');
    const gzip = await page('gzip, deflate');
    expect(gzip.encoding).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toContain('<h1>Olá, Bia!</h1>');
    const plain = await page('identity');
    expect(plain.encoding).toBeNull();
    expect(plain.body.toString()).toContain('<h1>Olá, Bia!</h1>');
  });

  it('reads the client’s plan (whether a banner stands above the dashboard) only for a screen the build rendered', async () => {
    const client = t.client();
    await signIn(client, t.deps);
    const planReads = vi.spyOn(t.deps.subscriptions, 'current');
    onTestFinished(() => planReads.mockRestore());
    expect(String((await client.get('/progress')).body)).toContain('signed in</title>');
    expect(planReads).not.toHaveBeenCalled();
    await client.get('/dashboard');
    expect(planReads).toHaveBeenCalledTimes(1);
  });

  it('never caches the service worker for long', async () => {
    const response = await t.client().get('/sw.js');
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers a missing asset with 404, not the HTML fallback', async () => {
    const response = await t.client().get('/assets/index-old999.js');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).not.toMatch(/html/);
  });

  it('answers a matching ETag with 304', async () => {
    const first = await t.client().get('/dashboard');
    const etag = first.headers.get('etag') ?? '';
    const second = await t.client().get('/dashboard', { 'if-none-match': etag });
    expect(second.status).toBe(304);
  });
});
