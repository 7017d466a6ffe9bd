import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerEntry, ReferralLink } from '#protocol/contract/teacher.ts';
import type { AdminOrder, OrderDto } from '#protocol/contract/orders.ts';
import type { SubscriptionDto } from '#protocol/contract/subscriptions.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness.ts';
import { signIn } from '../../test/factories.ts';
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe.ts';

/** Issue 18, ADR 021: Stripe through its official SDK, against a local fake of its documented API. */
let t: TestApp;
let stripe: FakeStripe;
let teacher: TestClient;
let referralCode: string;

beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await createTestApp({ env: { PAYMENTS_MODE: 'live', STRIPE_SECRET_KEY: 'sk_test_leve', STRIPE_WEBHOOK_SECRET: stripe.webhookSecret, STRIPE_API_URL: stripe.apiUrl, PAYOUT_MINIMUM_USD: '0' } });
  stripe.deliverTo(async (body, headers) => t.app.request('/api/payments/stripe/webhook', { method: 'POST', headers, body }));
  teacher = t.client();
  await signIn(teacher, t.deps, { role: 'teacher', name: 'Tom Trainer', countryCode: 'US' });
  referralCode = ((await teacher.get<{ referralLinks: ReferralLink[] }>('/api/teacher/referral-links')).body.referralLinks[0] as ReferralLink).code;
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

async function usClient(code = referralCode) {
  const c = t.client({ locale: 'en-US' });
  const user = await signIn(c, t.deps, { countryCode: 'US', preferredLanguage: 'en-US' });
  await t.deps.referrals.attach(user.id, code);
  await c.post('/api/subscriptions/trial', {});
  return { c, user };
}

const active = async (c: TestClient) => (await c.get<{ subscription: SubscriptionDto }>('/api/subscriptions/active')).body.subscription;
const ordersOf = async (c: TestClient) => (await c.get<{ orders: OrderDto[] }>('/api/orders')).body.orders;
/** An order as the admin's orders view shows it (status, and why a payment was flagged). */
async function asAdminSees(orderId: string) {
  const admin = t.client();
  await signIn(admin, t.deps, { role: 'admin' });
  return (await admin.get<{ orders: AdminOrder[] }>('/api/admin/orders')).body.orders.find((o) => o.id === orderId);
}
const ledger = async () => (await teacher.get<{ ledger: LedgerEntry[] }>('/api/teacher/ledger')).body.ledger;
const webhook = (event: { body: string; headers: Record<string, string> }) => t.app.request('/api/payments/stripe/webhook', { method: 'POST', headers: event.headers, body: event.body });

async function checkout(c: TestClient, body: Record<string, unknown> = { planId: 'monthly' }) {
  const response = await c.post<{ order: OrderDto; checkoutUrl: string }>('/api/orders', body);
  expect(response.status).toBe(201);
  const sessionId = response.body.checkoutUrl.split('/').pop() as string;
  return { order: response.body.order, sessionId, session: stripe.sessions.get(sessionId)! };
}

