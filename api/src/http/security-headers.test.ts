import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestResponse } from '../../test/harness.ts';

const root = mkdtempSync(path.join(tmpdir(), 'headers-test-'));
let t: TestApp;

beforeAll(() => {
  for (const name of ['index.html', 'index.pt-BR.html', 'index.es-AR.html', 'index.en-US.html']) writeFileSync(path.join(root, name), '<!doctype html><title>app</title>');
});
afterEach(() => t.close());
afterAll(() => rmSync(root, { recursive: true, force: true }));

function expectHardened(response: TestResponse<unknown>) {
  const csp = response.headers.get('content-security-policy') ?? '';
  const directive = (name: string) => csp.split(';').map((d) => d.trim()).find((d) => d.startsWith(`${name} `));
  expect(directive('script-src')).toBe("script-src 'self'");
  expect(directive('frame-ancestors')).toBe("frame-ancestors 'none'");
  expect(directive('object-src')).toBe("object-src 'none'");
  expect(csp).not.toContain('unsafe-eval');
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(response.headers.get('permissions-policy')).toContain('camera=()');
  expect(response.headers.get('x-frame-options')).toBe('DENY');
}

describe('security headers', () => {
  it('go on pages, API answers and errors alike; no HSTS over plain HTTP', async () => {
    t = await createTestApp({ staticRoot: root });
    const c = t.client();
    const responses = [
      await c.get('/'),
      await c.get('/dashboard'),
      await c.get('/api/health'),
      await c.get('/api/clients/me'), // 401
      await c.get('/api/no-such-route'), // 404
      await c.post('/api/clients/login', '{"email":'), // 400, malformed JSON
    ];
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 401, 404, 400]);
    for (const response of responses) {
      expectHardened(response);
      expect(response.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('allow the build’s inline scripts by their hashes, and no other inline script', async () => {
    const built = mkdtempSync(path.join(tmpdir(), 'headers-test-built-'));
    try {
      writeFileSync(path.join(built, 'index.html'), '<!doctype html><title>app</title>');
      writeFileSync(path.join(built, 'inline-script-hashes.json'), JSON.stringify(['sha256-cYtxdHD1JFwXTRq+A9jH4BDGTzGrneycZy0m7R8wzZc=']));
      t = await createTestApp({ staticRoot: built });
      for (const response of [await t.client().get('/login'), await t.client().get('/api/health')]) {
        const csp = response.headers.get('content-security-policy') ?? '';
        const scriptSrc = csp.split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src '));
        expect(scriptSrc).toBe("script-src 'self' 'sha256-cYtxdHD1JFwXTRq+A9jH4BDGTzGrneycZy0m7R8wzZc='");
      }
    } finally {
      rmSync(built, { recursive: true, force: true });
    }
  });

  it('add HSTS when the install runs behind HTTPS', async () => {
    t = await createTestApp({ staticRoot: root, env: { COOKIE_SECURE: 'true' } });
    for (const response of [await t.client().get('/'), await t.client().get('/api/health')]) {
      expectHardened(response);
      expect(response.headers.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains');
    }
  });
});
