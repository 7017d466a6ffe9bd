import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { ReferralLink } from '#protocol/contract/teacher.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness.ts';
import { buildRegistration, signIn } from '../../test/factories.ts';
import { RETIRED_CODE_GRACE_MS } from '../services/referrals.ts';

const root = mkdtempSync(path.join(tmpdir(), 'referrals-static-'));
writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>app</title>');
afterAll(() => rmSync(root, { recursive: true, force: true }));

const DAY = 24 * 60 * 60 * 1000;
let now = Date.UTC(2026, 10, 22, 12);
let t: TestApp;
afterEach(() => t.close());

async function app() {
  now = Date.UTC(2026, 10, 22, 12);
  t = await createTestApp({ now: () => now, staticRoot: root });
  return t;
}

async function teacher(a: TestApp, name = 'Tiago Professor') {
  const c = a.client();
  const user = await signIn(c, a.deps, { role: 'teacher', name });
  const link = (await c.get<{ referralLinks: ReferralLink[] }>('/api/teacher/referral-links')).body.referralLinks[0] as ReferralLink;
  return { c, user, link };
}

const linkOf = async (c: TestClient) => (await c.get<{ referralLinks: ReferralLink[] }>('/api/teacher/referral-links')).body.referralLinks[0] as ReferralLink;

describe('referral link visits', () => {
  it('gives each teacher one link with a readable code, and counts one click per browser and day', async () => {
    const a = await app();
    const tiago = await teacher(a);
    expect(tiago.link).toMatchObject({ code: expect.stringMatching(/^TIAGOPRO\d{2,}$/), clicks: 0, conversions: 0, conversionRate: 0 });
    expect(tiago.link.url).toBe(`http://localhost/r/${tiago.link.code}`);
    expect((await linkOf(tiago.c)).id).toBe(tiago.link.id);

    const visitor = a.client();
    const first = await visitor.get(`/r/${tiago.link.code.toLowerCase()}`);
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toBe(`/cadastro?ref=${tiago.link.code}`);
    expect(visitor.cookies.get('referral')).toBe(tiago.link.code);
    await visitor.get(`/r/${tiago.link.code}`);
    await visitor.get(`/?ref=${tiago.link.code}`);
    expect((await linkOf(tiago.c)).clicks).toBe(1);

    await a.client().get(`/?ref=${tiago.link.code}`); // another browser, through the page address
    now += DAY; // the same browser the next day
    await visitor.get(`/r/${tiago.link.code}`);
    expect((await linkOf(tiago.c)).clicks).toBe(3);

    const unknown = await a.client().get('/r/NOSUCHCODE');
    expect(unknown.headers.get('location')).toBe('/cadastro');
    expect((await a.client().get('/r/%3Cscript%3E')).status).toBe(302);
  });

  it('attaches a client who registers through the link to its teacher, by the form’s code or the cookie', async () => {
    const a = await app();
    const tiago = await teacher(a);
    const byCookie = a.client();
    await byCookie.get(`/r/${tiago.link.code}`);
    const registered = await byCookie.post<{ client: { id: string } }>('/api/clients/register', buildRegistration({ name: 'Rita Referida' }));
    expect(registered.status).toBe(201);
    expect(byCookie.cookies.has('referral')).toBe(false);
    const byForm = await a.client().post<{ client: { id: string } }>('/api/clients/register', buildRegistration({ name: 'Fábio Formulário', referralCode: tiago.link.code.toLowerCase() }));
    const plain = await a.client().post<{ client: { id: string } }>('/api/clients/register', buildRegistration({ name: 'Sem Professor' }));
    const teacherOf = async (id: string) => (await a.database.sql.get<{ t: string | null }>('SELECT teacher_id AS t FROM users WHERE id = ?', [id]))?.t;
    expect(await teacherOf(registered.body.client.id)).toBe(tiago.user.id);
    expect(await teacherOf(byForm.body.client.id)).toBe(tiago.user.id);
    expect(await teacherOf(plain.body.client.id)).toBeNull();

    // A conversion is a referred student whose paid plan activated; the trial is not one.
    await byCookie.post('/api/subscriptions/trial', {});
    expect((await linkOf(tiago.c)).conversions).toBe(0);
    await byCookie.post('/api/subscriptions', { planId: 'monthly' });
    expect(await linkOf(tiago.c)).toMatchObject({ clicks: 1, conversions: 1, conversionRate: 1 });
  });
});

