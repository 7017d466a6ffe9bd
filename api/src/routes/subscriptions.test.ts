import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { DAY_MS } from '#protocol/domain/subscription-time.ts';
import type { SubscriptionDto } from '#protocol/contract/subscriptions.ts';
import type { PullResult } from '#protocol/contract/sync.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness.ts';
import { signIn } from '../../test/factories.ts';

const SECRET = 'whsec_test_0123456789abcdef0123456789';
let t: TestApp;
let clock = Date.parse('2026-01-31T12:00:00.000Z');
afterEach(() => t.close());

async function app(env: Record<string, string> = {}) {
  clock = Date.parse('2026-01-31T12:00:00.000Z');
  t = await createTestApp({ now: () => clock, env: { PAYMENT_WEBHOOK_SECRET: SECRET, ...env } });
  return t;
}

type Sub = { subscription: SubscriptionDto | null };
const sign = (body: string) => createHmac('sha256', SECRET).update(body).digest('hex');
const webhook = (c: TestClient, payload: object, signature?: string) => {
  const body = JSON.stringify(payload);
  return c.request<{ received?: boolean; duplicate?: boolean; code?: string; subscriptionId?: string }>('POST', '/api/payments/webhook', body, {
    'content-type': 'application/json',
    origin: '',
    'x-signature': signature ?? `sha256=${sign(body)}`,
  });
};

describe('GET /api/plans', () => {
  it.each([
    ['pt-BR', 'BRL', [1190, 8990, 29990], 6990],
    ['es-AR', 'ARS', [1150000, 2602400, 8681400], null],
    ['en-US', 'USD', [999, 2499, 7999], null],
  ])('answers %s prices in %s minor units', async (locale, currency, prices, original) => {
    await app({ PAYMENT_LINK_MONTHLY_PT_BR: 'https://pay.example/br-monthly' });
    const response = await t.client({ locale }).get<{ plans: { id: string; price: number; currency: string; originalPrice: number | null; mostPopular: boolean; features: string[]; displayKey: string; paymentLink: string | null }[] }>('/api/plans');
    expect(response.body.plans.map((p) => p.id)).toEqual(['monthly', 'quarterly', 'annual']);
    expect(response.body.plans.map((p) => p.price)).toEqual(prices);
    expect(response.body.plans.every((p) => p.currency === currency && p.features.length === 14)).toBe(true);
    expect(response.body.plans[0]?.originalPrice).toBe(original);
    expect(response.body.plans.map((p) => p.mostPopular)).toEqual([false, true, false]);
    expect(response.body.plans.map((p) => p.displayKey)).toEqual(['monthly-basic', 'quarterly-premium', 'annual-complete']);
    expect(response.body.plans[0]?.paymentLink).toBe(locale === 'pt-BR' ? 'https://pay.example/br-monthly' : null);
  });
});

describe('trial', () => {
  it('creates one 24-hour trial at price 0, once per user ever', async () => {
    await app();
    const c = t.client();
    await signIn(c, t.deps);
    const first = await c.post<Sub>('/api/subscriptions/trial', {});
    expect(first.status).toBe(201);
    expect(first.body.subscription).toMatchObject({ planId: 'trial', price: 0, isTrial: true, status: 'active', currencyCode: 'BRL', startDate: '2026-01-31T12:00:00.000Z', endDate: '2026-02-01T12:00:00.000Z' });
    const second = await c.post<{ code: string }>('/api/subscriptions/trial', {});
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('TRIAL_UNAVAILABLE');
    clock += 2 * DAY_MS; // even after it ended
    expect((await c.post('/api/subscriptions/trial', {})).status).toBe(409);
    expect((await c.get<Sub>('/api/subscriptions/active')).body.subscription?.status).toBe('expired');
  });
});

