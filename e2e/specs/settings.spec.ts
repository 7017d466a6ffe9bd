import { readFileSync } from 'node:fs';
import { expect, registerClient, test, DEMO, DEMO_PASSWORD } from '../fixtures.ts';

test('export downloads everything about the user as JSON; a new account is deleted for good', async ({ page, context, baseURL }) => {
  test.setTimeout(90_000);
  const { email, password } = await registerClient(context.request, baseURL as string, { name: 'Sofia Settings', height: 160, currentWeight: 70, targetWeight: 62 });
  await page.goto('/dashboard');
  await expect(page.getByTestId('banner-activation')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('link', { name: 'Configurações' }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Configurações');

  const downloading = page.waitForEvent('download');
  await page.getByTestId('export-data').click();
  const download = await downloading;
  const exported = JSON.parse(readFileSync((await download.path()) as string, 'utf8'));
  expect(exported.client.email).toBe(email);
  expect(exported.localSettings.notifications).toBeDefined();
  await expect(page.getByTestId('toast')).toContainText('Exportação iniciada');

  await page.getByTestId('delete-account').click();
  await expect(page.getByRole('dialog')).toContainText('Sofia Settings');
  await page.getByTestId('delete-password').fill(password);
  await page.getByTestId('delete-confirm').click();
  await expect(page).toHaveURL(/\/login$/, { timeout: 20_000 });
  await expect(page.getByTestId('toast')).toContainText('sua conta foi excluída');
  const again = await context.request.post('/api/clients/login', { headers: { origin: baseURL as string }, data: { email, password } });
  expect(again.status()).toBe(401);
});

test('an account with an active paid plan cannot be deleted, with the SPEC message', async ({ page }) => {
  await page.goto('/login');
  await page.getByTestId('login-email').fill(DEMO.client.email);
  await page.getByTestId('login-password').fill(DEMO_PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/settings');
  await page.getByTestId('delete-account').click();
  await page.getByTestId('delete-password').fill(DEMO_PASSWORD);
  await page.getByTestId('delete-confirm').click();
  await expect(page.getByTestId('toast')).toContainText('Usuário não pode ser removido');
  await expect(page.getByTestId('toast')).toContainText('Este usuário possui plano ativo e não pode ser removido.');
});
