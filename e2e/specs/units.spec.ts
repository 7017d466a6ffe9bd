import { expect, openNewClientDashboard, registerClient, test } from '../fixtures.ts';
import { TrackingPage } from '../page-models/tracking-page.ts';

/** Issue 17 (2), ADR 020: a US client reads and types pounds; the server keeps kg that read back as typed. */
test.use({ locale: 'en-US', viewport: { width: 390, height: 844 } });

test('a US client logs 168.9 lb and reads pounds on the dashboard, progress and profile; Settings switches to kg on every screen and the account', async ({ page, context, baseURL }) => {
  test.setTimeout(90_000);
  // 170.3 lb and 5 ft 6 in, as the server keeps them.
  await registerClient(context.request, baseURL as string, { name: 'Uma Pound', countryCode: 'US', height: 167.6, currentWeight: 77.25, targetWeight: 68.04 });
  await openNewClientDashboard(page);
  const tracking = new TrackingPage(page);
  await tracking.waitUntilSynced();
  await expect(page.getByTestId('current-weight')).toHaveText('170.3 lb');

  await page.getByTestId('record-weight').first().click();
  await expect(page.getByLabel('Weight (lb)')).toBeVisible();
  await page.getByTestId('weight-input').fill('168.9');
  await page.getByTestId('weight-save').click();
  await expect(page.getByTestId('toast')).toContainText('168.9 lb logged.');
  await expect(page.getByTestId('current-weight')).toHaveText('168.9 lb');
  await expect(page.getByText('18.9 lb to your goal')).toBeVisible(); // 150 lb

  await page.goto('/progress');
  await expect(page.getByTestId('weight-history')).toContainText('168.9 lb', { timeout: 15_000 });
  await expect(page.getByTestId('initial-weight')).toHaveText('170.3 lb');
  await expect(page.getByTestId('stat-weight-lost')).toContainText('1.4 lb');

  await page.goto('/profile');
  await expect(page.getByTestId('profile-view')).toContainText('5 ft 6 in', { timeout: 15_000 });
  await expect(page.getByTestId('profile-view')).toContainText('168.9 lb');
  await tracking.waitUntilSynced();
  const before = (await (await context.request.get('/api/clients/me')).json()).client;
  expect(before).toMatchObject({ unitSystem: 'us', currentWeight: 76.61, startingWeight: 77.25 });

  await page.goto('/settings');
  await page.locator('#settings-units').click();
  await page.getByRole('option', { name: 'Metric (kg, cm)' }).click();
  await expect(page.locator('#settings-units')).toHaveText('Metric (kg, cm)');
  await tracking.waitUntilSynced();
  expect((await (await context.request.get('/api/clients/me')).json()).client.unitSystem).toBe('metric');
  await page.goto('/profile');
  await expect(page.getByTestId('profile-view')).toContainText('167.6 cm', { timeout: 15_000 });
  await expect(page.getByTestId('profile-view')).toContainText('76.6 kg');
});