describe('POST /api/subscriptions', () => {
  it('in demo mode activates the plan with the server’s price and calendar-correct end, ignoring forged values', async () => {
    await app();
    const c = t.client();
    await signIn(c, t.deps);
    const response = await c.post<Sub>('/api/subscriptions', { planId: 'monthly', price: 1, currency: 'USD', startDate: '2020-01-01', endDate: '2099-01-01', internalPlanId: 'monthly' });
    expect(response.status).toBe(201);
    expect(response.body.subscription).toMatchObject({ planId: 'monthly', price: 1190, currencyCode: 'BRL', startDate: '2026-01-31T12:00:00.000Z', endDate: '2026-02-28T12:00:00.000Z', status: 'active', isTrial: false });
  });

  it('prices by the request language', async () => {
    await app();
    const c = t.client({ locale: 'es-AR' });
    await signIn(c, t.deps);
    expect((await c.post<Sub>('/api/subscriptions', { planId: 'annual' })).body.subscription).toMatchObject({ price: 8681400, currencyCode: 'ARS' });
  });

  it('outside demo mode refuses with 402 and changes nothing', async () => {
    await app({ PAYMENTS_MODE: 'live' });
    const c = t.client();
    await signIn(c, t.deps);
    const response = await c.post<{ code: string; error: string }>('/api/subscriptions', { planId: 'monthly' });
    expect(response.status).toBe(402);
    expect(response.body.code).toBe('PAYMENT_REQUIRED');
    expect((await c.get<Sub>('/api/subscriptions/active')).body.subscription).toBeNull();
  });

  it('answers an unknown plan with 404 "Plano não encontrado"', async () => {
    await app();
    const c = t.client();
    await signIn(c, t.deps);
    const response = await c.post<{ code: string; error: string }>('/api/subscriptions', { planId: 'lifetime' });
    expect(response.status).toBe(404);
    expect(response.body.error).toBe('Plano não encontrado');
  });

  it('starts a plan bought during a paid one when that one ends, and ends the trial when bought during it', async () => {
    await app();
    const c = t.client();
    await signIn(c, t.deps);
    await c.post('/api/subscriptions/trial', {});
    clock += 3 * 60 * 60 * 1000;
    const paid = (await c.post<Sub>('/api/subscriptions', { planId: 'monthly' })).body.subscription;
    expect(paid?.startDate).toBe('2026-01-31T15:00:00.000Z');
    const pull = await c.get<PullResult>('/api/sync/pull?cursor=0');
    const trial = pull.body.changes.subscriptions.find((s) => s.isTrial);
    expect(trial).toMatchObject({ status: 'expired', endDate: '2026-01-31T15:00:00.000Z' });
    const next = (await c.post<Sub>('/api/subscriptions', { planId: 'quarterly' })).body.subscription;
    expect(next?.startDate).toBe(paid?.endDate);
    expect(next?.status).toBe('inactive'); // it has not started yet
    expect((await c.get<Sub>('/api/subscriptions/active')).body.subscription?.id).toBe(paid?.id);
    clock = Date.parse(paid?.endDate ?? '') + 1000;
    expect((await c.get<Sub>('/api/subscriptions/active')).body.subscription).toMatchObject({ id: next?.id, status: 'active' });
  });

  it('counts days remaining in the client’s zone, in calendar days, as the PWA does (ADR 018)', async () => {
    await app();
    clock = Date.parse('2026-11-24T00:01:00.000Z'); // 21:01 on 23 Nov in São Paulo, 19:01 in New York
    const br = t.client();
    await signIn(br, t.deps, { countryCode: 'BR' });
    await br.post('/api/subscriptions', { planId: 'monthly' });
    const us = t.client();
    await signIn(us, t.deps, { countryCode: 'US' });
    await us.post('/api/subscriptions', { planId: 'monthly' });
    const days = async (c: TestClient) => (await c.get<Sub>('/api/subscriptions/active')).body.subscription?.daysRemaining;
    expect([await days(br), await days(us)]).toEqual([30, 30]); // day 0: 23 Nov to 23 Dec
    clock = Date.parse('2026-11-25T04:00:00.000Z'); // 01:00 on 25 Nov in São Paulo, still 23:00 on 24 Nov in New York
    expect([await days(br), await days(us)]).toEqual([28, 29]);
  });

  it('expires by time alone', async () => {
    await app();
    const c = t.client();
    await signIn(c, t.deps);
    await c.post('/api/subscriptions', { planId: 'monthly' });
    clock = Date.parse('2026-02-28T11:59:59.000Z'); // the last day, in São Paulo too: 0 days left, still active (ADR 018)
    expect((await c.get<Sub>('/api/subscriptions/active')).body.subscription).toMatchObject({ status: 'active', daysRemaining: 0 });
    clock = Date.parse('2026-02-28T12:00:00.000Z');
    expect((await c.get<Sub>('/api/subscriptions/active')).body.subscription).toMatchObject({ status: 'expired', daysRemaining: 0 });
  });
});

