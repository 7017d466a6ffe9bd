import { request as playwrightRequest } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, LOCALES, expect, registerClient, test } from '../fixtures.ts';

/**
 * Live updates (issue 19, part 6; ADR 023): a client with the app open sees what staff publish
 * within seconds, with no write of their own and no reload.
 */
for (const locale of LOCALES) {
  test(`${locale}: a client on the dashboard sees the diet staff just published, and its notification, within 5 s and without a reload`, async ({ browser, baseURL }, testInfo) => {
    const origin = baseURL as string;
    const context = await browser.newContext({ locale, viewport: { width: 390, height: 844 } });
    const { email } = await registerClient(context.request, origin, { name: 'Lia Ao Vivo' });
    expect((await context.request.post('/api/subscriptions', { headers: { origin }, data: { planId: 'monthly' } })).status()).toBe(201);
    const page = await context.newPage();
    await page.goto('/dashboard');
    // The app runs (the card shows from the server's page before it does, busy until the day is read).
    await expect(page.getByTestId('daily-tracking')).toHaveAttribute('aria-busy', 'false', { timeout: 20_000 });
    await expect(page.getByTestId('my-diet')).toBeVisible();
    await expect(page.getByTestId('my-diet')).not.toContainText('Dieta ao vivo');
    let navigations = 0;
    page.on('framenavigated', (frame) => void (frame === page.mainFrame() && navigations++));

    const staff = await playwrightRequest.newContext({ baseURL: origin, extraHTTPHeaders: { origin } });
    expect((await staff.post('/api/clients/login', { data: { email: DEMO.admin.email, password: DEMO_PASSWORD } })).status()).toBe(200);
    const { users } = (await (await staff.get('/api/teacher-admin/users')).json()) as { users: { id: string; email: string }[] };
    const client = users.find((u) => u.email === email);
    expect(client).toBeDefined();
    const diet = {
      title: 'Dieta ao vivo',
      description: 'Publicada com o app aberto',
      dailyCalories: 1700,
      macros: { protein: 120, carbs: 170, fat: 55 },
      meals: 'Café da manhã (07:00 - 400 kcal)\nAlimentos: Ovos, Pão integral\nPreparo: Ovos mexidos',
    };
    const created = await staff.post(`/api/admin/users/${client!.id}/diet`, { data: diet });
    expect(created.status()).toBe(201);
    const { diet: draft } = (await created.json()) as { diet: { id: string } };
    const publishedAt = Date.now();
    expect((await staff.post(`/api/teacher-admin/diet/${draft.id}/publish`)).status()).toBe(200);

    await expect(page.getByTestId('my-diet')).toContainText('Dieta ao vivo', { timeout: 5_000 });
    await expect(page.getByTestId('notifications-badge')).toContainText('1');
    expect(Date.now() - publishedAt).toBeLessThan(5_000);
    expect(navigations).toBe(0);
    await testInfo.attach(`dashboard-after-publish-${locale}`, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
    await staff.dispose();
    await context.close();
  });
}
