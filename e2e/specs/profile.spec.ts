import { expect, registerClient, test } from '../fixtures.ts';


test('the profile is edited offline, kept across a reload, and reaches the server; Cancel resets', async ({ page, context, baseURL }) => {
  await registerClient(context.request, baseURL as string, { name: 'Pedro Perfil', height: 180, currentWeight: 95, targetWeight: 85 });
  // The first signed-in load creates the trial and lands on /dashboard (SPEC §4).
  await page.goto('/dashboard');
  await expect(page.getByTestId('banner-activation')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('link', { name: 'Perfil' }).first().click();
  await expect(page.getByTestId('profile-view')).toContainText('Pedro Perfil', { timeout: 20_000 });
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-pending', '0', { timeout: 20_000 });
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 15_000 }).toBe(true);

  // Cancel throws the edits away.
  await page.getByTestId('profile-edit').click();
  await page.locator('#profile-name').fill('Nome Descartado');
  await page.getByTestId('profile-cancel').click();
  await expect(page.getByTestId('profile-view')).toContainText('Pedro Perfil');

  // A rule of SPEC §5 is shown in the form.
  await page.getByTestId('profile-edit').click();
  await page.locator('#profile-height').fill('99');
  await page.getByTestId('profile-save').click();
  await expect(page.locator('#profile-height-helper-text')).toHaveText('A altura deve ser maior que 100cm');

  await context.setOffline(true);
  await page.evaluate(() => window.dispatchEvent(new Event('offline')));
  await page.locator('#profile-height').fill('181');
  await page.locator('#profile-name').fill('Pedro P. Perfil');
  await page.getByTestId('profile-save').click();
  await expect(page.getByTestId('toast')).toContainText('Perfil atualizado');
  await expect(page.getByTestId('profile-view')).toContainText('Pedro P. Perfil');
  await page.reload();
  await expect(page.getByTestId('profile-view')).toContainText('Pedro P. Perfil');
  await expect(page.getByTestId('profile-view')).toContainText('181 cm');

  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-pending', '0', { timeout: 20_000 });
  const { client } = await (await context.request.get('/api/clients/me')).json();
  expect(client).toMatchObject({ name: 'Pedro P. Perfil', height: 181, currentWeight: 95 });
});

test('an emptied phone is removed from the account', async ({ page, context, baseURL }) => {
  await registerClient(context.request, baseURL as string, { name: 'Fábio Fone', phone: '+55 11 95555-4444' });
  // The first signed-in load creates the trial and lands on /dashboard (SPEC §4).
  await page.goto('/dashboard');
  await expect(page.getByTestId('banner-activation')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('link', { name: 'Perfil' }).first().click();
  await expect(page.getByTestId('profile-view')).toContainText('+55 11 95555-4444', { timeout: 20_000 });
  await page.getByTestId('profile-edit').click();
  await page.locator('#profile-phone').fill('');
  await page.getByTestId('profile-save').click();
  await expect(page.getByTestId('profile-view')).not.toContainText('+55 11 95555-4444');
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-pending', '0', { timeout: 20_000 });
  const { client } = await (await context.request.get('/api/clients/me')).json();
  expect(client.phone).toBeNull();
});