describe('content gate (server-enforced)', () => {
  async function userWithContent() {
    const c = t.client();
    const user = await signIn(c, t.deps);
    await t.database.sql.transaction(async () => {
      await t.deps.plans.addDiet(user.id, { title: 'Dieta', description: null, objective: null, status: 'published', dailyCalories: 1500, macros: '{}', meals: 'x', weeklyMenu: null, tips: null, substitutions: null });
      await t.deps.plans.addWorkout(user.id, { title: 'Treino', description: null, status: 'published', duration: '4 semanas', frequency: '3x', weeklySchedule: '[]', progressionTips: null, safetyNotes: null });
    });
    return c;
  }

  it('serves no diet or workout without a plan or during the trial, from REST or pull, and says which gate', async () => {
    await app();
    const c = await userWithContent();
    const none = await c.get<{ diets: unknown[]; gate: string }>('/api/my-diets');
    expect(none.body).toEqual({ diets: [], gate: 'noPlan' });
    expect((await c.get<{ workouts: unknown[]; gate: string }>('/api/my-workouts')).body).toEqual({ workouts: [], gate: 'noPlan' });
    let pull = await c.get<PullResult>('/api/sync/pull?cursor=0');
    expect(pull.body.gate).toBe('noPlan');
    expect(pull.body.changes.diets).toEqual([]);
    await c.post('/api/subscriptions/trial', {});
    expect((await c.get<{ gate: string }>('/api/my-diets')).body.gate).toBe('trial');
    pull = await c.get<PullResult>(`/api/sync/pull?cursor=${pull.body.cursor}`);
    expect(pull.body).toMatchObject({ gate: 'trial', changes: { diets: [], workouts: [] } });

    // Activation opens the gate and sends the content on the next incremental pull.
    await c.post('/api/subscriptions', { planId: 'monthly' });
    expect((await c.get<{ diets: unknown[] }>('/api/my-diets')).body.diets).toHaveLength(1);
    pull = await c.get<PullResult>(`/api/sync/pull?cursor=${pull.body.cursor}`);
    expect(pull.body.gate).toBe('open');
    expect(pull.body.changes.diets).toHaveLength(1);
    expect(pull.body.changes.workouts).toHaveLength(1);

    clock += 29 * DAY_MS; // the monthly plan ended on 28 Feb: closed again
    expect((await c.get<{ diets: unknown[]; gate: string }>('/api/my-diets')).body).toEqual({ diets: [], gate: 'noPlan' });
  });
});

describe('POST /api/payments/webhook', () => {
  it('refuses a missing or bad signature and changes nothing', async () => {
    await app();
    const c = t.client();
    const user = await signIn(c, t.deps);
    const payload = { id: 'evt_1', type: 'payment.succeeded', data: { userId: user.id, planId: 'annual' } };
    expect((await webhook(t.client(), payload, '')).status).toBe(401);
    const forged = await webhook(t.client(), payload, `sha256=${'0'.repeat(64)}`);
    expect(forged.status).toBe(401);
    expect(forged.body.code).toBe('INVALID_SIGNATURE');
    const tampered = JSON.stringify({ ...payload, data: { ...payload.data, planId: 'monthly' } });
    expect((await webhook(t.client(), payload, sign(tampered))).status).toBe(401);
    expect((await c.get<Sub>('/api/subscriptions/active')).body.subscription).toBeNull();
  });

  it('activates once per provider event, and tells the user’s open pages once', async () => {
    await app();
    const c = t.client();
    const user = await signIn(c, t.deps);
    const pokes: number[] = [];
    t.deps.live.subscribe(user.id, { poke: (version) => pokes.push(version), close: () => {} });
    const payload = { id: 'evt_42', type: 'payment.succeeded', data: { email: user.email.toUpperCase(), planId: 'quarterly', locale: 'en-US' } };
    const first = await webhook(t.client(), payload);
    expect(first.status).toBe(200);
    const again = await webhook(t.client(), payload);
    expect(again.body).toMatchObject({ received: true, duplicate: true, subscriptionId: first.body.subscriptionId });
    const pull = await c.get<PullResult>('/api/sync/pull?cursor=0');
    expect(pull.body.changes.subscriptions).toHaveLength(1);
    expect(pull.body.changes.subscriptions[0]).toMatchObject({ planId: 'quarterly', price: 2499, currencyCode: 'USD', endDate: '2026-04-30T12:00:00.000Z' });
    await new Promise((resolve) => setImmediate(resolve)); // pokes leave after the commit's turn
    expect(pokes).toHaveLength(1);
  });

  it('works even when payments are live (it is the payment), and refuses when no secret is configured', async () => {
    await app({ PAYMENTS_MODE: 'live' });
    const c = t.client();
    const user = await signIn(c, t.deps);
    expect((await webhook(t.client(), { id: 'evt_live', type: 'payment.succeeded', data: { userId: user.id, planId: 'monthly' } })).status).toBe(200);
    await t.close();
    t = await createTestApp({ env: { PAYMENT_WEBHOOK_SECRET: '' } });
    expect((await webhook(t.client(), { id: 'evt_x', type: 'payment.succeeded', data: {} })).status).toBe(401);
  });

  it('answers a malformed event with a 4xx', async () => {
    await app();
    expect((await webhook(t.client(), { type: 'payment.succeeded' })).status).toBe(400);
    expect((await webhook(t.client(), { id: 'evt_bad_plan', type: 'payment.succeeded', data: { email: 'x@example.com', planId: 'forever' } })).status).toBe(400);
    expect((await webhook(t.client(), { id: 'evt_no_user', type: 'payment.succeeded', data: { email: 'nobody@example.com', planId: 'monthly' } })).status).toBe(404);
    expect((await webhook(t.client(), { id: 'evt_refund', type: 'payment.refunded' })).body).toMatchObject({ received: true });
  });
});
