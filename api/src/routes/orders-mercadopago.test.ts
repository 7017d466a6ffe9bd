import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerEntry, ReferralLink } from '#protocol/contract/teacher.ts';
import type { AdminOrder, OrderDto } from '#protocol/contract/orders.ts';
import type { SubscriptionDto } from '#protocol/contract/subscriptions.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness.ts';
import { signIn } from '../../test/factories.ts';
import { startFakeMercadoPago, type FakeMercadoPago, type NotificationTarget } from '../../test/fake-mercadopago.ts';

/** Issue 18, ADR 021: Mercado Pago's Checkout Pro and webhooks, against a local fake of its documented API. */
let t: TestApp;
let mp: FakeMercadoPago;
let teacher: TestClient;
let referralCode: string;

beforeAll(async () => {
  mp = await startFakeMercadoPago();
  t = await createTestApp({ env: { PAYMENTS_MODE: 'live', MERCADOPAGO_ACCESS_TOKEN: 'TEST-leve-token', MERCADOPAGO_WEBHOOK_SECRET: mp.webhookSecret, MERCADOPAGO_API_URL: mp.apiUrl } });
  mp.deliverTo(toApp);
  teacher = t.client();
  await signIn(teacher, t.deps, { role: 'teacher', name: 'Tiago Professor', countryCode: 'BR' });
  referralCode = ((await teacher.get<{ referralLinks: ReferralLink[] }>('/api/teacher/referral-links')).body.referralLinks[0] as ReferralLink).code;
});
afterAll(async () => {
  await t.close();
  await mp.close();
});

/** Mercado Pago's delivery to the notification URL, as the app's own request. */
const toApp: NotificationTarget = async (url, body, headers) => {
  const { pathname, search } = new URL(url);
  return t.app.request(`${pathname}${search}`, { method: 'POST', headers, body });
};

/** The payment happens at Mercado Pago, but its genuine notification is lost on the way. */
async function payLosingTheNotification(preferenceId: string) {
  mp.deliverTo(async () => ({ status: 0 }));
  const { payment } = await mp.pay(preferenceId);
  mp.deliverTo(toApp);
  return payment;
}

