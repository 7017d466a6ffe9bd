import { expect, openNewClientDashboard, registerClient, test } from '../fixtures.ts';
import { TrackingPage } from '../page-models/tracking-page.ts';

/** Issue 17 (3): the registration weight is the starting point; the latest record is the current weight everywhere (ADR 018). */
test('a client registered at 91 kg who logs 90,5 sees 0,5 kg lost from 91 kg, and 90,5 kg on the profile and in the API', async ({ page, context, baseURL }) => {
  await registerClient(context.request, baseURL as string, { name: 'Nina Figura', height: 168, currentWeight: 91, targetWeight: 76 });
  await openNewClientDashboard(page);
  const tracking = new TrackingPage(page);
  await tracking.waitUntilSynced();
  await tracking.recordWeight('90,5');
  await expect(page.getByTestId('toast')).toContainText('Peso Registrado!');
  await expect(page.getByTestId('current-weight')).toHaveText('90,5 kg');

  await page.getByRole('link', { name: 'Progresso' }).first().click();
  await expect(page.getByTestId('stat-weight-lost')).toContainText('0,5 kg', { timeout: 15_000 });
  await expect(page.getByTestId('initial-weight')).toHaveText('91 kg');
  await expect(page.getByTestId('weight-history')).toContainText('90,5 kg');
  await expect(page.getByText('Você ainda não registrou nenhum peso.')).toHaveCount(0);

  await page.getByRole('link', { name: 'Perfil' }).first().click();
  await expect(page.getByTestId('profile-view')).toContainText('90,5 kg', { timeout: 15_000 });
  await page.getByTestId('profile-edit').click();
  await page.locator('#profile-name').fill('Nina F. Figura');
  await page.getByTestId('profile-save').click();
  await expect(page.getByTestId('profile-view')).toContainText('Nina F. Figura');
  await tracking.waitUntilSynced();
  const { client } = await (await context.request.get('/api/clients/me')).json();
  expect(client).toMatchObject({ name: 'Nina F. Figura', currentWeight: 90.5, startingWeight: 91 });
});
