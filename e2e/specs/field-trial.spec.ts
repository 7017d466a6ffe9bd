import type { Browser, Locator, Page, PlaywrightWorkerArgs } from '@playwright/test';
import { LoginPage } from '../page-models/login-page.ts';
import { DEMO, DEMO_PASSWORD, expect, LOCALES, openNewClientDashboard, registerClient, test, type Locale } from '../fixtures.ts';

/**
 * Issue 17's field trial: the paths a newcomer walked in pt-BR, es-AR and en-US on a 390 px
 * phone, where the product broke for real people. Each check failed on the main of the day.
 */
const PHONE = { width: 390, height: 844 };
const COUNTRY: Record<Locale, string> = { 'pt-BR': 'BR', 'es-AR': 'AR', 'en-US': 'US' };
/** What a visitor who never touches "País" meets, by the language they read in. */
const ARRIVAL: Record<Locale, { country: string; currency: string; toast: string; greeting: string }> = {
  'pt-BR': { country: 'Brasil', currency: 'BRL', toast: 'Seu teste grátis de 24 horas começou', greeting: 'Olá, Rita!' },
  'es-AR': { country: 'Argentina', currency: 'ARS', toast: 'Tu prueba gratis de 24 horas empezó', greeting: '¡Hola, Rita!' },
  'en-US': { country: 'United States', currency: 'USD', toast: 'Your 24-hour free trial has started', greeting: 'Hi, Rita!' },
};

/** What a client reads on /profile, by language. */
const PROFILE_WORDS: Record<Locale, { nav: string; glutenFree: string; year: string; motivation: string; saved: string; notProvided: string }> = {
  'pt-BR': { nav: 'Perfil', glutenFree: 'Sem glúten', year: 'Ano', motivation: 'Brincar com meus netos', saved: 'Perfil atualizado', notProvided: 'Não informado' },
  'es-AR': { nav: 'Perfil', glutenFree: 'Sin gluten', year: 'Año', motivation: 'Jugar con mis nietos', saved: 'Perfil actualizado', notProvided: 'Sin datos' },
  'en-US': { nav: 'Profile', glutenFree: 'Gluten-free', year: 'Year', motivation: 'Play with my grandchildren', saved: 'Profile updated', notProvided: 'Not provided' },
};

/** Settings in each language, the names its language list shows, and the language each trial switches to. */
const SETTINGS_NAV: Record<Locale, string> = { 'pt-BR': 'Configurações', 'es-AR': 'Configuración', 'en-US': 'Settings' };
const LANGUAGE_NAME: Record<Locale, string> = { 'pt-BR': 'Português (BR)', 'es-AR': 'Español (AR)', 'en-US': 'English (US)' };
const NEXT_LANGUAGE: Record<Locale, Locale> = { 'pt-BR': 'es-AR', 'es-AR': 'en-US', 'en-US': 'pt-BR' };
/** What a trainer reads on /professor-cadastro, by language. */
const TRAINER_WORDS: Record<Locale, { country: string; currency: string; welcome: string }> = {
  'pt-BR': { country: 'Brasil', currency: 'BRL', welcome: 'Bem-vindo ao programa de parceiros!' },
  'es-AR': { country: 'Argentina', currency: 'ARS', welcome: '¡Bienvenido al programa de socios!' },
  'en-US': { country: 'United States', currency: 'USD', welcome: 'Welcome to the partner program!' },
};
/** The "forgot password" path, by language (its e-mail, in each language, is password-resets.test.ts's). */
const RESET_WORDS: Record<Locale, { link: string; send: string; sent: string }> = {
  'pt-BR': { link: 'Esqueceu a senha?', send: 'Enviar link', sent: 'Se existir uma conta com' },
  'es-AR': { link: '¿Olvidaste tu contraseña?', send: 'Enviar enlace', sent: 'Si existe una cuenta con' },
  'en-US': { link: 'Forgot your password?', send: 'Send link', sent: 'If an account exists for' },
};

/** A second device (a new browser context, a phone) signed in through /login, on its dashboard. */
async function signInOnAnotherPhone(browser: Browser, locale: Locale, account: { email: string; password: string }) {
  const second = await browser.newContext({ locale, viewport: PHONE });
  const other = await second.newPage();
  const login = new LoginPage(other);
  await login.open();
  await login.signIn(account.email, account.password);
  await expect(other).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
  return { second, other };
}

/** The demo teacher's first referral code, read as the teacher. */
/**
 * A link of a trainer of its own: the demo teacher's link counts its clicks in registration.spec,
 * which runs alongside, so a visit here would throw that count off.
 */
