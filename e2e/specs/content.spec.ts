import type { BrowserContext, Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expect, openNewClientDashboard, registerClient, signInAsDemoClient, test, type Locale } from '../fixtures.ts';
import { TrackingPage } from '../page-models/tracking-page.ts';

/** Intl puts no-break spaces in numbers and percentages ('21 %' in es-AR). */
const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

const TEXT: Record<
  Locale,
  { greeting: string; weight: string; calories: string; supper: string; macro: string; breakfast: string; food: string; diet: string; workoutToday: string; restDay: string; tabs: [string, string, string]; details: string; fullPlan: string }
> = {
  'pt-BR': {
    greeting: 'Olá, Carla!',
    weight: '78,4 kg',
    calories: '1.650 kcal',
    supper: 'Ceia',
    macro: 'Proteínas 24 g',
    breakfast: 'Café da manhã',
    food: '2 ovos mexidos',
    diet: 'Minha Dieta',
    workoutToday: 'Treino de hoje',
    restDay: 'Não há treino para hoje',
    tabs: ['Notificações', 'Minhas Dietas', 'Meus Treinos'],
    details: 'Macronutrientes',
    fullPlan: 'Ver Plano Completo',
  },
  'es-AR': {
    greeting: '¡Hola, Carla!',
    weight: '78,4 kg',
    calories: '1.650 kcal',
    supper: 'Colación nocturna',
    macro: 'Proteínas 24 g',
    breakfast: 'Desayuno',
    food: '2 huevos revueltos',
    diet: 'Mi Dieta',
    workoutToday: 'Entrenamiento de hoy',
    restDay: 'Hoy no hay entrenamiento',
    tabs: ['Notificaciones', 'Mis Dietas', 'Mis Entrenamientos'],
    details: 'Macronutrientes',
    fullPlan: 'Ver Plan Completo',
  },
  'en-US': {
    greeting: 'Hi, Carla!',
    weight: '78.4 kg',
    calories: '1,650 kcal',
    supper: 'Supper',
    macro: 'Protein 24 g',
    breakfast: 'Breakfast',
    food: '2 scrambled eggs',
    diet: 'My Diet',
    workoutToday: "Today's workout",
    restDay: 'No workout today',
    tabs: ['Notifications', 'My Diets', 'My Workouts'],
    details: 'Macronutrients',
    fullPlan: 'View Full Plan',
  },
};

/** The demo workout trains on Monday, Wednesday and Friday (api/src/db/demo-seed.ts). */
const TRAINING_DAYS = new Set([1, 3, 5]);