async function client(countryCode: 'BR' | 'AR' = 'BR') {
  const c = t.client({ locale: countryCode === 'BR' ? 'pt-BR' : 'es-AR' });
  const user = await signIn(c, t.deps, { countryCode });
  await t.deps.referrals.attach(user.id, referralCode);
  await c.post('/api/subscriptions/trial', {});
  return c;
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
const notify = (n: { query: string; body: string; headers: Record<string, string> }) => t.app.request(`/api/payments/mercadopago/webhook${n.query}`, { method: 'POST', headers: n.headers, body: n.body });

async function checkout(c: TestClient, planId = 'monthly') {
  const response = await c.post<{ order: OrderDto; checkoutUrl: string }>('/api/orders', { planId });
  expect(response.status).toBe(201);
  const preferenceId = new URL(response.body.checkoutUrl).searchParams.get('pref_id') as string;
  return { order: response.body.order, preferenceId, preference: mp.preferences.get(preferenceId)! };
}

describe('orders paid through Mercado Pago', () => {
  it('opens a Checkout Pro preference for the order at the price of the client’s country, with where to notify and where to come back', async () => {
    const c = await client('BR');
    const { order, preference } = await checkout(c);
    expect(order).toMatchObject({ amount: 1190, currency: 'BRL', provider: 'mercadopago', status: 'pending' });
    expect(preference).toMatchObject({ external_reference: order.id, items: [expect.objectContaining({ quantity: 1, unit_price: 11.9, currency_id: 'BRL' })] });
    expect(preference.notification_url).toMatch(/\/api\/payments\/mercadopago\/webhook$/);
    expect(preference.back_urls.success).toMatch(new RegExp(`/subscription\\?order=${order.id}$`));
    expect(mp.requests.find((r) => r.path === '/checkout/preferences' && r.body.external_reference === order.id)).toMatchObject({ authorization: 'Bearer TEST-leve-token', idempotencyKey: `order-${order.id}` });
  });

  it.each([
    ['BR', 'monthly', 1190, 'BRL', 833],
    ['AR', 'quarterly', 2602400, 'ARS', 1821680],
  ] as const)('activates a %s client’s %s plan once Mercado Pago reports it approved (%i %s), with the teacher’s 70%%, once', async (country, planId, amount, currency, commission) => {
    const c = await client(country);
    const { preferenceId } = await checkout(c, planId);
    const { payment, status } = await mp.pay(preferenceId);
    expect(status).toBe(200);
    expect(await active(c)).toMatchObject({ planId, price: amount, currencyCode: currency, isTrial: false, status: 'active' });
    expect((await ledger()).filter((e) => e.amount === commission && e.currency === currency)).toHaveLength(1);
    const replay = await notify(mp.notification(payment.id));
    expect(await replay.json()).toMatchObject({ outcome: 'duplicate' });
    expect((await ledger()).filter((e) => e.amount === commission && e.currency === currency)).toHaveLength(1);
  });

  it.each([
    ['no signature', (n: ReturnType<FakeMercadoPago['notification']>) => ({ ...n, headers: { 'content-type': 'application/json' } })],
    ['a forged one', (n: ReturnType<FakeMercadoPago['notification']>) => ({ ...n, headers: { ...n.headers, 'x-signature': n.headers['x-signature']!.replace(/v1=(.)/, (_match: string, first: string) => `v1=${first === '0' ? '1' : '0'}`) } })],
    ['another request id than the one signed', (n: ReturnType<FakeMercadoPago['notification']>) => ({ ...n, headers: { ...n.headers, 'x-request-id': 'someone-else' } })],
    ['another payment in the query than the one signed', (n: ReturnType<FakeMercadoPago['notification']>) => ({ ...n, query: n.query.replace(/data\.id=\d+/, 'data.id=1') })],
  ])('refuses a notification with %s (400, nothing activated)', async (_name, tamper) => {
    const c = await client();
    const { preferenceId } = await checkout(c);
    const payment = await payLosingTheNotification(preferenceId);
    const response = await notify(tamper(mp.notification(payment.id)));
    expect(response.status).toBe(400);
    expect((await active(c)).isTrial).toBe(true);
  });

  it('refuses a notification signed more than 5 minutes ago, or with another secret', async () => {
    const c = await client();
    const { preferenceId } = await checkout(c);
    const payment = await payLosingTheNotification(preferenceId);
    expect((await notify(mp.notification(payment.id, { ageSeconds: 301 }))).status).toBe(400);
    expect((await notify(mp.notification(payment.id, { secret: 'not-the-secret' }))).status).toBe(400);
    expect((await active(c)).isTrial).toBe(true);
    expect((await notify(mp.notification(payment.id))).status).toBe(200); // the genuine one, late but fresh
    expect((await active(c)).isTrial).toBe(false);
  });

  it('activates once when Mercado Pago delivers the same payment twice at once', async () => {
    const c = await client();
    const { preferenceId } = await checkout(c);
    const payment = await payLosingTheNotification(preferenceId);
    const answers = await Promise.all([notify(mp.notification(payment.id)), notify(mp.notification(payment.id))]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect((await Promise.all(answers.map((a) => a.json() as Promise<{ outcome: string }>))).map((a) => a.outcome).sort()).toEqual(['activated', 'duplicate']);
  });

  it('activates nothing for a payment Mercado Pago reports pending, and closes the order of one it rejected', async () => {
    const c = await client();
    const pending = await checkout(c);
    await mp.pay(pending.preferenceId, { status: 'pending' });
    expect((await active(c)).isTrial).toBe(true);
    const rejected = await checkout(c);
    await mp.pay(rejected.preferenceId, { status: 'rejected' });
    expect((await active(c)).isTrial).toBe(true);
    const orders = await ordersOf(c);
    expect(orders.find((o) => o.id === pending.order.id)?.status).toBe('pending');
    expect(orders.find((o) => o.id === rejected.order.id)?.status).toBe('failed');
  });

  it('flags an approved payment of another amount or currency, for the admin, and activates nothing', async () => {
    const c = await client();
    const { order, preferenceId } = await checkout(c);
    await mp.pay(preferenceId, { amount: 1.19 });
    expect(await asAdminSees(order.id)).toMatchObject({ status: 'pending', flag: 'amount' });
    const second = await checkout(c);
    await mp.pay(second.preferenceId, { currency: 'ARS' });
    expect(await asAdminSees(second.order.id)).toMatchObject({ status: 'pending', flag: 'currency' });
    expect((await active(c)).isTrial).toBe(true);
  });

  it.each(['refunded', 'charged_back'] as const)('a payment Mercado Pago later reports %s ends the plan and takes the commission back', async (status) => {
    const c = await client();
    const { order, preferenceId } = await checkout(c);
    const { payment } = await mp.pay(preferenceId);
    const entries = (await ledger()).length;
    expect(await mp.update(payment.id, status)).toBe(200);
    expect((await active(c)).status).not.toBe('active');
    expect((await ordersOf(c)).find((o) => o.id === order.id)?.status).toBe('refunded');
    expect((await ledger()).filter((e) => e.status === 'cancelled').length).toBeGreaterThan(0);
    expect(await ledger()).toHaveLength(entries); // cancelled in place: it was still available
  });
});

describe('PIX without leaving the app (issue 18)', () => {
  it('gives a Brazilian client the QR code, its copy-and-paste text and expiry, then activates the plan once Mercado Pago says the PIX was paid', async () => {
    const c = await client('BR');
    const response = await c.post<{ order: OrderDto; pix: { qrCode: string; qrCodeBase64: string; expiresAt: string; expiresInSeconds: number } }>('/api/orders/pix', { planId: 'monthly' });
    expect(response.status).toBe(201);
    const { order, pix } = response.body;
    expect(order).toMatchObject({ amount: 1190, currency: 'BRL', provider: 'mercadopago', status: 'pending' });
    expect(pix.qrCode).toMatch(/^000201/);
    expect(pix.qrCodeBase64.length).toBeGreaterThan(20);
    expect(Date.parse(pix.expiresAt) - Date.now()).toBeGreaterThan(25 * 60_000);
    expect(pix.expiresInSeconds).toBeGreaterThan(25 * 60);
    const request = mp.requests.find((r) => r.path === '/v1/payments' && r.body.external_reference === order.id);
    expect(request).toMatchObject({ idempotencyKey: `order-${order.id}-pix`, body: expect.objectContaining({ payment_method_id: 'pix', transaction_amount: 11.9 }) });
    expect((await active(c)).isTrial).toBe(true);

    const payment = [...mp.payments.values()].find((p) => p.external_reference === order.id)!;
    expect(await mp.update(payment.id, 'approved')).toBe(200);
    expect(await active(c)).toMatchObject({ planId: 'monthly', price: 1190, currencyCode: 'BRL', isTrial: false });
    expect((await ordersOf(c)).find((o) => o.id === order.id)).toMatchObject({ status: 'paid', method: 'pix', receiptUrl: null });
  });

  it('is for reais only: an Argentine client is answered 409, and so is a plan in demo mode', async () => {
    const ar = await client('AR');
    expect((await ar.post<{ code: string }>('/api/orders/pix', { planId: 'monthly' })).body.code).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
    const pixOf = async (locale: string) => (await t.client({ locale }).get<{ plans: { pix: boolean }[] }>('/api/plans')).body.plans.map((p) => p.pix);
    expect(await pixOf('pt-BR')).toEqual([true, true, true]);
    expect(await pixOf('es-AR')).toEqual([false, false, false]);
  });
});

describe('Mercado Pago unreachable when its webhook arrives', () => {
  it('answers 502 so Mercado Pago delivers it again, and changes nothing', async () => {
    const down = await createTestApp({ env: { PAYMENTS_MODE: 'live', MERCADOPAGO_ACCESS_TOKEN: 'TEST-x', MERCADOPAGO_WEBHOOK_SECRET: 'down-secret', MERCADOPAGO_API_URL: 'http://127.0.0.1:9' } });
    try {
      const n = mp.notification(4242, { secret: 'down-secret' });
      const response = await down.app.request(`/api/payments/mercadopago/webhook${n.query}`, { method: 'POST', headers: n.headers, body: n.body });
      expect(response.status).toBe(502);
      expect(await response.json()).toMatchObject({ code: 'PAYMENT_PROVIDER_FAILED' });
    } finally {
      await down.close();
    }
  });
});