async function freshTrainerLink(playwright: PlaywrightWorkerArgs['playwright'], baseURL: string): Promise<string> {
  const trainer = await playwright.request.newContext({ baseURL });
  const password = 'senha-forte-1';
  const registered = await trainer.post('/api/teachers/register', {
    headers: { origin: baseURL },
    data: { countryCode: 'US', name: 'Trial Trainer', email: `trainer.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 8)}@example.com`, phone: '+1 415 555 0100', password, confirmPassword: password },
  });
  expect(registered.status()).toBe(201);
  const [link] = ((await (await trainer.get('/api/teacher/referral-links')).json()) as { referralLinks: { code: string }[] }).referralLinks;
  await trainer.dispose();
  if (!link) throw new Error('a trainer has a link');
  return link.code;
}

const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`${locator} has no box`);
  return found;
};
const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Every element's text fits its box: nothing clipped to "o geral". */
async function expectWhollyVisible(page: Page, locator: Locator, what: string) {
  const { x, width } = await box(locator);
  expect(x, `${what} starts off screen`).toBeGreaterThanOrEqual(0);
  expect(x + width, `${what} ends off screen`).toBeLessThanOrEqual(PHONE.width);
  expect(await locator.evaluate((el) => el.scrollWidth <= el.clientWidth), `${what} is clipped`).toBe(true);
}