for (const locale of Object.keys(TEXT) as Locale[]) {
  test(`in ${locale}, the demo client reads the dashboard, the diet and workout views and My Content`, async ({ browser }) => {
    const text = TEXT[locale];
    const context = await browser.newContext({ locale });
    const page = await context.newPage();
    await signInAsDemoClient(page);

    // Dashboard: welcome, tiles, weights.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.greeting);
    // Registered 60 days ago by the seed: the registration day is day 1.
    await expect(page.getByTestId('tile-days')).toHaveText(/^6[012]$/);
    // 82 kg at the first weigh-in, 78.4 now, 65 the target: 3.6 / 17 = 21%.
    expect(plain(await page.getByTestId('tile-goal').textContent())).toMatch(/^21 ?%$/);
    await expect(page.getByTestId('current-weight')).toHaveText(text.weight);
    await expect(page.getByTestId('target-weight')).toHaveText('65 kg');
    await expect(page.getByTestId('tile-diet')).toHaveText('1');
    // Booking goes to the support WhatsApp the server is configured with (playwright.config.ts).
    await expect(page.getByTestId('quick-appointment')).toHaveAttribute('href', /^https:\/\/wa\.me\/551140001234\?text=/);

    // My Diet opens in the page; back closes it.
    await page.getByTestId('quick-diet').click();
    const dietView = page.getByTestId('diet-view');
    await expect(dietView.getByRole('heading', { name: text.diet })).toBeVisible();
    expect(plain(await page.getByTestId('diet-calories').textContent())).toBe(text.calories);
    await expect(page.getByTestId('meal-card')).toHaveCount(5);
    // 380 kcal breakfast at 25% protein: 95 kcal / 4 = 23.75 → 24 g.
    await expect(page.getByTestId('meal-card').first().getByTestId('macros')).toContainText(text.macro);
    // The demo diet has no supper, so the placeholder shows at 22:00.
    await expect(page.getByTestId('supper-placeholder')).toContainText(text.supper);
    await expect(page.getByTestId('supper-placeholder')).toContainText('22:00');
    // Translated in the background (SPEC §4): with no AI key, the server's catalog names the
    // meals and the foods it knows; pt-BR is never sent.
    await expect(page.getByTestId('meal-card').first()).toContainText(text.breakfast, { timeout: 15_000 });
    await expect(page.getByTestId('meal-card').first()).toContainText(text.food);
    await page.getByTestId('view-close').click();
    await expect(page.getByTestId('dashboard-tiles')).toBeVisible();

    // Today's workout follows the device's weekday.
    await page.getByTestId('quick-workout').click();
    const workoutView = page.getByTestId('workout-view');
    await expect(workoutView.getByRole('heading', { name: text.workoutToday })).toBeVisible();
    await expect(page.getByTestId('workout-title')).toHaveText('Treino para iniciantes — 3x por semana');
    const weekday = await page.evaluate(() => new Date().getDay());
    if (TRAINING_DAYS.has(weekday)) await expect(page.getByTestId('today-workout').getByTestId('exercise')).not.toHaveCount(0);
    else await expect(page.getByTestId('workout-notice')).toContainText(text.restDay);
    await page.goBack();
    await expect(page.getByTestId('dashboard-tiles')).toBeVisible();

    // My Content: three tabs, the diet dialog, the full diet page and the workout dialogs.
    await page.goto('/content?tab=diets');
    for (const [i, name] of ['tab-notifications', 'tab-diets', 'tab-workouts'].entries()) await expect(page.getByTestId(name)).toContainText(text.tabs[i] as string);
    await expect(page.getByTestId('tab-diets')).toContainText('1');
    await page.getByTestId('diet-details').click();
    const dietDialog = page.getByTestId('diet-detail-dialog');
    await expect(dietDialog).toContainText(text.details);
    await expect(dietDialog).toContainText('Beba 2 litros de água por dia.');
    await dietDialog.getByTestId('dialog-close').click();
    await expect(dietDialog).toHaveCount(0);
    await page.getByRole('link', { name: text.fullPlan }).click();
    await expect(page).toHaveURL(/\/diet\?id=/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.diet);
    await expect(page.getByTestId('meal-card')).toHaveCount(5);
    await page.getByTestId('view-close').click();
    await expect(page).toHaveURL(/\/content\?tab=diets$/);

    await page.getByTestId('tab-workouts').click();
    await page.getByTestId('workout-open').click();
    const workoutDialog = page.getByTestId('workout-dialog');
    await expect(workoutDialog.getByTestId('schedule-day')).toHaveCount(3);
    await expect(workoutDialog).toContainText('Aqueça 5 minutos antes de começar.');
    await workoutDialog.getByTestId('schedule-day').first().click();
    const dayDialog = page.getByTestId('workout-day-dialog');
    await expect(dayDialog).toContainText('Agachamento livre');
    await expect(dayDialog).toContainText('4 × 12');
    await dayDialog.getByTestId('day-dialog-close').click();
    await expect(dayDialog).toHaveCount(0);
    await workoutDialog.getByTestId('dialog-close').click();
    await context.close();
  });
}

test('a notification is marked as read offline, survives a reload and reaches the server', async ({ page, context }) => {
  await signInAsDemoClient(page);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 15_000 }).toBe(true);
  await page.goto('/content');
  // The seed gives the demo client two unread notifications; only this test reads them.
  await expect(page.getByTestId('notification')).toHaveCount(2);
  const unreadBefore = await page.locator('[data-testid="notification"][data-read="false"]').count();
  expect(unreadBefore).toBeGreaterThan(0);
  await expect(page.getByTestId('notifications-badge')).toContainText(String(unreadBefore));

  await context.setOffline(true);
  await page.evaluate(() => window.dispatchEvent(new Event('offline')));
  await page.getByTestId('mark-read').first().click();
  await expect(page.locator('[data-testid="notification"][data-read="false"]')).toHaveCount(unreadBefore - 1);
  await page.reload();
  await expect(page.locator('[data-testid="notification"][data-read="false"]')).toHaveCount(unreadBefore - 1);
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-pending', '1');

  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-pending', '0', { timeout: 20_000 });
  const { notifications } = (await (await context.request.get('/api/notifications')).json()) as { notifications: { read: boolean }[] };
  expect(notifications.filter((n) => !n.read)).toHaveLength(unreadBefore - 1);
});

