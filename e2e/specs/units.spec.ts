import { expect, test } from '../fixtures.ts';
import { TrackingPage } from '../page-models/tracking-page.ts';

/** Issue 17 (2), ADR 020: a US client reads and types pounds; the server keeps kg that read back as typed. */
test.use({ locale: 'en-US', viewport: { width: 390, height: 844 } });

test('a US visitor registers in pounds and feet, logs 168.9 lb and reads pounds on the dashboard, progress and profile; Settings switches to kg on every screen and the account', async ({ page, context }) => {
  await page.goto('/cadastro');
  await page.locator('#name').fill('Uma Pound');
  await page.locator('#email').fill(`units.${Date.now().toString(36)}@example.com`);
  await page.locator('#password').fill('senha-forte-1');
  await page.getByTestId('register-next').click();
  await expect(page.locator('#register-units option:checked')).toHaveText('US (lb, ft and in)');
  await page.getByLabel('Current weight (lb)').fill('170.3');
  await page.locator('#heightFeet').fill('5');
  await page.locator('#heightInches').fill('6');
  await page.getByTestId('register-next').click();
  await page.getByLabel('Target weight (lb)').fill('150');
  await expect(page.getByLabel('Weekly goal (lb per week)')).toHaveValue('1');
  await expect(page.getByTestId('weight-difference')).toHaveText('20.3 lb');
  await page.getByTestId('register-submit').click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
  await expect(page.getByTestId('banner-activation')).toBeVisible({ timeout: 20_000 });
  const registered = (await (await context.request.get('/api/clients/me')).json()).client;
  expect(registered).toMatchObject({ unitSystem: 'us', currentWeight: 77.25, height: 167.6, targetWeight: 68.04, weeklyWeightGoal: 0.45 });
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
  await page.locator('#settings-units').selectOption({ label: 'Metric (kg, cm)' });
  await expect(page.locator('#settings-units option:checked')).toHaveText('Metric (kg, cm)');
  // The change is queued once the profile's mutator has loaded (a chunk of its own, fetched on a
  // first profile change): until then nothing waits, so the server is asked until it has it.
  await expect.poll(async () => (await (await context.request.get('/api/clients/me')).json()).client.unitSystem, { timeout: 20_000 }).toBe('metric');
  await tracking.waitUntilSynced();
  await page.goto('/profile');
  await expect(page.getByTestId('profile-view')).toContainText('167.6 cm', { timeout: 15_000 });
  await expect(page.getByTestId('profile-view')).toContainText('76.6 kg');
});