for (const locale of LOCALES) {
  test.describe(`in ${locale} on a 390 px phone`, () => {
    test.use({ locale, viewport: PHONE });

    test('a visitor from a friend’s link registers in the country of their language, sees its currency, and reads every word after in it', async ({ page, playwright, baseURL }) => {
      const code = await freshTrainerLink(playwright, baseURL as string);
      const arrival = ARRIVAL[locale];

      await page.goto(`/r/${code}`);
      await expect(page.locator('#countryCode option:checked')).toHaveText(arrival.country);
      await page.locator('#name').fill('Rita Referida');
      await page.locator('#email').fill(`trial.${locale}.${Date.now().toString(36)}@example.com`);
      await page.locator('#password').fill('senha-forte-1');
      await page.getByTestId('register-next').click();
      // In the units of the country (ADR 020): pounds and feet in the US.
      const us = locale === 'en-US';
      await page.locator('#currentWeight').fill(us ? '199.5' : '90,5');
      if (us) {
        await page.locator('#heightFeet').fill('5');
        await page.locator('#heightInches').fill('6');
      } else {
        await page.locator('#height').fill('168');
      }
      await page.getByTestId('register-next').click();
      await page.locator('#targetWeight').fill(us ? '176.4' : '80');
      await page.locator('#weeklyWeightGoal').fill(us ? '1' : '0,5');
      await expect(page.getByTestId('register-summary-currency')).toContainText(arrival.currency);
      await page.getByTestId('register-submit').click();

      await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
      await expect(page.getByTestId('toast')).toContainText(arrival.toast);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(arrival.greeting);
      const { client } = await (await page.context().request.get('/api/clients/me')).json();
      expect(client).toMatchObject({ countryCode: COUNTRY[locale], preferredLanguage: locale, unitSystem: us ? 'us' : 'metric', currentWeight: us ? 90.49 : 90.5, height: us ? 167.6 : 168 });
    });

    test('the teacher reads every tab label and every commission column', async ({ page }) => {
      await page.goto('/login');
      await page.getByTestId('login-email').fill(DEMO.teacher.email);
      await page.getByTestId('login-password').fill(DEMO_PASSWORD);
      await page.getByTestId('login-submit').click();
      await expect(page).not.toHaveURL(/\/login$/, { timeout: 20_000 });
      await page.goto('/teacher-dashboard');
      const tabs = page.getByRole('tab');
      await expect(tabs).toHaveCount(5);
      for (const tab of await tabs.all()) await expectWhollyVisible(page, tab, `tab "${await tab.innerText()}"`);
      await page.getByTestId('teacher-tab-commissions').click();
      const card = page.getByTestId('teacher-ledger-row').first();
      await expect(card).toBeVisible();
      // Every column of the ledger is named on the card and lies within the screen.
      await expect(card.locator('dt')).toHaveCount(6);
      for (const term of await card.locator('dt, dd').all()) await expectWhollyVisible(page, term, `"${await term.innerText()}"`);
    });

    test('/plan-upgrade lists the shared features once, in a page a thumb can scroll', async ({ page, context, baseURL }) => {
      await registerClient(context.request, baseURL as string, { countryCode: COUNTRY[locale] });
      await openNewClientDashboard(page);
      await page.goto('/plan-upgrade');
      await expect(page.getByTestId('plan-price-annual')).toBeVisible();
      await expect(page.getByTestId('plan-features').getByRole('listitem')).toHaveCount(14);
      for (const plan of ['monthly', 'quarterly', 'annual']) await expect(page.getByTestId(`plan-${plan}`).getByRole('listitem')).toHaveCount(0);
      // From the heading down (the shell's banners above it are another check's business).
      const height = await page.evaluate(() => document.documentElement.scrollHeight - (document.querySelector('h1')?.getBoundingClientRect().top ?? 0));
      expect(height, 'the page was 2,870 px tall with the features on every card').toBeLessThan(1_900);
    });

    test('a trial client sees one banner, and the greeting high on the first screen', async ({ page, context, baseURL }) => {
      await registerClient(context.request, baseURL as string, { countryCode: COUNTRY[locale] });
      await openNewClientDashboard(page);
      await expect(page.getByRole('main').getByRole('alert')).toHaveCount(1);
      const greeting = await box(page.getByRole('heading', { level: 1 }));
      expect(greeting.y, 'three stacked banners pushed the greeting below y = 425').toBeLessThan(300);
    });

    test('a toast hides none of the header’s controls', async ({ page, context, baseURL }) => {
      await registerClient(context.request, baseURL as string, { countryCode: COUNTRY[locale] });
      await openNewClientDashboard(page);
      await page.getByTestId('record-weight').first().click();
      await page.getByTestId('weight-input').fill(locale === 'en-US' ? '175.3' : '79,5'); // the US reads pounds
      await page.getByTestId('weight-save').click();
      const toast = page.getByTestId('toast');
      await expect(toast).toBeVisible();
      await page.waitForTimeout(400); // the toast's entrance transition
      const toastBox = await box(toast);
      const controls = page.getByRole('banner').getByRole('button');
      expect(await controls.count()).toBeGreaterThanOrEqual(3);
      for (const control of await controls.all()) {
        expect(overlaps(toastBox, await box(control)), `the toast covers "${await control.getAttribute('aria-label')}"`).toBe(false);
      }
    });

    test('signed out, /login, /cadastro, /professor-cadastro, /esqueci-senha and a friend’s link load with no console error and no refused request', async ({ page, playwright, baseURL }) => {
      const code = await freshTrainerLink(playwright, baseURL as string);
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(`console: ${message.text()}`);
      });
      page.on('response', (response) => {
        if (response.url().includes('/api/') && response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
      });
      page.on('requestfailed', (request) => problems.push(`failed: ${request.url()}`));
      for (const path of ['/login', '/cadastro', '/professor-cadastro', '/esqueci-senha', `/r/${code}`]) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        // A page that arrived rendered fetches the app's code after its paint, in steps (ADR 026):
        // a pause between them can pass for network idle, and going on then would cut a fetch short
        // (reported as failed, though nothing refused it). So wait for the code the page names too.
        await page.waitForFunction(() => {
          const named = (document.getElementById('root')?.dataset.appCode ?? '').split(' ').filter(Boolean);
          const arrived = new Set(performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname));
          return named.every((file) => arrived.has(file));
        });
        await page.waitForLoadState('networkidle');
      }
      expect(problems).toEqual([]);
    });

    test('a trainer signs up from /professor-cadastro in the country of their language, with that country’s tax number and currency', async ({ page }) => {
      const words = TRAINER_WORDS[locale];
      await page.goto('/professor-cadastro');
      await expect(page.locator('#teacher-register-countryCode option:checked')).toHaveText(words.country);
      await expect(page.locator('#teacher-register-countryCode-helper-text')).toContainText(words.currency);
      await page.getByTestId('teacher-register-name').fill('Paula Personal');
      await page.getByTestId('teacher-register-email').fill(`trainer.${locale}.${Date.now().toString(36)}@example.com`);
      await page.getByTestId('teacher-register-phone').fill('+54 9 11 5555 4444');
      await page.getByTestId('teacher-register-password').fill('senha-forte-1');
      await page.getByTestId('teacher-register-confirmPassword').fill('senha-forte-1');
      await expect(page.getByTestId('teacher-register-cpf')).toHaveCount(locale === 'pt-BR' ? 1 : 0);
      await expect(page.getByTestId('teacher-register-cuit')).toHaveCount(locale === 'es-AR' ? 1 : 0);
      if (locale === 'es-AR') {
        await page.getByTestId('teacher-register-cuit').fill('20123456780'); // wrong check digit
        await page.getByTestId('teacher-register-submit').click();
        await expect(page.locator('#teacher-register-cuit-helper-text')).toHaveText('CUIT/CUIL inválido');
        await page.getByTestId('teacher-register-cuit').fill('20123456786');
        await expect(page.getByTestId('teacher-register-cuit')).toHaveValue('20-12345678-6');
      }
      if (locale === 'pt-BR') await page.getByTestId('teacher-register-cpf').fill('52998224725');
      await page.getByTestId('teacher-register-submit').click();
      await expect(page).toHaveURL(/\/teacher-dashboard$/, { timeout: 20_000 });
      await expect(page.getByTestId('toast')).toContainText(words.welcome);
    });

    test('a client who forgot the password follows the link on /login and is told, in their language, that a link was sent', async ({ page, context, baseURL }) => {
      const words = RESET_WORDS[locale];
      const { email } = await registerClient(context.request, baseURL as string, { countryCode: COUNTRY[locale] });
      await context.clearCookies();
      await page.goto('/login');
      await page.getByRole('link', { name: words.link }).click();
      await expect(page).toHaveURL(/\/esqueci-senha$/);
      await page.getByTestId('reset-email').fill(email);
      await page.getByRole('button', { name: words.send }).click();
      await expect(page.getByTestId('reset-requested')).toContainText(`${words.sent} ${email}`);
    });

    test('a language chosen in Settings is saved to the account: a second device signs in and reads it', async ({ page, context, baseURL, browser }) => {
      const chosen = NEXT_LANGUAGE[locale];
      const account = await registerClient(context.request, baseURL as string, { countryCode: COUNTRY[locale] });
      await openNewClientDashboard(page);
      await page.getByTestId('sidebar-toggle').click();
      await page.getByRole('link', { name: SETTINGS_NAV[locale] }).click();
      await page.locator('#settings-language').selectOption({ label: LANGUAGE_NAME[chosen] });
      await expect(page.locator('#settings-language option:checked')).toHaveText(LANGUAGE_NAME[chosen]);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(SETTINGS_NAV[chosen]);
      await expect(page.getByTestId('sync-status')).toHaveAttribute('data-pending', '0', { timeout: 20_000 });

      const { second, other } = await signInOnAnotherPhone(browser, locale, account);
      await expect(other.locator('html')).toHaveAttribute('lang', chosen);
      await other.getByTestId('sidebar-toggle').click();
      await other.getByRole('link', { name: SETTINGS_NAV[chosen] }).click();
      await expect(other.locator('#settings-language option:checked')).toHaveText(LANGUAGE_NAME[chosen]);
      await second.close();
    });

    test('a client changes registration answers on /profile, takes the phone back, and a second device sees it all', async ({ page, context, baseURL, browser }) => {
      const words = PROFILE_WORDS[locale];
      const account = await registerClient(context.request, baseURL as string, {
        countryCode: COUNTRY[locale], phone: '+55 11 95555-4444', birthDate: '1990-05-14', motivation: 'Old motivation', dietaryRestrictions: ['vegetarian'],
      });
      await openNewClientDashboard(page);
      await page.getByRole('link', { name: words.nav }).first().click();
      const view = page.getByTestId('profile-view');
      await expect(view).toContainText('+55 11 95555-4444');
      for (const label of await view.locator('dt').allTextContents()) expect(label, 'a form label in the read view').not.toMatch(/\(|opcional|optional/i);

      await page.getByTestId('profile-edit').click();
      await page.getByRole('checkbox', { name: words.glutenFree }).check();
      await page.getByRole('combobox', { name: words.year }).selectOption('1991');
      await page.locator('#profile-motivation').fill(words.motivation);
      await page.locator('#profile-phone').fill('');
      await page.getByTestId('profile-save').click();
      await expect(page.getByTestId('toast')).toContainText(words.saved);
      await expect(page.getByTestId('sync-status')).toHaveAttribute('data-pending', '0', { timeout: 20_000 });

      const { second, other } = await signInOnAnotherPhone(browser, locale, account);
      await other.getByRole('link', { name: words.nav }).first().click();
      const seen = other.getByTestId('profile-view');
      await expect(seen).toContainText(words.motivation, { timeout: 20_000 });
      await expect(seen).toContainText(words.glutenFree);
      await expect(seen).toContainText('1991');
      await expect(seen).not.toContainText('95555-4444');
      await expect(seen.locator('dd').nth(2)).toHaveText(words.notProvided);
      await second.close();
    });
  });
}

