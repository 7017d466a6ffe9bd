import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, LOCALES, expect, test, type Locale } from '../fixtures.ts';

// Issue 20 part 2 (ADR 026): signed-out screens arrive rendered in the page, then React hydrates them.

const TEXT: Record<Locale, { title: string; submit: string; toDark: string }> = {
  'pt-BR': { title: 'Bem-vindo de volta', submit: 'Entrar', toDark: 'Usar tema escuro' },
  'es-AR': { title: 'Qué bueno verte de nuevo', submit: 'Ingresar', toDark: 'Usar tema oscuro' },
  'en-US': { title: 'Welcome back', submit: 'Sign in', toDark: 'Use dark theme' },
};

/**
 * Holds the app's scripts until `release()`: what the page shows and does before its code runs.
 * `boot: true` lets the entry (boot.ts) run, as on a slow network where it arrives first.
 */
async function holdScripts(page: Page, { boot = false } = {}) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    if (!(boot && /\/boot-[^/]*\.js$/.test(route.request().url()))) await held;
    await route.continue();
  });
  return release;
}

/**
 * The paths the page fetched before its first paint (Resource Timing). A rendered page needs none:
 * on a phone's network each is a round trip in the paint's way (ADR 026).
 */
async function fetchedBeforePaint(page: Page) {
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
  return page.evaluate(() => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
    return performance
      .getEntriesByType('resource')
      .filter((entry) => entry.startTime < paint)
      .map((entry) => new URL(entry.name).pathname);
  });
}

/** The app's code runs once the theme has put its class on <html> (the prerendered page has none). */
const appRuns = (page: Page) => page.waitForFunction(() => document.documentElement.classList.length > 0);

for (const locale of LOCALES) {
  test(`/login paints in ${locale} from the page alone, dark for a dark phone, and the app takes that page over without redrawing it`, async ({ browser }) => {
    const context = await browser.newContext({ locale, colorScheme: 'dark', viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    const release = await holdScripts(page);
    await page.goto('/login', { waitUntil: 'commit' });

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT[locale].title);
    await expect(page.getByTestId('login-submit')).toHaveText(TEXT[locale].submit);
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(14, 20, 17)');
    expect(await fetchedBeforePaint(page)).toEqual([]);
    await page.evaluate(() => {
      (window as unknown as { serverButton: Element | null }).serverButton = document.querySelector('[data-testid=login-submit]');
    });

    release();
    await appRuns(page);
    await expect(page.locator('html')).toHaveClass('dark');
    // Hydrated, not replaced: the element the server sent is the one on screen, and the theme button now works.
    expect(await page.evaluate(() => (window as unknown as { serverButton: Element | null }).serverButton === document.querySelector('[data-testid=login-submit]'))).toBe(true);
    await page.getByTestId('theme-toggle').click();
    await expect(page.locator('html')).toHaveClass('light');
    expect(errors).toEqual([]);
    await context.close();
  });
}

test('what is typed on /login before even the page’s entry arrives is kept, the button sends nothing natively, and the tap on it signs in once the app runs', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto('/login', { waitUntil: 'commit' });
  await page.getByTestId('login-email').fill(DEMO.client.email);
  await page.getByTestId('login-password').fill(DEMO_PASSWORD);
  await page.getByTestId('login-password').press('Enter');
  await page.getByTestId('login-submit').click();
  // No native submit: the password never reaches the address bar.
  expect(page.url()).toMatch(/\/login$/);
  await expect(page.getByTestId('login-email')).toHaveValue(DEMO.client.email);

  // The page's inline script kept the tap (page-start.ts): the app signs in with what was typed.
  release();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
  await expect(page.getByTestId('daily-tracking')).toBeVisible({ timeout: 20_000 });
});

test('a tap on Sign in before the app’s code arrives is not lost: the app signs in with what was typed once it runs', async ({ page }) => {
  const release = await holdScripts(page, { boot: true });
  await page.goto('/login', { waitUntil: 'commit' });
  await page.getByTestId('login-email').fill(DEMO.client.email);
  await page.getByTestId('login-password').fill(DEMO_PASSWORD);
  await page.getByTestId('login-submit').click();
  expect(page.url()).toMatch(/\/login$/);
  release();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
  await expect(page.getByTestId('daily-tracking')).toBeVisible({ timeout: 20_000 });
});

test('a tap on the language menu before the app’s code arrives opens it once the app runs', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  const release = await holdScripts(page, { boot: true });
  await page.goto('/login', { waitUntil: 'commit' });
  await page.getByTestId('language-menu').click();
  await expect(page.getByRole('menu')).toHaveCount(0);
  release();
  await page.getByRole('menuitem', { name: 'English (US)' }).click();
  try {
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT['en-US'].title);
  } catch (error) {
    // Seen once in CI (no h1 at all for 15 s) and never here in 160 runs: what the page held then.
    const snapshot = await page.locator('body').ariaSnapshot().catch((reason: unknown) => String(reason));
    const h1 = await page.evaluate(() => {
      const heading = document.querySelector('h1');
      return heading ? `${heading.outerHTML.slice(0, 300)} hidden by: ${heading.closest('[aria-hidden="true"], [inert]')?.outerHTML.slice(0, 120) ?? 'nothing'}` : 'none in the DOM';
    });
    throw new Error(`${String(error)}\nURL: ${page.url()}\nh1: ${h1}\nerrors: ${JSON.stringify(errors)}\npage:\n${snapshot.slice(0, 3000)}`, { cause: error });
  }
  expect(errors).toEqual([]);
});

