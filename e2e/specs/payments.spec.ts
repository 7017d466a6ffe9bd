import { startFakeMercadoPago, type FakeMercadoPago } from '../../api/test/fake-mercadopago.ts';
import { startFakeStripe, postTo, type FakeStripe } from '../../api/test/fake-stripe.ts';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { E2E_MERCADOPAGO_WEBHOOK_SECRET, E2E_STRIPE_WEBHOOK_SECRET, livePaymentsPorts } from '../secrets.ts';

/**
 * Issue 18 (ADR 021): a client pays a plan at the checkout of their country's provider — Stripe in
 * the US, Mercado Pago in Brazil and Argentina — and comes back to it active. The run's second
 * server is in live payments mode against local fakes of both APIs, which serve the checkout pages
 * and send the signed webhooks.
 */
const ports = livePaymentsPorts();
const base = `http://localhost:${ports.server}`;
test.use({ baseURL: base, locale: 'en-US', viewport: { width: 390, height: 844 } });
test.describe.configure({ mode: 'serial' });

let stripe: FakeStripe;
let mercadopago: FakeMercadoPago;
test.beforeAll(async () => {
  stripe = await startFakeStripe({ port: ports.stripe, webhookSecret: E2E_STRIPE_WEBHOOK_SECRET });
  stripe.deliverTo(postTo(`${base}/api/payments/stripe/webhook`));
  mercadopago = await startFakeMercadoPago({ port: ports.mercadopago, webhookSecret: E2E_MERCADOPAGO_WEBHOOK_SECRET });
  mercadopago.deliverTo((url, body, headers) => fetch(url, { method: 'POST', headers, body }));
});
test.afterAll(async () => {
  await stripe.close();
  await mercadopago.close();
});

const password = 'senha-forte-1';
async function registerOnTrial(page: Page, country: 'US' | 'BR' | 'AR', referralCode?: string) {
  const data = { name: 'Paula Pagante', email: `pay.${country}.${Date.now().toString(36)}@example.com`, password, height: 165, currentWeight: 80, targetWeight: 70, weeklyWeightGoal: 0.5, countryCode: country, ...(referralCode && { referralCode }) };
  expect((await page.context().request.post('/api/clients/register', { headers: { origin: base }, data })).status()).toBe(201);
  await page.goto('/dashboard');
  await expect(page.getByTestId('banner-activation')).toBeVisible({ timeout: 20_000 });
}

test('a referred client on trial pays the monthly plan at Stripe’s checkout, comes back to it active at $9.99, and the trainer sees the 70%', async ({ page, playwright }) => {
  const trainer = await playwright.request.newContext({ baseURL: base });
  expect((await trainer.post('/api/teachers/register', { headers: { origin: base }, data: { countryCode: 'US', name: 'Pat Trainer', email: `pat.${Date.now().toString(36)}@example.com`, phone: '+1 415 555 0101', password, confirmPassword: password } })).status()).toBe(201);
  const [link] = ((await (await trainer.get('/api/teacher/referral-links')).json()) as { referralLinks: { code: string }[] }).referralLinks;

  await registerOnTrial(page, 'US', link?.code);

  await page.goto('/plan-upgrade');
  await page.getByTestId('plan-monthly').getByRole('button', { name: 'Choose plan' }).click();
  await expect(page).toHaveURL(new RegExp(`^http://127.0.0.1:${ports.stripe}/checkout/cs_test_`), { timeout: 20_000 });
  await expect(page.getByTestId('fake-checkout-amount')).toHaveText('999 usd');
  await page.getByTestId('fake-checkout-pay').click();

  await expect(page).toHaveURL(/\/subscription\?order=/, { timeout: 20_000 });
  await expect(page.getByTestId('plan-name')).toHaveText('Monthly', { timeout: 20_000 });
  await expect(page.getByTestId('plan-price')).toHaveText('$9.99');
  await expect(page.getByTestId('payment-row')).toContainText('Paid');
  await expect(page.getByTestId('payment-pending')).toHaveCount(0);
  await expect(page.getByTestId('payment-receipt')).toHaveAttribute('href', new RegExp(`^http://127.0.0.1:${ports.stripe}/receipts/ch_`));
  await page.screenshot({ path: 'test-results/screens/subscription-paid-en-US.png', fullPage: true });

  const ledger = ((await (await trainer.get('/api/teacher/ledger')).json()) as { ledger: { amount: number; currency: string }[] }).ledger;
  expect(ledger).toEqual([expect.objectContaining({ amount: 699, currency: 'USD' })]);
  await trainer.dispose();
});

for (const { locale, country, choose, amount, price, planName, paid } of [
  { locale: 'pt-BR', country: 'BR', choose: 'Escolher plano', amount: '11.9 BRL', price: /R\$\s11,90/, planName: 'Mensal', paid: 'Pago' },
  { locale: 'es-AR', country: 'AR', choose: 'Elegir plan', amount: '11500 ARS', price: /\$\s11\.500/, planName: 'Mensual', paid: 'Pagado' },
] as const) {
  test.describe(`in ${locale}`, () => {
    test.use({ locale });
    test(`a client on trial pays the monthly plan at Mercado Pago’s checkout and comes back to it active at its price in ${country}`, async ({ page }) => {
      await registerOnTrial(page, country);
      await page.goto('/plan-upgrade');
      await page.getByTestId('plan-monthly').getByRole('button', { name: choose }).click();
      await expect(page).toHaveURL(new RegExp(`^http://127.0.0.1:${ports.mercadopago}/checkout/v1/redirect\\?pref_id=`), { timeout: 20_000 });
      await expect(page.getByTestId('fake-mp-amount')).toHaveText(amount);
      await page.getByTestId('fake-mp-pay').click();
      await expect(page).toHaveURL(/\/subscription\?order=/, { timeout: 20_000 });
      await expect(page.getByTestId('plan-name')).toHaveText(planName, { timeout: 20_000 });
      await expect(page.getByTestId('plan-price')).toHaveText(price);
      await expect(page.getByTestId('payment-row')).toContainText(paid);
      await page.screenshot({ path: `test-results/screens/subscription-paid-${locale}.png`, fullPage: true });
    });
  });
}

test.describe('in pt-BR, PIX', () => {
  test.use({ locale: 'pt-BR' });
  test('a Brazilian client pays by PIX without leaving the app: QR code, copy-and-paste code, countdown, and the plan turns on by itself when Mercado Pago confirms', async ({ page }) => {
    await registerOnTrial(page, 'BR');
    await page.goto('/plan-upgrade');
    await page.getByTestId('pix-monthly').click();
    await expect(page.getByTestId('pix-qr')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('pix-code')).toHaveValue(/^000201/);
    await expect(page.getByTestId('pix-expires')).toHaveText(/^O código expira em (30:00|29:\d\d)$/);
    await page.screenshot({ path: 'test-results/screens/pix-pt-BR.png' });
    const code = await page.getByTestId('pix-code').inputValue();
    const payment = [...mercadopago.payments.values()].find((p) => p.point_of_interaction?.transaction_data.qr_code === code);
    if (!payment) throw new Error('the fake holds the PIX the page shows');
    // The client pays in the bank's app; Mercado Pago tells the server.
    expect(await mercadopago.update(payment.id, 'approved')).toBe(200);
    await expect(page).toHaveURL(/\/subscription$/, { timeout: 20_000 });
    await expect(page.getByTestId('plan-name')).toHaveText('Mensal', { timeout: 20_000 });
    await expect(page.getByTestId('plan-price')).toHaveText(/R\$\s11,90/);
  });
});