test('a new client sees zero tiles, no content yet, and the activation prompt in My Content', async ({ page, context, baseURL }) => {
  await registerClient(context.request, baseURL as string, { name: 'Vera Vazia', currentWeight: 90, targetWeight: 80 });
  await page.goto('/dashboard');
  await expect(page.getByTestId('banner-activation')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Olá, Vera!');
  await expect(page.getByTestId('tile-days')).toHaveText('1');
  await expect(page.getByTestId('tile-workout')).toHaveText('0');
  await expect(page.getByTestId('tile-diet')).toHaveText('0');
  await expect(page.getByTestId('current-weight')).toHaveText('90 kg');
  await expect(page.getByTestId('my-diet')).toContainText('Sua dieta ainda não foi publicada.');
  await page.getByTestId('my-workout-open').click();
  await expect(page.getByTestId('activation-gate')).toHaveAttribute('data-gate', 'trial');
  await page.goto('/content?tab=workouts');
  await expect(page.getByTestId('activation-gate')).toBeVisible();
  await page.getByTestId('tab-notifications').click();
  await expect(page.getByTestId('notifications-empty')).toBeVisible();
  await page.goto('/workout');
  await expect(page.getByTestId('activation-gate')).toHaveAttribute('data-gate', 'trial');
});

/** The install banner waits for a client who has used the app on this device: one who first opened it on an earlier day. */
const openedBefore = (page: Page) => page.addInitScript(() => localStorage.setItem('leve.firstOpenedOn', '2026-01-01'));

/** What Chromium fires when the app is installable; the test stands in for the browser's dialog. */
const fireInstallPrompt = (page: Page) =>
  page.evaluate(() => {
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => void ((window as unknown as { prompted: number }).prompted = 1),
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    });
    window.dispatchEvent(event);
  });

test('the install banner offers the browser prompt, and a dismissal is remembered', async ({ page, context, baseURL }) => {
  await registerClient(context.request, baseURL as string, { name: 'Ivo Instala' });
  // A paid plan: a trial's banner would take the one banner place (issue 17).
  expect((await context.request.post('/api/subscriptions', { headers: { origin: baseURL as string }, data: { planId: 'monthly' } })).status()).toBe(201);
  await openedBefore(page);
  await page.goto('/dashboard');
  await expect(page.getByTestId('sidebar-account')).toBeAttached({ timeout: 20_000 });
  await expect(page.getByTestId('install-banner')).toHaveCount(0);

  await fireInstallPrompt(page);
  await expect(page.getByTestId('install-banner')).toContainText('Instale o Leve Coach');
  await page.getByTestId('install-accept').click();
  await expect(page.getByTestId('install-banner')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { prompted?: number }).prompted)).toBe(1);

  await page.reload();
  await expect(page.getByTestId('sidebar-account')).toBeAttached();
  await fireInstallPrompt(page);
  await page.getByTestId('install-dismiss').click();
  await expect(page.getByTestId('install-banner')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('sidebar-account')).toBeAttached();
  await fireInstallPrompt(page);
  await expect(page.getByTestId('install-banner')).toHaveCount(0);
});

test('on a client’s first day the install banner waits until they have saved something', async ({ page, context, baseURL }) => {
  await registerClient(context.request, baseURL as string, { name: 'Iara Primeira' });
  expect((await context.request.post('/api/subscriptions', { headers: { origin: baseURL as string }, data: { planId: 'monthly' } })).status()).toBe(201);
  await page.goto('/dashboard');
  const tracking = new TrackingPage(page);
  await expect(tracking.card()).toHaveAttribute('aria-busy', 'false', { timeout: 20_000 });
  await fireInstallPrompt(page);
  await expect(page.getByTestId('welcome-card')).toBeVisible();
  await expect(page.getByTestId('install-banner')).toHaveCount(0);

  await tracking.recordWeight('79,5');
  await expect(page.getByTestId('install-banner')).toContainText('Instale o Leve Coach');
});