describe('orders paid through Stripe', () => {
  it('prices the order from the server’s table for the client’s country, whatever the request says, and opens a Checkout Session for it', async () => {
    const { c } = await usClient();
    const { order, session } = await checkout(c, { planId: 'quarterly', price: 1, currency: 'BRL' });
    expect(order).toMatchObject({ planId: 'quarterly', amount: 2499, currency: 'USD', provider: 'stripe', status: 'pending' });
    expect(session).toMatchObject({ mode: 'payment', amount_total: 2499, currency: 'usd', client_reference_id: order.id });
    expect(session.success_url).toMatch(new RegExp(`/subscription\\?order=${order.id}$`));
    const request = stripe.requests.find((r) => r.path === '/v1/checkout/sessions' && r.form.client_reference_id === order.id);
    expect(request).toMatchObject({ authorization: 'Bearer sk_test_leve', idempotencyKey: `order-${order.id}` });
    // Coming back from the checkout activates nothing by itself.
    expect((await active(c)).isTrial).toBe(true);
  });

  it('activates the plan once Stripe reports the session paid, with the teacher’s 70% in dollars, and a replayed webhook changes nothing', async () => {
    const { c } = await usClient();
    const before = (await ledger()).length;
    const { order, sessionId } = await checkout(c);
    expect(await stripe.pay(sessionId)).toBe(200);
    expect(await active(c)).toMatchObject({ planId: 'monthly', price: 999, currencyCode: 'USD', isTrial: false, status: 'active' });
    expect((await ordersOf(c))[0]).toMatchObject({ id: order.id, status: 'paid', method: 'card', receiptUrl: expect.stringMatching(/\/receipts\/ch_/) });
    const entries = await ledger();
    expect(entries).toHaveLength(before + 1);
    expect(entries.find((e) => e.amount === 699)).toMatchObject({ currency: 'USD' }); // 70% of $9.99 = 6.993
    const replay = await webhook(stripe.signedEvent('checkout.session.completed', stripe.sessions.get(sessionId)!));
    expect(replay.status).toBe(200);
    expect(await replay.json()).toMatchObject({ outcome: 'duplicate' });
    expect(await ledger()).toHaveLength(before + 1);
  });

  it('activates once when two deliveries of the same payment arrive together', async () => {
    const { c, user } = await usClient();
    const { sessionId } = await checkout(c);
    await stripe.pay(sessionId);
    const session = stripe.sessions.get(sessionId)!;
    const answers = await Promise.all([webhook(stripe.signedEvent('checkout.session.completed', session)), webhook(stripe.signedEvent('checkout.session.async_payment_succeeded', session))]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const paid = (await t.database.sql.get<{ n: number }>('SELECT count(*) AS n FROM subscriptions WHERE user_id = ? AND price > 0', [user.id])) as { n: number };
    expect(paid.n).toBe(1);
  });

  it.each([
    ['no signature', (e: { body: string; headers: Record<string, string> }) => ({ ...e, headers: { 'content-type': 'application/json' } })],
    ['a forged one', (e: { body: string; headers: Record<string, string> }) => ({ ...e, headers: { ...e.headers, 'stripe-signature': e.headers['stripe-signature']!.replace(/v1=(.)/, (_match: string, first: string) => `v1=${first === '0' ? '1' : '0'}`) } })],
    ['a body changed after signing', (e: { body: string; headers: Record<string, string> }) => ({ ...e, body: e.body.replace('"paid"', '"unpaid"') })],
  ])('refuses a webhook with %s (400, nothing activated)', async (_name, tamper) => {
    const { c } = await usClient();
    const { sessionId } = await checkout(c);
    stripe.sessions.get(sessionId)!.payment_status = 'paid'; // paid at Stripe, but the message is not Stripe's
    const response = await webhook(tamper(stripe.signedEvent('checkout.session.completed', stripe.sessions.get(sessionId)!)));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'INVALID_SIGNATURE' });
    expect((await active(c)).isTrial).toBe(true);
  });

  it('refuses a webhook signed more than 5 minutes ago, or with another endpoint’s secret', async () => {
    const { c } = await usClient();
    const { sessionId } = await checkout(c);
    const session = stripe.sessions.get(sessionId)!;
    session.payment_status = 'paid';
    expect((await webhook(stripe.signedEvent('checkout.session.completed', session, { ageSeconds: 301 }))).status).toBe(400);
    expect((await webhook(stripe.signedEvent('checkout.session.completed', session, { secret: 'whsec_someone_else' }))).status).toBe(400);
    expect((await active(c)).isTrial).toBe(true);
  });

  it('acts on what Stripe says, not on the webhook: a session Stripe reports unpaid activates nothing', async () => {
    const { c } = await usClient();
    const { sessionId } = await checkout(c);
    const claimed = { ...stripe.sessions.get(sessionId)!, payment_status: 'paid' as const }; // the body says paid; Stripe does not
    const response = await webhook(stripe.signedEvent('checkout.session.completed', claimed));
    expect(response.status).toBe(200);
    expect((await active(c)).isTrial).toBe(true);
    expect((await ordersOf(c))[0]?.status).toBe('pending');
  });

  it('flags a payment whose amount or currency is not the order’s, for the admin, and activates nothing', async () => {
    const { c } = await usClient();
    const { order, sessionId } = await checkout(c);
    await stripe.pay(sessionId, { amountPaid: 100 });
    expect((await active(c)).isTrial).toBe(true);
    expect(await asAdminSees(order.id)).toMatchObject({ status: 'pending', flag: 'amount' });
    const second = await checkout(c);
    await stripe.pay(second.sessionId, { currency: 'brl' });
    expect(await asAdminSees(second.order.id)).toMatchObject({ status: 'pending', flag: 'currency' });
  });

  it('marks an order whose checkout expired, and answers 409 where no provider takes the client’s currency (a Brazilian pays by the plan’s link until Mercado Pago)', async () => {
    const { c } = await usClient();
    const { order, sessionId } = await checkout(c);
    expect((await webhook(stripe.signedEvent('checkout.session.expired', stripe.sessions.get(sessionId)!))).status).toBe(200);
    expect((await ordersOf(c)).find((o) => o.id === order.id)?.status).toBe('expired');

    const br = t.client();
    await signIn(br, t.deps, { countryCode: 'BR' });
    const refused = await br.post<{ code: string }>('/api/orders', { planId: 'monthly' });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
    expect(await ordersOf(br)).toEqual([]);
  });

  it('refuses a plan that does not exist with 404, and an order from someone signed out with 401', async () => {
    const { c } = await usClient();
    expect((await c.post('/api/orders', { planId: 'lifetime' })).status).toBe(404);
    expect((await t.client().post('/api/orders', { planId: 'monthly' })).status).toBe(401);
  });
});