/** A new browser signed in as the demo client, without the service worker: the server's page. */
async function signedInBrowser(browser: Browser, baseURL: string, options: BrowserContextOptions) {
  const context = await browser.newContext({ serviceWorkers: 'block', ...options });
  const response = await context.request.post('/api/clients/login', { headers: { origin: baseURL }, data: { email: DEMO.client.email, password: DEMO_PASSWORD } });
  expect(response.status()).toBe(200);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

for (const locale of LOCALES) {
  test(`the signed-in client's /dashboard paints in ${locale} from the page alone, greeting them by name, and the app takes that page over without redrawing it`, async ({ browser, baseURL }) => {
    const { context, page, errors } = await signedInBrowser(browser, baseURL as string, { locale, colorScheme: locale === 'es-AR' ? 'dark' : 'light', viewport: { width: 390, height: 844 } });
    const release = await holdScripts(page);
    await page.goto('/dashboard', { waitUntil: 'commit' });

    const greeting = page.getByTestId('welcome-card').getByRole('heading', { level: 1 });
    await expect(greeting).toContainText('Carla');
    await expect(page.getByTestId('bottom-nav')).toBeVisible();
    // The device's figures come after the app runs: their places are held meanwhile.
    await expect(page.getByTestId('daily-tracking')).toHaveAttribute('aria-busy', 'true');
    expect(await fetchedBeforePaint(page)).toEqual([]);
    await page.evaluate(() => {
      (window as unknown as { serverGreeting: Element | null }).serverGreeting = document.querySelector('[data-testid=welcome-card] h1');
    });

    release();
    await appRuns(page);
    await expect(page.getByTestId('my-diet')).toContainText('Plano alimentar', { timeout: 20_000 });
    await expect(page.getByTestId('daily-tracking')).toHaveAttribute('aria-busy', 'false');
    expect(await page.evaluate(() => (window as unknown as { serverGreeting: Element | null }).serverGreeting === document.querySelector('[data-testid=welcome-card] h1'))).toBe(true);

    // Opened again: the device now remembers things of its own (the support contacts), which the
    // page cannot know; hydrating still matches the page, and the contacts then show.
    await page.reload();
    await appRuns(page);
    await expect(page.getByTestId('quick-appointment')).toHaveAttribute('href', /wa\.me|mailto:/, { timeout: 20_000 });
    await expect(page.getByTestId('daily-tracking')).toHaveAttribute('aria-busy', 'false');
    expect(errors).toEqual([]);
    await context.close();
  });
}

test('on a wide screen the signed-in /dashboard, rendered for a phone, is not shown: the app renders its own, with the side menu', async ({ browser, baseURL }) => {
  const { context, page, errors } = await signedInBrowser(browser, baseURL as string, { locale: 'pt-BR', viewport: { width: 1280, height: 800 } });
  const release = await holdScripts(page);
  await page.goto('/dashboard', { waitUntil: 'commit' });
  await expect(page.getByTestId('welcome-card')).toBeAttached();
  await expect(page.getByTestId('welcome-card')).toBeHidden();

  release();
  await expect(page.getByTestId('sidebar-account')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('welcome-card')).toBeVisible();
  await expect(page.getByTestId('bottom-nav')).toHaveCount(0);
  await expect(page.getByTestId('my-diet')).toContainText('Plano alimentar', { timeout: 20_000 });
  expect(errors).toEqual([]);
  await context.close();
});

test('a phone’s dashboard taken over by the app stays shown when the screen widens (a tablet turned, a window widened): the app lays it out for the width', async ({ browser, baseURL }) => {
  const { context, page, errors } = await signedInBrowser(browser, baseURL as string, { locale: 'pt-BR', viewport: { width: 390, height: 844 } });
  await page.goto('/dashboard');
  await appRuns(page);
  await expect(page.getByTestId('daily-tracking')).toHaveAttribute('aria-busy', 'false', { timeout: 20_000 });

  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByTestId('daily-tracking')).toBeVisible();
  await expect(page.getByTestId('sidebar-account')).toBeVisible();
  expect(errors).toEqual([]);
  await context.close();
});

test('a tap on “Registrar peso” before the dashboard’s code arrives opens the weight form once the app runs', async ({ browser, baseURL }) => {
  const { context, page, errors } = await signedInBrowser(browser, baseURL as string, { locale: 'pt-BR', viewport: { width: 390, height: 844 } });
  const release = await holdScripts(page);
  await page.goto('/dashboard', { waitUntil: 'commit' });
  await page.getByTestId('record-weight').click();
  await expect(page.getByTestId('weight-form')).toHaveCount(0);
  release();
  await expect(page.getByTestId('weight-form')).toBeVisible({ timeout: 20_000 });
  expect(errors).toEqual([]);
  await context.close();
});