describe('referral statistics over one population: the browsers that clicked (issue 17, ADR 013)', () => {
  const pay = async (c: TestClient) => expect((await c.post('/api/subscriptions', { planId: 'monthly' })).status).toBe(201);
  const register = (c: TestClient, overrides: Record<string, unknown> = {}) => c.post('/api/clients/register', buildRegistration(overrides));

  it('a conversion is a clicking browser whose registration through the link paid; the rate is conversions / clicks, never above 100%', async () => {
    const a = await app();
    const tiago = await teacher(a);
    const alice = a.client(); // clicks twice, registers by the cookie, pays
    await alice.get(`/r/${tiago.link.code}`);
    await alice.get(`/r/${tiago.link.code}`);
    await register(alice);
    await pay(alice);
    const bruno = a.client(); // clicks and registers with the code in the form, never pays
    await bruno.get(`/r/${tiago.link.code}`);
    await register(bruno, { referralCode: tiago.link.code });
    await bruno.post('/api/subscriptions/trial', {});
    const carla = a.client(); // types the code without ever clicking, and pays: a student, not a click's conversion
    await register(carla, { referralCode: tiago.link.code });
    await pay(carla);
    const shared = a.client(); // one browser, two accounts that both pay: one click, one conversion
    await shared.get(`/?ref=${tiago.link.code}`);
    await register(shared);
    await pay(shared);
    await shared.post('/api/clients/logout');
    await register(shared, { referralCode: tiago.link.code });
    await pay(shared);

    expect(await linkOf(tiago.c)).toMatchObject({ clicks: 3, conversions: 2, conversionRate: 2 / 3 });
    const students = (await tiago.c.get<{ students: unknown[] }>('/api/teacher/students')).body.students;
    expect(students).toHaveLength(5); // every registration through the link is the teacher's student all the same
  });

  it('students who came without a click (the seed, a typed code) make no conversion: 0 / 0 / 0%, then 1 / 1 / 100% after one visit that registers and pays', async () => {
    const a = await app();
    const tiago = await teacher(a);
    for (const name of ['Semente Um', 'Semente Dois']) {
      const seeded = a.client();
      await register(seeded, { name, referralCode: tiago.link.code });
      await pay(seeded);
    }
    expect(await linkOf(tiago.c)).toMatchObject({ clicks: 0, conversions: 0, conversionRate: 0 });
    const visitor = a.client();
    await visitor.get(`/r/${tiago.link.code}`);
    await register(visitor);
    expect(await linkOf(tiago.c)).toMatchObject({ clicks: 1, conversions: 0, conversionRate: 0 });
    await pay(visitor);
    expect(await linkOf(tiago.c)).toMatchObject({ clicks: 1, conversions: 1, conversionRate: 1 });
  });
});

describe('PUT /api/teacher/referral-links/:id', () => {
  type Body = { referralLink: ReferralLink; code?: string; error?: string; details?: { field: string; message: string }[] };

  it('stores a new code in upper case; the old one keeps leading to the link for 90 days', async () => {
    const a = await app();
    const tiago = await teacher(a);
    const old = tiago.link.code;
    const changed = await tiago.c.put<Body>(`/api/teacher/referral-links/${tiago.link.id}`, { code: ' tiago2026 ' });
    expect(changed.status).toBe(200);
    expect(changed.body.referralLink).toMatchObject({ id: tiago.link.id, code: 'TIAGO2026', url: 'http://localhost/r/TIAGO2026' });
    expect((await a.client().get(`/r/${old}`)).headers.get('location')).toBe('/cadastro?ref=TIAGO2026');
    now += RETIRED_CODE_GRACE_MS + DAY;
    expect((await a.client().get(`/r/${old}`)).headers.get('location')).toBe('/cadastro');
  });

  it('answers the SPEC §5 messages for an empty or malformed code and 409 for one another teacher holds', async () => {
    const a = await app();
    const tiago = await teacher(a);
    const otto = await teacher(a, 'Otto Outro');
    const put = (code: unknown) => tiago.c.put<Body>(`/api/teacher/referral-links/${tiago.link.id}`, { code });
    expect((await put('  ')).body.details).toEqual([{ field: 'code', code: 'validation.referralCodeRequired', message: 'Código não pode estar vazio' }]);
    for (const bad of ['AB', 'TIAGO-2026', 'A'.repeat(16), 'ÇÃO123']) {
      const response = await put(bad);
      expect(response.status).toBe(400);
      expect(response.body.details?.[0]?.message).toBe('Código deve conter apenas letras e números (3-15 caracteres)');
    }
    const taken = await put(otto.link.code.toLowerCase());
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 'REFERRAL_CODE_TAKEN', error: 'Este código já está em uso por outro professor' });
    // Nor may anyone take a code that was retired less than 90 days ago.
    const ottoOld = otto.link.code;
    await otto.c.put(`/api/teacher/referral-links/${otto.link.id}`, { code: 'OTTONOVO' });
    expect((await put(ottoOld)).status).toBe(409);
    // Another teacher's link is not found for Tiago.
    expect((await tiago.c.put(`/api/teacher/referral-links/${otto.link.id}`, { code: 'ROUBADO' })).status).toBe(404);
    expect((await linkOf(otto.c)).code).toBe('OTTONOVO');
  });
});
