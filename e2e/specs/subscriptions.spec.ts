import type { Page } from '@playwright/test';
import { expect, registerClient, test, type Locale } from '../fixtures.ts';

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');


async function openApp(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByTestId('sidebar-account')).toBeAttached({ timeout: 20_000 });
}

test('a new client gets the 24-hour trial, its banner, and the activation gate on the diet view', async ({ page, context, baseURL }) => {
  await registerClient(context.request, baseURL as string, { name: 'Paula Planos' });
  await openApp(page, '/dashboard');
  await expect(page.getByTestId('banner-activation')).toContainText('teste grátis de 24 horas', { timeout: 20_000 });
  await expect(page.getByTestId('banner-activation')).toContainText('que termina em 23 horas');
  const trial = await (await context.request.get('/api/subscriptions/active')).json();
  expect(trial.subscription).toMatchObject({ planId: 'trial', price: 0, status: 'active' });

  await page.goto('/diet');
  await expect(page.getByTestId('activation-gate')).toHaveAttribute('data-gate', 'trial');
  await expect(page.getByTestId('activation-gate')).toContainText('Dieta e treino chegam com o seu plano');
  // The server enforces it too.
  expect((await (await context.request.get('/api/my-diets')).json()).gate).toBe('trial');
  await page.getByTestId('gate-activate').click();
  await expect(page).toHaveURL(/\/plan-upgrade$/);
});

const PRICES: Record<Locale, { monthly: string; heading: string; active: string; plansLink: string }> = {
  'pt-BR': { monthly: 'R$ 11,90', heading: 'Meu Plano', active: 'Ativo', plansLink: 'Ver planos' },
  'es-AR': { monthly: '$ 11.500', heading: 'Mi Plan', active: 'Activo', plansLink: 'Ver planes' },
  'en-US': { monthly: '$9.99', heading: 'My Plan', active: 'Active', plansLink: 'See plans' },
};

for (const locale of Object.keys(PRICES) as Locale[]) {
  test(`in ${locale}, choosing a plan in demo mode activates it and My Plan shows its price`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({ locale });
    const page = await context.newPage();
    await registerClient(context.request, baseURL as string, { name: 'Paula Planos', countryCode: locale === 'es-AR' ? 'AR' : locale === 'en-US' ? 'US' : 'BR' });
    // The first signed-in load creates the trial and returns to /dashboard (SPEC §4); then choose a plan.
    await openApp(page, '/dashboard');
    await expect(page.getByTestId('banner-activation')).toBeVisible({ timeout: 20_000 });
    await page.getByRole('link', { name: PRICES[locale].plansLink }).first().click();
    await expect(page).toHaveURL(/\/plan-upgrade$/);
    await expect(page.getByTestId('plan-price-monthly')).toBeVisible();
    expect(plain(await page.getByTestId('plan-price-monthly').innerText())).toBe(PRICES[locale].monthly);
    await page.getByTestId('choose-monthly').click();
    await expect(page).toHaveURL(/\/subscription$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(PRICES[locale].heading);
    await expect(page.getByTestId('status-badge')).toHaveText(PRICES[locale].active, { timeout: 15_000 });
    expect(plain(await page.getByTestId('plan-price').innerText())).toBe(PRICES[locale].monthly);
    await expect(page.getByTestId('remaining-card')).toBeVisible();
    await expect(page.getByTestId('banner-activation')).toHaveCount(0);
    await context.close();
  });
}

test.describe('days remaining agree (issue 17, ADR 018)', () => {
  test.use({ timezoneId: 'America/Sao_Paulo' });

  test('a plan about to end shows the expiring warning with the countdown card’s number (browser clock moved forward)', async ({ page, context, baseURL }) => {
    await registerClient(context.request, baseURL as string, { name: 'Paula Planos' });
    await (await context.request.post('/api/subscriptions/trial', { headers: { origin: baseURL as string }, data: {} })).dispose();
    await (await context.request.post('/api/subscriptions', { headers: { origin: baseURL as string }, data: { planId: 'monthly' } })).dispose();
    await openApp(page, '/subscription');
    await expect(page.getByTestId('status-badge')).toHaveText('Ativo', { timeout: 15_000 });
    const { subscription } = await (await context.request.get('/api/subscriptions/active')).json();
    // Noon in São Paulo (UTC−3, no DST since 2019), four calendar days before the plan's last day.
    const lastDay = new Date(Date.parse(subscription.endDate) - 1 - 3 * 3600 * 1000).toISOString().slice(0, 10);
    await page.clock.setFixedTime(new Date(Date.parse(`${lastDay}T12:00:00-03:00`) - 4 * 24 * 3600 * 1000));
    await page.reload();
    await expect(page.getByTestId('banner-expiring')).toContainText('Seu plano vence em 4 dias', { timeout: 15_000 });
    await expect(page.getByTestId('remaining-card')).toContainText('4 dias');
    await expect(page.getByTestId('days-remaining')).toHaveText('4');
  });
});