describe('refunds and chargebacks (issue 18, part 4)', () => {
  async function trainer() {
    const c = t.client();
    await signIn(c, t.deps, { role: 'teacher', countryCode: 'US', preferredLanguage: 'en-US' });
    const code = ((await c.get<{ referralLinks: ReferralLink[] }>('/api/teacher/referral-links')).body.referralLinks[0] as ReferralLink).code;
    return { c, code, ledger: async () => (await c.get<{ ledger: LedgerEntry[] }>('/api/teacher/ledger')).body.ledger };
  }
  async function paidStudent(code: string) {
    const student = await usClient(code);
    const { order, sessionId } = await checkout(student.c);
    await stripe.pay(sessionId);
    return { ...student, order, sessionId };
  }

  it('a refund ends the plan it paid for (the devices lose diet and workout at their next pull) and cancels the commission still available; once', async () => {
    const tom = await trainer();
    const paige = await paidStudent(tom.code);
    const cursor = (await paige.c.get<{ cursor: number }>('/api/sync/pull?cursor=0')).body.cursor;
    const gate = async () => (await paige.c.get<{ gate: string }>('/api/my-diets')).body.gate;
    expect(await gate()).toBe('open');
    expect(await stripe.refund(paige.sessionId)).toBe(200);
    // Over from the refund on: the plan reads as ended, and the content gate is closed.
    expect(await active(paige.c)).toMatchObject({ planId: 'monthly', status: 'expired' });
    expect(await gate()).toBe('noPlan');
    const pulled = (await paige.c.get<{ changes: { subscriptions: SubscriptionDto[] } }>(`/api/sync/pull?cursor=${cursor}`)).body.changes.subscriptions;
    expect(pulled).toEqual([expect.objectContaining({ planId: 'monthly', status: 'expired' })]);
    expect((await ordersOf(paige.c))[0]?.status).toBe('refunded');
    expect(await tom.ledger()).toEqual([expect.objectContaining({ amount: 699, status: 'cancelled' })]);
    expect((await tom.c.get<{ availableToWithdraw: unknown[]; totalCommissions: unknown[] }>('/api/teacher/dashboard')).body).toMatchObject({ availableToWithdraw: [], totalCommissions: [] });
    const again = await webhook(stripe.signedEvent('charge.refunded', { id: `ch_${stripe.sessions.get(paige.sessionId)!.payment_intent!.slice(3)}`, object: 'charge' }));
    expect(await again.json()).toMatchObject({ outcome: 'duplicate' });
    expect(await tom.ledger()).toHaveLength(1);
  });

  it('a partial refund leaves the plan and the commission alone (support handles it)', async () => {
    const tom = await trainer();
    const paige = await paidStudent(tom.code);
    await stripe.refund(paige.sessionId, { amount: 100 });
    expect(await active(paige.c)).toMatchObject({ planId: 'monthly', status: 'active' });
    expect(await tom.ledger()).toEqual([expect.objectContaining({ amount: 699, status: 'pending' })]);
  });

  it('a chargeback on a commission already paid out becomes a negative entry that the next payout nets', async () => {
    const tom = await trainer();
    const admin = t.client();
    await signIn(admin, t.deps, { role: 'admin' });
    const paige = await paidStudent(tom.code);
    const first = (await tom.c.post<{ payout: { id: string; amount: number } }>('/api/teacher/payouts', { currency: 'USD' })).body.payout;
    expect(first.amount).toBe(699);
    for (const status of ['processing', 'completed']) expect((await admin.post(`/api/admin/payouts/${first.id}/status`, { status })).status).toBe(200);

    expect(await stripe.dispute(paige.sessionId)).toBe(200);
    expect(await active(paige.c)).toMatchObject({ status: 'expired' });
    const ledger = await tom.ledger();
    expect(ledger.map((e) => [e.amount, e.status])).toEqual([[-699, 'pending'], [699, 'paid']]);
    expect(ledger[0]?.description).toMatch(/^Reversal: /);

    await paidStudent(tom.code);
    await paidStudent(tom.code);
    const second = await tom.c.post<{ payout: { amount: number } }>('/api/teacher/payouts', { currency: 'USD' });
    expect(second.body.payout.amount).toBe(699); // 699 + 699 − 699
  });
});

