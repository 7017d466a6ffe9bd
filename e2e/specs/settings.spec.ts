import { readFileSync } from 'node:fs';
import { expect, registerClient, test, DEMO, DEMO_PASSWORD } from '../fixtures.ts';

test('export downloads everything about the user as JSON; a new account is deleted for good', async ({ page, context, baseURL }) => {
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
  // What the person is told is on their profile (issue 50); what stays on the device is exported as kept there.
  expect(exported.client).toMatchObject({ notices: {}, weighInTime: null, quietStart: null });
  expect(exported.localSettings.notifications).toBeUndefined();
  expect(exported.localSettings.privacy).toBeDefined();
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

test('a password change in Settings signs the other browser out, and the new password is the one that works', async ({ browser, baseURL }) => {
  const laptop = await browser.newContext({ locale: 'pt-BR' });
  const { email, password } = await registerClient(laptop.request, baseURL as string, { name: 'Paula Senha' });
  const phone = await browser.newContext({ locale: 'pt-BR', userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Version/18.1 Mobile/15E148 Safari/604.1' });
  expect((await phone.request.post('/api/clients/login', { headers: { origin: baseURL as string }, data: { email, password } })).status()).toBe(200);

  const page = await laptop.newPage();
  // The first visit starts the trial and lands on the dashboard; then to Settings.
  await page.goto('/dashboard');
  await expect(page.getByTestId('banner-activation')).toBeVisible({ timeout: 20_000 });
  await page.goto('/settings');
  const sessions = page.getByTestId('session');
  await expect(sessions).toHaveCount(2, { timeout: 20_000 });
  await expect(sessions.filter({ hasText: 'Safari · iOS' })).toHaveCount(1);
  await expect(sessions.filter({ hasText: 'Este dispositivo' })).toHaveCount(1);

  await page.getByTestId('security-currentPassword').fill(password);
  await page.getByTestId('security-newPassword').fill('nova-senha-9');
  await page.getByTestId('security-confirmPassword').fill('nova-senha-9');
  await page.getByTestId('password-submit').click();
  await expect(page.getByTestId('toast')).toContainText('Senha alterada com sucesso!');
  await expect(sessions).toHaveCount(1);
  expect((await phone.request.get('/api/clients/me')).status()).toBe(401);

  // This browser stays signed in with its new token.
  await page.reload();
  await expect(page.getByTestId('password-form')).toBeVisible({ timeout: 20_000 });
  const login = (pass: string) => browser.newContext().then((c) => c.request.post(`${baseURL}/api/clients/login`, { headers: { origin: baseURL as string }, data: { email, password: pass } }));
  expect((await login(password)).status()).toBe(401);
  expect((await login('nova-senha-9')).status()).toBe(200);
  await Promise.all([laptop.close(), phone.close()]);
});

test('the language chosen in Settings is the one shown, and is saved: the server and the other device follow (issue 17)', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const laptop = await browser.newContext({ locale: 'pt-BR' });
  const { email, password } = await registerClient(laptop.request, baseURL as string, { name: 'Lia Idioma' });
  const phone = await browser.newContext({ locale: 'pt-BR' });
  expect((await phone.request.post('/api/clients/login', { headers: { origin: baseURL as string }, data: { email, password } })).status()).toBe(200);
  const onPhone = await phone.newPage();
  await onPhone.goto('/dashboard');
  await expect(onPhone.getByText('Olá, Lia!')).toBeVisible({ timeout: 20_000 });

  const page = await laptop.newPage();
  await page.goto('/settings');
  await expect(page.locator('#settings-language option')).toHaveText(['Português (BR)', 'Español (AR)', 'English (US)']);
  await page.locator('#settings-language').selectOption({ label: 'English (US)' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');
  await expect(page.locator('#settings-language option:checked')).toHaveText('English (US)');
  await expect.poll(async () => ((await (await laptop.request.get('/api/clients/me')).json()) as { client: { preferredLanguage: string } }).client.preferredLanguage, { timeout: 20_000 }).toBe('en-US');

  // The phone pulls the profile when it comes back to the app, and speaks the new language.
  await onPhone.reload();
  await expect(onPhone.getByText('Hi, Lia!')).toBeVisible({ timeout: 20_000 });
  await expect(onPhone.locator('html')).toHaveAttribute('lang', 'en-US');
  await Promise.all([laptop.close(), phone.close()]);
});
