import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, openAnotherInstance, TestClient, type TestApp } from '../../test/harness.ts';
import { buildRegistration, createUser } from '../../test/factories.ts';
import { SESSION_TTL_MS } from './sessions.ts';

let t: TestApp | undefined;
afterEach(() => t?.close());

type ErrorResponse = { error: string; code: string };

describe('rate limits', () => {
  it('locks an account after repeated failed logins, with Retry-After and a translated 429', async () => {
    t = await createTestApp({ env: { RATE_LIMIT_LOGIN_FAILURES: '1000' } });
    const { user, password } = await createUser(t.deps);
    const attacker = t.client({ ip: '203.0.113.7', locale: 'en-US' });
    for (let i = 0; i < t.deps.config.rateLimits.loginFailuresPerAccount; i++) {
      expect((await attacker.post('/api/clients/login', { email: user.email, password: `wrong-${i}` })).status).toBe(401);
    }
    const locked = await attacker.post<ErrorResponse>('/api/clients/login', { email: user.email, password });
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('RATE_LIMITED');
    expect(locked.body.error).toBe('Too many attempts. Try again in 15 minutes');
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('limits failed logins per IP address across accounts', async () => {
    t = await createTestApp({ env: { RATE_LIMIT_LOGIN_FAILURES: '3' } });
    const sprayer = t.client({ ip: '198.51.100.1' });
    for (let i = 0; i < 3; i++) {
      expect((await sprayer.post('/api/clients/login', { email: `victim${i}@example.com`, password: 'guess123' })).status).toBe(401);
    }
    expect((await sprayer.post('/api/clients/login', { email: 'victim9@example.com', password: 'guess123' })).status).toBe(429);
    // Someone else on another address is not affected.
    const { user, password } = await createUser(t.deps);
    expect((await t.client({ ip: '198.51.100.2' }).post('/api/clients/login', { email: user.email, password })).status).toBe(200);
  });

  it('counts failures on every instance of the database: failures through one lock the account and the address on another', async () => {
    t = await createTestApp({ env: { RATE_LIMIT_ACCOUNT_LOGIN_FAILURES: '4', RATE_LIMIT_LOGIN_FAILURES: '6' } });
    const other = openAnotherInstance(t);
    const b = other.app;
    try {
      const { user, password } = await createUser(t.deps);
      // Failures from one address, half through each instance, all at once: no hit is lost between them.
      const throughA = t.client({ ip: '203.0.113.20' });
      const throughB = new TestClient(b, { ip: '203.0.113.20' });
      const failures = await Promise.all([0, 1, 2, 3].map((i) => (i % 2 === 0 ? throughA : throughB).post('/api/clients/login', { email: user.email, password: `wrong-${i}` })));
      expect(failures.map((response) => response.status)).toEqual([401, 401, 401, 401]);
      // The account is locked on B, for anyone, with the right password too.
      const locked = await new TestClient(b, { ip: '203.0.113.21', locale: 'en-US' }).post<ErrorResponse>('/api/clients/login', { email: user.email, password });
      expect([locked.status, locked.body.code]).toEqual([429, 'RATE_LIMITED']);
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
      // And the address's failures add up across both: 4 above, 2 more through A, then B refuses it.
      for (const i of [1, 2]) expect((await throughA.post('/api/clients/login', { email: `nobody${i}@example.com`, password: 'guess123' })).status).toBe(401);
      expect((await throughB.post('/api/clients/login', { email: 'nobody3@example.com', password: 'guess123' })).status).toBe(429);
    } finally {
      await other.close();
    }
  });

  it('limits registrations per IP address', async () => {
    t = await createTestApp({ env: { RATE_LIMIT_REGISTRATIONS: '2' } });
    const bot = t.client({ ip: '192.0.2.50' });
    expect((await bot.post('/api/clients/register', buildRegistration())).status).toBe(201);
    expect((await bot.post('/api/clients/register', buildRegistration())).status).toBe(201);
    const third = await bot.post<ErrorResponse>('/api/clients/register', buildRegistration());
    expect(third.status).toBe(429);
    expect(third.body.error).toMatch(/^Muitas tentativas/);
  });
});

describe('session lifetime', () => {
  it('expires a session after 30 days and deletes its row', async () => {
    let now = Date.UTC(2026, 0, 1);
    t = await createTestApp({ now: () => now });
    const { user, password } = await createUser(t.deps);
    const c = t.client();
    await c.post('/api/clients/login', { email: user.email, password });
    now += SESSION_TTL_MS - 1000;
    // Used after half its life: extended, and the cookie is sent again.
    const renewed = await c.get('/api/clients/me');
    expect(renewed.status).toBe(200);
    expect(renewed.headers.getSetCookie().some((h) => h.startsWith('session='))).toBe(true);
    now += SESSION_TTL_MS + 1000;
    expect((await c.get('/api/clients/me')).status).toBe(401);
    const rows = (await t.database.sql.get<{ n: number }>('SELECT count(*) AS n FROM sessions WHERE user_id = ?', [user.id])) as { n: number };
    expect(rows.n).toBe(0);
  });
});

describe('locale and health', () => {
  it('GET /locale prefers the locale cookie, then Accept-Language, then pt-BR', async () => {
    t = await createTestApp();
    expect((await t.client().get('/locale')).body).toEqual({ locale: 'pt-BR' });
    expect((await t.client({ locale: 'fr-FR,es;q=0.8,en;q=0.5' }).get('/locale')).body).toEqual({ locale: 'es-AR' });
    expect((await t.client({ locale: 'en-GB' }).get('/locale')).body).toEqual({ locale: 'en-US' });
    const withCookie = t.client({ locale: 'en-US' });
    withCookie.cookies.set('locale', 'es-AR');
    expect((await withCookie.get('/locale')).body).toEqual({ locale: 'es-AR' });
  });

  it('GET /api/health answers ok after asking the database', async () => {
    t = await createTestApp();
    expect((await t.client().get('/api/health')).body).toEqual({ status: 'ok' });
    await t.database.close();
    const down = await t.client().get<ErrorResponse>('/api/health');
    expect(down.status).toBe(503);
    expect(down.body.code).toBe('INTERNAL');
  });

  it('GET /api/health/ready answers 503 at once when a graceful shutdown begins, while liveness still answers (issue 49)', async () => {
    t = await createTestApp();
    const balancer = t.client({ locale: 'en-US' });
    const ready = await balancer.get('/api/health/ready');
    expect({ status: ready.status, body: ready.body }).toEqual({ status: 200, body: { status: 'ready' } });
    t.deps.lifecycle.stop();
    const stopping = await balancer.get<ErrorResponse>('/api/health/ready');
    expect(stopping.status).toBe(503);
    expect(stopping.headers.get('retry-after')).toBe('5');
    expect(stopping.body).toEqual({ code: 'SERVER_STOPPING', error: 'This server is restarting. Please try again in a few seconds' });
    // The process and its database still answer: in-flight and late requests are served meanwhile.
    const alive = await balancer.get('/api/health');
    expect({ status: alive.status, body: alive.body }).toEqual({ status: 200, body: { status: 'ok' } });
    expect((await t.client({ locale: 'pt-BR' }).get<ErrorResponse>('/api/health/ready')).body.error).toBe('Este servidor está reiniciando. Tente novamente em alguns segundos');
  });

  it('GET /api/health/ready answers 503 DATABASE_UNAVAILABLE with Retry-After while the database does not answer', async () => {
    t = await createTestApp();
    expect((await t.client().get('/api/health/ready')).status).toBe(200);
    await t.database.close();
    const down = await t.client({ locale: 'es-AR' }).get<ErrorResponse>('/api/health/ready');
    expect(down.status).toBe(503);
    expect(down.headers.get('retry-after')).toBe('5');
    expect(down.body).toEqual({ code: 'DATABASE_UNAVAILABLE', error: 'El servicio no está disponible en este momento. Probá de nuevo en unos segundos' });
  });
});
