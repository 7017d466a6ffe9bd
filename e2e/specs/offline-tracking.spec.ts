import { expect, openNewClientDashboard, registerClient, serviceWorkerInControl, setOnline, signInThroughLogin, test } from '../fixtures.ts';
import { TrackingPage } from '../page-models/tracking-page.ts';

const OLIVIA = { name: 'Olívia Offline', height: 168, currentWeight: 84, targetWeight: 72 };

test('offline at the gym: weights and habits are kept across a reload and reach the server exactly once', async ({ page, context, baseURL }) => {
  await registerClient(context.request, baseURL as string, OLIVIA); // signs this browser in
  await openNewClientDashboard(page);
  const tracking = new TrackingPage(page);
  await serviceWorkerInControl(page);
  await tracking.waitUntilSynced();

  await setOnline(context, [page], false);
  await tracking.reopen(); // the app renders from the cache, signed in
  await expect(tracking.syncStatus()).toHaveAttribute('data-state', 'offline');

  await tracking.recordWeight('84,2'.replace(',', '.'), 'em jejum');
  await expect(page.getByTestId('toast')).toContainText('Peso Registrado!');
  await tracking.recordWeight('83.9');
  await tracking.recordWeight('83.7');

  await page.getByTestId('toggle-workout').check();
  await page.getByTestId('toggle-diet').check();
  await tracking.setLevel('mood', 4);
  await expect(page.getByTestId('unsaved-flag')).toBeVisible();
  await expect(page.getByTestId('points-today')).toHaveText('3 de 3 pontos hoje');
  await page.getByTestId('save-progress').click();
  await expect(page.getByRole('dialog', { name: 'Parabéns!' })).toBeVisible();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByTestId('day-complete-banner')).toBeVisible();

  // Still offline: everything survives a reload, waiting to be sent.
  await tracking.reopen();
  await expect(page.getByTestId('toggle-workout')).toBeChecked();
  await expect(page.getByTestId('toggle-diet')).toBeChecked();
  await expect(page.getByTestId('slider-mood')).toHaveAttribute('aria-valuenow', '4');
  await expect(page.getByTestId('day-complete-banner')).toBeVisible();
  await expect.poll(() => tracking.pending()).toBeGreaterThanOrEqual(4);
  await expect(tracking.syncStatus()).toContainText(/\d+ não sincronizadas/);
  await page.goto('/progress');
  await expect(page.getByTestId('total-records')).toHaveText('3');

  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await tracking.waitUntilSynced();

  const records = await (await context.request.get('/api/weight-records')).json();
  expect(records.weightRecords.map((r: { weight: number }) => r.weight).sort()).toEqual([83.7, 83.9, 84.2]);
  expect(new Set(records.weightRecords.map((r: { id: string }) => r.id)).size).toBe(3);
  expect(records.weightRecords.find((r: { weight: number }) => r.weight === 84.2).notes).toBe('em jejum');
  const { progress } = await (await context.request.get(`/api/daily-progress?timeZone=${encodeURIComponent(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone))}`)).json();
  expect(progress).toMatchObject({ workoutCompleted: true, dietFollowed: true, mood: 4, energy: 3, isCompleted: true });

  // A second sync sends nothing again: still exactly three.
  await page.reload();
  await tracking.waitUntilSynced();
  expect((await (await context.request.get('/api/weight-records')).json()).weightRecords).toHaveLength(3);
});

test('two devices edit mood offline and converge on the later write', async ({ browser, baseURL }) => {
  const phone = await browser.newContext({ locale: 'pt-BR' });
  const laptop = await browser.newContext({ locale: 'pt-BR' });
  const { email, password } = await registerClient(phone.request, baseURL as string, OLIVIA);
  const phonePage = await phone.newPage();
  const laptopPage = await laptop.newPage();
  await openNewClientDashboard(phonePage);
  await signInThroughLogin(laptopPage, email, password);
  const onPhone = new TrackingPage(phonePage);
  const onLaptop = new TrackingPage(laptopPage);
  await onPhone.waitUntilSynced();
  await onLaptop.waitUntilSynced();

  await setOnline(phone, [phonePage], false);
  await setOnline(laptop, [laptopPage], false);
  await onPhone.setLevel('mood', 2);
  await phonePage.getByTestId('save-progress').click();
  await expect.poll(() => onPhone.pending()).toBe(1);
  await laptopPage.waitForTimeout(50); // the laptop's edit comes later
  await onLaptop.setLevel('mood', 5);
  await laptopPage.getByTestId('save-progress').click();
  await expect.poll(() => onLaptop.pending()).toBe(1);

  // The later write reaches the server first; the earlier one must not overwrite it.
  await laptop.setOffline(false);
  await laptopPage.evaluate(() => window.dispatchEvent(new Event('online')));
  await onLaptop.waitUntilSynced();
  await phone.setOffline(false);
  await phonePage.evaluate(() => window.dispatchEvent(new Event('online')));
  await onPhone.waitUntilSynced();

  await expect(onPhone.page.getByTestId('slider-mood')).toHaveAttribute('aria-valuenow', '5');
  await onLaptop.reopen();
  await expect(onLaptop.page.getByTestId('slider-mood')).toHaveAttribute('aria-valuenow', '5');
  // The device's calendar day, which may differ from the server's Brazilian day near midnight.
  const timeZone = await phonePage.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const { progress } = await (await phone.request.get(`/api/daily-progress?timeZone=${encodeURIComponent(timeZone)}`)).json();
  expect(progress.mood).toBe(5);
  await phone.close();
  await laptop.close();
});

test('an expired session keeps the unsent changes and asks to sign in again; they are sent after', async ({ page, context, baseURL }) => {
  const { email, password } = await registerClient(context.request, baseURL as string, OLIVIA);
  await openNewClientDashboard(page);
  const tracking = new TrackingPage(page);
  await tracking.waitUntilSynced();

  await setOnline(context, [page], false);
  await tracking.recordWeight('91.3');
  await expect.poll(() => tracking.pending()).toBe(1);
  // The session ends on the server while the phone is offline (e.g. it expired).
  await (await context.request.post('/api/clients/logout', { headers: { origin: baseURL as string } })).dispose();
  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));

  await expect(page.getByRole('dialog', { name: 'Sessão expirada' })).toBeVisible({ timeout: 20_000 });
  await page.getByTestId('sign-in-again').click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await tracking.waitUntilSynced();
  const records = await (await context.request.get('/api/weight-records')).json();
  expect(records.weightRecords.map((r: { weight: number }) => r.weight)).toEqual([91.3]);
});

test('the next person on the same browser never sees the previous one’s data', async ({ page, context, baseURL }) => {
  await registerClient(context.request, baseURL as string, OLIVIA);
  await openNewClientDashboard(page);
  const tracking = new TrackingPage(page);
  await tracking.recordWeight('77.7');
  await tracking.waitUntilSynced();
  await page.getByTestId('header-logout').click();
  await expect(page).toHaveURL(/\/login$/);
  // Nothing of the first user is left in this browser's storage.
  const stored = await page.evaluate(async () => ({ databases: (await indexedDB.databases()).map((d) => d.name), session: localStorage.getItem('leve.session') }));
  expect(stored.databases.filter((name) => name?.startsWith('leve-user-'))).toEqual([]);
  expect(stored.session).toBeNull();

  const second = await registerClient(context.request, baseURL as string, OLIVIA);
  await openNewClientDashboard(page);
  await page.goto('/progress');
  await expect(page.getByTestId('total-records')).toHaveText('0');
  await expect(page.getByTestId('sidebar-account')).toContainText(second.email);
});