describe('the admin’s orders view (issue 18, part 5)', () => {
  it('lists everyone’s orders with the provider’s payment id, filters by status, provider and flagged, and refuses unknown filters', async () => {
    const admin = t.client();
    await signIn(admin, t.deps, { role: 'admin' });
    const { c, user } = await usClient();
    const { order, sessionId } = await checkout(c);
    await stripe.pay(sessionId, { amountPaid: 5 });
    type Listed = { id: string; userEmail: string; paymentId: string | null; flag: string | null; status: string; provider: string };
    const list = async (query: string) => (await admin.get<{ orders: Listed[] }>(`/api/admin/orders${query}`)).body.orders;
    const flagged = await list('?flagged=true');
    expect(flagged.find((o) => o.id === order.id)).toMatchObject({ userEmail: user.email, flag: 'amount', status: 'pending', provider: 'stripe', paymentId: stripe.sessions.get(sessionId)!.payment_intent });
    expect(flagged.every((o) => o.flag !== null)).toBe(true);
    expect((await list('?status=paid')).every((o) => o.status === 'paid')).toBe(true);
    expect((await list('?provider=mercadopago'))).toEqual([]);
    const refused = await admin.get<{ details: { field: string }[] }>('/api/admin/orders?status=lost&provider=paypal');
    expect(refused.status).toBe(400);
    expect(refused.body.details.map((d) => d.field)).toEqual(['status', 'provider']);
    expect((await c.get('/api/admin/orders')).status).toBe(403);
  });
});

describe('which plans go through a checkout', () => {
  it('says so in GET /api/plans for the currency a provider takes, in live mode only: demo mode activates plans as before', async () => {
    const checkoutOf = async (app: TestApp, locale: string) => (await app.client({ locale }).get<{ plans: { checkout: boolean }[] }>('/api/plans')).body.plans.map((p) => p.checkout);
    expect(await checkoutOf(t, 'en-US')).toEqual([true, true, true]);
    expect(await checkoutOf(t, 'pt-BR')).toEqual([false, false, false]);
    const demo = await createTestApp({ env: { STRIPE_SECRET_KEY: 'sk_test_leve', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_API_URL: stripe.apiUrl } });
    try {
      expect(await checkoutOf(demo, 'en-US')).toEqual([false, false, false]);
    } finally {
      await demo.close();
    }
  });
});

describe('Stripe unreachable', () => {
  it('answers 502 PAYMENT_PROVIDER_FAILED in the client’s language and keeps the order as failed', async () => {
    const down = await createTestApp({ env: { PAYMENTS_MODE: 'live', STRIPE_SECRET_KEY: 'sk_test_leve', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_API_URL: 'http://127.0.0.1:9' } });
    try {
      const c = down.client({ locale: 'en-US' });
      await signIn(c, down.deps, { countryCode: 'US', preferredLanguage: 'en-US' });
      const response = await c.post<{ code: string; error: string }>('/api/orders', { planId: 'monthly' });
      expect(response.status).toBe(502);
      expect(response.body).toMatchObject({ code: 'PAYMENT_PROVIDER_FAILED', error: 'The payment provider didn’t answer. Please try again in a moment.' });
      expect((await c.get<{ orders: OrderDto[] }>('/api/orders')).body.orders.map((o) => o.status)).toEqual(['failed']);
    } finally {
      await down.close();
    }
  });
});
