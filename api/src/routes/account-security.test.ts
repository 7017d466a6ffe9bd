import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness.ts';
import { createUser } from '../../test/factories.ts';

let t: TestApp;
afterEach(() => t.close());

type Session = { id: string; createdAt: string; expiresAt: string; userAgent: string | null; current: boolean };
type ErrorBody = { code: string; error: string; details?: { field: string; message: string }[] };

const me = (c: TestClient) => c.get('/api/clients/me');
const sessionsOf = async (c: TestClient) => (await c.get<{ sessions: Session[] }>('/api/clients/me/sessions')).body.sessions;

/** One account signed in on two browsers. */
async function twoBrowsers() {
  t = await createTestApp();
  const { user, password } = await createUser(t.deps, { email: 'ana@example.com' });
  const [laptop, phone] = [t.client(), t.client()];
  expect((await laptop.post('/api/clients/login', { email: user.email, password }, { 'user-agent': 'Laptop Chrome' })).status).toBe(200);
  expect((await phone.post('/api/clients/login', { email: user.email, password }, { 'user-agent': 'Phone Safari' })).status).toBe(200);
  return { user, password, laptop, phone };
}

describe('sessions', () => {
  it('issues a new token at login, so a token planted before it is worth nothing', async () => {
    t = await createTestApp();
    const { user, password } = await createUser(t.deps);
    const victim = t.client();
    const planted = 'A'.repeat(43);
    victim.cookies.set('session', planted);
    expect((await victim.post('/api/clients/login', { email: user.email, password })).status).toBe(200);
    expect(victim.cookies.get('session')).not.toBe(planted);
    expect((await me(victim)).status).toBe(200);
    const attacker = t.client();
    attacker.cookies.set('session', planted);
    expect((await me(attacker)).status).toBe(401);
  });

  it('lists the owner’s sessions with this one marked, and never a token', async () => {
    const { laptop, phone } = await twoBrowsers();
    const sessions = await sessionsOf(laptop);
    expect(sessions.map((s) => [s.userAgent, s.current])).toEqual([
      ['Phone Safari', false],
      ['Laptop Chrome', true],
    ]);
    for (const s of sessions) expect(s.id).toMatch(/^[0-9a-f]{64}$/);
    const text = JSON.stringify(sessions);
    for (const token of [laptop.cookies.get('session'), phone.cookies.get('session')]) expect(text).not.toContain(token);
  });

  it('revokes one of the owner’s sessions, never another user’s, and 404s on anything else', async () => {
    const { laptop, phone } = await twoBrowsers();
    const other = t.client();
    const { user: stranger, password } = await createUser(t.deps);
    await other.post('/api/clients/login', { email: stranger.email, password });
    const strangers = await sessionsOf(other);

    expect((await laptop.request('DELETE', `/api/clients/me/sessions/${strangers[0]?.id}`)).status).toBe(404);
    expect((await me(other)).status).toBe(200);
    expect((await laptop.request('DELETE', '/api/clients/me/sessions/not-a-session')).status).toBe(404);
    expect((await laptop.request('DELETE', `/api/clients/me/sessions/${'f'.repeat(64)}`)).status).toBe(404);

    const phoneSession = (await sessionsOf(laptop)).find((s) => !s.current);
    expect((await laptop.request('DELETE', `/api/clients/me/sessions/${phoneSession?.id}`)).status).toBe(200);
    expect((await me(phone)).status).toBe(401);
    expect((await me(laptop)).status).toBe(200);

    // Ending this browser's own session is a logout.
    const own = (await sessionsOf(laptop))[0];
    const response = await laptop.request('DELETE', `/api/clients/me/sessions/${own?.id}`);
    expect(response.status).toBe(200);
    expect(laptop.cookies.has('session')).toBe(false);
  });

  it('signs out every other browser at once', async () => {
    const { laptop, phone } = await twoBrowsers();
    const response = await laptop.request<{ revokedSessions: number }>('DELETE', '/api/clients/me/sessions');
    expect(response.body.revokedSessions).toBe(1);
    expect((await me(phone)).status).toBe(401);
    expect((await sessionsOf(laptop)).map((s) => s.current)).toEqual([true]);
  });

  it('needs a session for all of it', async () => {
    t = await createTestApp();
    const anonymous = t.client();
    expect((await anonymous.get('/api/clients/me/sessions')).status).toBe(401);
    expect((await anonymous.request('DELETE', '/api/clients/me/sessions')).status).toBe(401);
    expect((await anonymous.put('/api/clients/me/password', { currentPassword: 'x', newPassword: 'y', confirmPassword: 'y' })).status).toBe(401);
  });
});