// Chromium offers the install prompt seconds after the page has painted (once the service
// worker runs): a banner put above the dashboard then pushed everything down under the reader's
// thumb (Lighthouse's layout shift 0.15 on /dashboard, issue 20).
test('an install prompt arriving after the dashboard painted moves nothing on it, and covers neither a tab of the bottom bar nor the page’s end', async ({ page, context, baseURL }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await registerClient(context.request, baseURL as string, { name: 'Ivo Parado' });
  expect((await context.request.post('/api/subscriptions', { headers: { origin: baseURL as string }, data: { planId: 'monthly' } })).status()).toBe(201);
  await openedBefore(page);
  await page.goto('/dashboard');
  const greeting = page.getByRole('heading', { level: 1 });
  await expect(greeting).toHaveText('Olá, Ivo!', { timeout: 20_000 });
  await expect(page.getByTestId('record-weight')).toBeVisible();
  const before = { greeting: await greeting.boundingBox(), logWeight: await page.getByTestId('record-weight').boundingBox() };

  await fireInstallPrompt(page);
  const banner = page.getByTestId('install-banner');
  await expect(banner).toContainText('Instale o Leve Coach');
  expect(await greeting.boundingBox()).toEqual(before.greeting);
  expect(await page.getByTestId('record-weight').boundingBox()).toEqual(before.logWeight);
  const [bannerBox, barBox] = [await banner.boundingBox(), await page.getByTestId('bottom-nav').boundingBox()];
  expect(bannerBox && barBox && bannerBox.y + bannerBox.height <= barBox.y).toBe(true);
  expect(bannerBox && bannerBox.x >= 0 && bannerBox.x + bannerBox.width <= 390).toBe(true);
  // Scrolled to its end, the page's last card comes out above the banner, not under it.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const [lastCard, floating] = [await page.getByTestId('daily-tracking').boundingBox(), await banner.boundingBox()];
  expect(lastCard && floating && lastCard.y + lastCard.height <= floating.y).toBe(true);
  await page.getByTestId('install-dismiss').click();
  await expect(banner).toHaveCount(0);
});

// Lighthouse found the dashboard moving while a new device's data arrived (issue 20): nothing
// painted may move afterwards, on a phone slowed down as a cheap one is. How soon the data shows
// is the bench's to measure (interaction.mjs, "a new phone's first figure"); this waits long
// enough for a CI machine running two browsers on two cores, where the 4× phone showed its first
// figure after more than 20 s (4–7 s here, run alone).
const DATA_ON_A_SLOW_PHONE = { timeout: 45_000 };
async function layoutShiftsOnOpening(context: BrowserContext, loaded: (page: Page) => Promise<void>) {
  const page = await context.newPage();
  await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript(() => {
    const shifts: string[] = [];
    Object.assign(window, { layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] })[]) {
        if (entry.hadRecentInput) continue;
        for (const source of entry.sources) shifts.push(`${entry.value.toFixed(4)} ${source.node instanceof Element ? source.node.outerHTML.slice(0, 120) : source.node?.textContent?.slice(0, 60)} y ${Math.round(source.previousRect.y)} → ${Math.round(source.currentRect.y)}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/dashboard');
  await loaded(page);
  await expect(page.getByTestId('tile-goal')).not.toHaveText('', DATA_ON_A_SLOW_PHONE);
  await page.waitForTimeout(1000);
  return page.evaluate(() => (window as unknown as { layoutShifts: string[] }).layoutShifts);
}

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

test('a client on trial reopening the dashboard on their phone: the trial’s banner takes its place at once, nothing moves', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ locale: 'pt-BR', ...PHONE });
  await registerClient(context.request, baseURL as string, { name: 'Tina Teste' });
  const first = await context.newPage();
  await openNewClientDashboard(first);
  await expect(first.getByTestId('banner-activation')).toContainText('teste grátis'); // shown on this device before
  await first.close();
  const shifts = await layoutShiftsOnOpening(context, (page) => expect(page.getByTestId('banner-activation')).toContainText('teste grátis', DATA_ON_A_SLOW_PHONE));
  expect(shifts).toEqual([]);
  await context.close();
});

test('the dashboard opened on a new phone moves nothing while its data arrives', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ locale: 'pt-BR', ...PHONE });
  expect((await context.request.post('/api/clients/login', { headers: { origin: baseURL as string }, data: { email: DEMO.client.email, password: DEMO_PASSWORD } })).status()).toBe(200);
  const shifts = await layoutShiftsOnOpening(context, (page) => expect(page.getByTestId('current-weight')).toHaveText(/ kg$/, DATA_ON_A_SLOW_PHONE));
  expect(shifts).toEqual([]);
  await context.close();
});
