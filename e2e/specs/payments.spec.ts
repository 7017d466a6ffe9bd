import { startFakeStripe, postTo, type FakeStripe } from '../../api/test/fake-stripe.ts';
import { expect, test } from '../fixtures.ts';
import { E2E_STRIPE_WEBHOOK_SECRET, livePaymentsPorts } from '../secrets.ts';

/**
 * Issue 18 (ADR 021): a client in the US pays a plan at Stripe's checkout and comes back to it
 * active. The run's second server is in live payments mode with Stripe configured against a local
 * fake of Stripe's API, which serves the checkout page and sends the signed webhook.
 */
const ports = livePaymentsPorts();
const base = `http://localhost:${ports.server}`;
test.use({ baseURL: base, locale: 'en-US', viewport: { width: 390, height: 844 } });
test.describe.configure({ mode: 'serial' });

let stripe: FakeStripe;
test.beforeAll(async () => {
  stripe = await startFakeStripe({ port: ports.stripe, webhookSecret: E2E_STRIPE_WEBHOOK_SECRET });
  stripe.deliverTo(postTo(`${base}/api/payments/stripe/webhook`));
});
test.afterAll(async () => stripe.close());

test('a referred client on trial pays the monthly plan at Stripe’s checkout, comes back to it active at $9.99, and the trainer sees the 70%', async ({ page, playwright }) => {
  test.setTimeout(90_000);
  const trainer = await playwright.request.newContext({ baseURL: base });
  const password = 'senha-forte-1';
  expect((await trainer.post('/api/teachers/register', { headers: { origin: base }, data: { countryCode: 'US', name: 'Pat Trainer', email: `pat.${Date.now().toString(36)}@example.com`, phone: '+1 415 555 0101', password, confirmPassword: password } })).status()).toBe(201);
  const [link] = ((await (await trainer.get('/api/teacher/referral-links')).json()) as { referralLinks: { code: string }[] }).referralLinks;

  const client = page.context().request;
  expect((await client.post('/api/clients/register', { headers: { origin: base }, data: { name: 'Paige Payer', email: `paige.${Date.now().toString(36)}@example.com`, password, height: 165, currentWeight: 80, targetWeight: 70, weeklyWeightGoal: 0.5, countryCode: 'US', referralCode: link?.code } })).status()).toBe(201);
  await page.goto('/dashboard');
  await expect(page.getByTestId('banner-activation')).toBeVisible({ timeout: 20_000 });

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

  const ledger = ((await (await trainer.get('/api/teacher/ledger')).json()) as { ledger: { amount: number; currency: string }[] }).ledger;
  expect(ledger).toEqual([expect.objectContaining({ amount: 699, currency: 'USD' })]);
  await trainer.dispose();
});