describe('password change', () => {
  it('needs the current password, then ends the other sessions and rotates this one’s token', async () => {
    const { user, password, laptop, phone } = await twoBrowsers();
    const before = laptop.cookies.get('session');

    const wrong = await laptop.put<ErrorBody>('/api/clients/me/password', { currentPassword: 'not-my-password', newPassword: 'nova-senha-9', confirmPassword: 'nova-senha-9' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ error: 'Senha incorreta', code: 'WRONG_PASSWORD', details: [{ field: 'currentPassword', message: 'Senha atual incorreta' }] });
    expect((await me(phone)).status).toBe(200);

    const changed = await laptop.put<{ revokedSessions: number }>('/api/clients/me/password', { currentPassword: password, newPassword: 'nova-senha-9', confirmPassword: 'nova-senha-9' });
    expect(changed.status).toBe(200);
    expect(changed.body.revokedSessions).toBe(1);
    expect((await me(phone)).status).toBe(401);
    expect(laptop.cookies.get('session')).not.toBe(before);
    expect((await me(laptop)).status).toBe(200);
    const stale = t.client();
    stale.cookies.set('session', before ?? '');
    expect((await me(stale)).status).toBe(401);

    expect((await t.client().post('/api/clients/login', { email: user.email, password })).status).toBe(401);
    expect((await t.client().post('/api/clients/login', { email: user.email, password: 'nova-senha-9' })).status).toBe(200);
  });

  it.each([
    [{ currentPassword: 'whatever1', newPassword: 'curta', confirmPassword: 'curta' }, 'newPassword', 'A senha deve ter pelo menos 8 caracteres'],
    [{ currentPassword: 'whatever1', newPassword: 'nova-senha-9', confirmPassword: 'outra-senha-9' }, 'confirmPassword', 'As senhas não conferem'],
    [{ newPassword: 'nova-senha-9', confirmPassword: 'nova-senha-9' }, 'currentPassword', 'Campo obrigatório'],
    [{ currentPassword: 'whatever1', newPassword: 'nova-senha-9', confirmPassword: 'nova-senha-9', role: 'admin' }, 'role', undefined],
  ])('refuses %j with a message under %s and changes nothing', async (body, field, message) => {
    const { user, password, laptop } = await twoBrowsers();
    const response = await laptop.put<ErrorBody>('/api/clients/me/password', body);
    expect(response.status).toBe(400);
    const detail = response.body.details?.find((d) => d.field === field);
    expect(detail).toBeDefined();
    if (message) expect(detail?.message).toBe(message);
    expect((await t.client().post('/api/clients/login', { email: user.email, password })).status).toBe(200);
  });

  it('counts wrong current passwords towards the account’s limit', async () => {
    t = await createTestApp();
    const { user, password } = await createUser(t.deps);
    const c = t.client();
    await c.post('/api/clients/login', { email: user.email, password });
    const attempt = () => c.put<ErrorBody>('/api/clients/me/password', { currentPassword: 'guess-guess', newPassword: 'nova-senha-9', confirmPassword: 'nova-senha-9' });
    for (let i = 0; i < 10; i++) expect((await attempt()).status).toBe(401);
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('RATE_LIMITED');
  });
});
