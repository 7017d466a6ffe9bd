import { Hono } from 'hono';
import { testClient } from 'hono/testing';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { DomainError } from '#protocol/errors.ts';
import { loginSchema } from '#protocol/schemas/clients.ts';
import type { ActiveSession } from '../auth/sessions.ts';
import type { AppEnv } from './env.ts';
import { httpOf } from './errors.ts';
import { createRouter } from './router.ts';
import { jsonBody, jsonBodyAfterChecks } from './validate.ts';

const client: ActiveSession = {
  id: 'session-1',
  expiresAt: Number.MAX_SAFE_INTEGER,
  renewed: false,
  user: { id: 'user-1', email: 'ana@example.com', role: 'user', countryCode: 'BR' },
};

/** A router mounted as the app mounts them, with the app's refusal mapping and an optional signed-in user. */
function mount(session: ActiveSession | null) {
  const loginBody = jsonBodyAfterChecks(loginSchema);
  const router = createRouter('/api/things')
    .get('/:id', 'signedIn', (c) => c.json({ thing: { id: c.req.param('id'), count: 2 } }))
    .post('/checked-first', 'public', jsonBody(loginSchema), (c) => c.json({ email: c.req.valid('json').email }, 201))
    .post('/limited', 'public', loginBody, async (c) => {
      if (c.req.header('x-limited')) throw new DomainError('RATE_LIMITED', { retryAfterSeconds: 60 });
      return c.json({ email: (await loginBody.read(c)).email });
    })
    .delete('/:id', 'admin', (c) => c.json({ deleted: true }));
  const app = new Hono<AppEnv>()
    .use(async (c, next) => {
      c.set('session', session);
      await next();
    })
    .route(router.prefix, router.app);
  app.onError((error, c) => (error instanceof DomainError ? c.json({ code: error.code }, httpOf(error).status) : c.json({ code: 'INTERNAL' }, 500)));
  return { app, router };
}

describe('the router keeps access rules and Hono’s types (issue 19, part 3)', () => {
  it('gives hono/client each route’s path, parameters and answer', async () => {
    const api = testClient(mount(client).app).api;
    const response = await api.things[':id'].$get({ param: { id: 'abc' } });
    const body = await response.json();
    expectTypeOf(body).toEqualTypeOf<{ thing: { id: string; count: number } }>();
    expect(body).toEqual({ thing: { id: 'abc', count: 2 } });
  });

  it('lists every route with its rule, and refuses a caller the rule does not admit before the handler', async () => {
    const { app, router } = mount(null);
    expect(router.rules).toEqual([
      { method: 'GET', path: '/api/things/:id', access: 'signedIn' },
      { method: 'POST', path: '/api/things/checked-first', access: 'public' },
      { method: 'POST', path: '/api/things/limited', access: 'public' },
      { method: 'DELETE', path: '/api/things/:id', access: 'admin' },
    ]);
    expect((await app.request('/api/things/abc')).status).toBe(401);
    expect((await mount(client).app.request('/api/things/abc', { method: 'DELETE' })).status).toBe(403);
  });

  it('will not take a route without an access rule', () => {
    // @ts-expect-error the access rule is a required argument
    expect(() => createRouter('/api/x').get('/', (c) => c.json({}))).toThrow();
  });

  it('checks a jsonBody before the handler and gives the handler (and the client) its type', async () => {
    const api = testClient(mount(null).app).api;
    const refused = await api.things['checked-first'].$post({ json: { email: 'not-an-email', password: 'x' } });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ code: 'VALIDATION_FAILED' });
    const accepted = await api.things['checked-first'].$post({ json: { email: 'ana@example.com', password: 'senha-forte-1' } });
    expect(await accepted.json()).toEqual({ email: 'ana@example.com' });
    // @ts-expect-error the body's type comes from the schema
    await api.things['checked-first'].$post({ json: { email: 'ana@example.com', password: 12345678 } });
  });

  it('lets a route refuse on its own checks before it reads a jsonBodyAfterChecks', async () => {
    const { app } = mount(null);
    const bad = { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"email":1}' };
    expect((await app.request('/api/things/limited', { ...bad, headers: { ...bad.headers, 'x-limited': '1' } })).status).toBe(429);
    expect((await app.request('/api/things/limited', bad)).status).toBe(400);
  });
});
