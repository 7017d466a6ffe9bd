import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';
import { DEMO, DEMO_PASSWORD, LOCALES, expect, test, type Locale } from '../fixtures.ts';

const TEXT: Record<Locale, { greeting: (first: string) => string; loginOk: string; loginError: string; badCredentials: string; teacherEntry: string; adminEntry: string; loggedOut: string; required: string }> = {
  'pt-BR': {
    greeting: (first) => `Olá, ${first}!`,
    loginOk: 'Login realizado',
    loginError: 'Erro no login',
    badCredentials: 'Email ou senha inválidos',
    teacherEntry: 'Painel do Professor',
    adminEntry: 'Administração',
    loggedOut: 'Logout realizado',
    required: 'Campo obrigatório',
  },
  'es-AR': {
    greeting: (first) => `¡Hola, ${first}!`,
    loginOk: 'Sesión iniciada',
    loginError: 'Error al ingresar',
    badCredentials: 'Email o contraseña inválidos',
    teacherEntry: 'Panel del Profesor',
    adminEntry: 'Administración',
    loggedOut: 'Sesión cerrada',
    required: 'Campo obligatorio',
  },
  'en-US': {
    greeting: (first) => `Hi, ${first}!`,
    loginOk: 'Signed in',
    loginError: 'Login failed',
    badCredentials: 'Invalid email or password',
    teacherEntry: 'Teacher Dashboard',
    adminEntry: 'Admin',
    loggedOut: 'Signed out',
    required: 'This field is required',
  },
};

/** Which sidebar entries each role sees (SPEC §2). */
const ROLE_ENTRIES = {
  admin: { teacher: false, admin: true },
  teacher: { teacher: true, admin: true },
  client: { teacher: false, admin: false },
  newClient: { teacher: false, admin: false },
} as const;

for (const locale of LOCALES) {
  test.describe(`in ${locale}`, () => {
    for (const account of Object.keys(DEMO) as (keyof typeof DEMO)[]) {
      test(`${account} signs in, stays signed in across a reload and logs out`, async ({ page, loginPage, shell }) => {
        const { email, name } = DEMO[account];
        const text = TEXT[locale];
        await loginPage.open();
        await loginPage.chooseLanguage(locale);
        await loginPage.signIn(email, DEMO_PASSWORD);

        await shell.expectOnDashboard(text.greeting(name.split(' ')[0] ?? name));
        await expect(shell.toast()).toContainText(text.loginOk);
        await expect(shell.toast()).toContainText(name);

        const sidebar = shell.sidebar();
        await expect(sidebar.getByRole('link', { name: text.teacherEntry })).toHaveCount(ROLE_ENTRIES[account].teacher ? 1 : 0);
        await expect(sidebar.getByRole('link', { name: text.adminEntry, exact: true })).toHaveCount(ROLE_ENTRIES[account].admin ? 1 : 0);
        await expect(page.getByTestId('sidebar-account')).toContainText(name);
        await expect(page.getByTestId('sidebar-account')).toContainText(email);

        await page.reload();
        await shell.expectOnDashboard(text.greeting(name.split(' ')[0] ?? name));
        await expect(page.locator('html')).toHaveAttribute('lang', locale);

        await shell.logout();
        await expect(shell.toast()).toContainText(text.loggedOut);
        await page.goto('/dashboard');
        await expect(page).toHaveURL(/\/login$/);
      });
    }

    test('a wrong password shows the error toast in the chosen language', async ({ page, loginPage, shell }) => {
      await loginPage.open();
      await loginPage.chooseLanguage(locale);
      await loginPage.signIn(DEMO.client.email, 'not-the-password');
      await expect(shell.toast()).toContainText(TEXT[locale].loginError);
      await expect(shell.toast()).toContainText(TEXT[locale].badCredentials);
      await expect(page).toHaveURL(/\/login$/);
      await expect(loginPage.submit()).toBeEnabled();
    });

    test('empty fields show the rule under each field in red', async ({ page, loginPage }) => {
      await loginPage.open();
      await loginPage.chooseLanguage(locale);
      await loginPage.submit().click();
      const emailHelper = page.locator('#email-helper-text');
      await expect(emailHelper).toHaveText(TEXT[locale].required);
      await expect(page.locator('#password-helper-text')).toHaveText(TEXT[locale].required);
      await expect(emailHelper).toHaveClass(/Mui-error/);
    });
  });
}

test('a Brazilian browser sees /login in Portuguese, and an unsupported language falls back to pt-BR', async ({ browser }) => {
  for (const browserLocale of ['pt-BR', 'fr-FR']) {
    const context = await browser.newContext({ locale: browserLocale });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bem-vindo de volta');
    await expect(page.getByTestId('language-menu')).toContainText('Português (BR)');
    // The choice is kept in localStorage and a one-year cookie.
    const cookie = (await context.cookies()).find((c) => c.name === 'locale');
    expect(cookie?.value).toBe('pt-BR');
    expect((cookie?.expires ?? 0) * 1000 - Date.now()).toBeGreaterThan(364 * 24 * 3600 * 1000);
    await context.close();
  }
});

test('a clean load of /login signed out logs no console error (the page says nobody is signed in, so the app does not ask)', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const asked: string[] = [];
  page.on('request', (request) => {
    if (['/api/clients/me', '/api/clients/session'].includes(new URL(request.url()).pathname)) asked.push(request.url());
  });
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bem-vindo de volta');
  await page.waitForLoadState('networkidle');
  expect(asked).toEqual([]);
  expect(errors).toEqual([]);
});

test('the submit button is disabled with a loading label while signing in', async ({ page, loginPage }) => {
  // Read while the request is held, not raced after the click: under a loaded CI the sign-in
  // could finish before a polling expect first looked, and the button was gone.
  let whileSigningIn: { disabled: boolean; label: string } | null = null;
  await page.route('**/api/clients/login', async (route) => {
    whileSigningIn = await page.evaluate(() => {
      const button = document.querySelector<HTMLButtonElement>('[data-testid="login-submit"]');
      return button && { disabled: button.disabled, label: button.textContent?.trim() ?? '' };
    });
    await route.continue();
  });
  await loginPage.open();
  await loginPage.signIn(DEMO.client.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(whileSigningIn).toEqual({ disabled: true, label: 'Entrando…' });
});

test.describe('signed in', () => {
  test.beforeEach(async ({ loginPage, shell }) => {
    await loginPage.open();
    await loginPage.signIn(DEMO.client.email, DEMO_PASSWORD);
    await shell.expectOnDashboard('Olá, Carla!');
  });

  test('logged-out routes and / lead to the dashboard; an unknown path shows the 404 page', async ({ page }) => {
    for (const path of ['/login', '/cadastro', '/professor-cadastro', '/']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/dashboard$|\/$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Olá, Carla!');
    }
    await page.goto('/no-such-screen');
    await expect(page.getByTestId('not-found')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Página não encontrada');
  });

  test('a client opening the teacher dashboard is sent to /dashboard with the access-denied message', async ({ page, shell }) => {
    await page.goto('/teacher-dashboard');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(shell.toast()).toContainText('Você não tem permissão para acessar o painel do professor.');
  });

  test('every screen of the route table renders a titled page', async ({ page }) => {
    const titles: Record<string, string> = {
      '/progress': 'Meu Progresso',
      '/content': 'Meu Conteúdo',
      '/subscription': 'Meu Plano',
      '/profile': 'Perfil',
      '/settings': 'Configurações',
      '/plan-upgrade': 'Escolha seu plano',
      '/diet': 'Minha Dieta',
      '/workout': 'Meu Treino',
    };
    for (const [path, title] of Object.entries(titles)) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    }
  });

  test('the theme toggle switches to dark and the choice survives a reload', async ({ page }) => {
    await page.getByTestId('theme-toggle').click();
    const scheme = await page.evaluate(() => document.documentElement.className);
    const stored = await page.evaluate(() => localStorage.getItem('theme'));
    expect(['light', 'dark']).toContain(stored);
    expect(scheme).toContain(stored ?? '');
    await page.reload();
    await expect(page.locator('html')).toHaveClass(new RegExp(stored ?? 'x'));
  });
});

test('on a phone a client’s bottom bar has SPEC §2’s four tabs and Messages (ADR 028), with active states, and the sidebar opens from the header', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'pt-BR' });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByTestId('login-email').fill(DEMO.client.email);
  await page.getByTestId('login-password').fill(DEMO_PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/dashboard$/);

  const bar = page.getByTestId('bottom-nav');
  await expect(bar.getByRole('link')).toHaveCount(5);
  await expect(page.getByTestId('bottom-nav-dashboard')).toHaveClass(/Mui-selected/);
  await page.getByTestId('bottom-nav-messages').click();
  await expect(page).toHaveURL(/\/messages$/);
  await expect(page.getByTestId('bottom-nav-messages')).toHaveClass(/Mui-selected/);
  await page.getByTestId('bottom-nav-diet').click();
  await expect(page).toHaveURL(/\/content\?tab=diets$/);
  await expect(page.getByTestId('bottom-nav-diet')).toHaveClass(/Mui-selected/);
  await page.getByTestId('bottom-nav-workout').click();
  await expect(page).toHaveURL(/\/workout$/);
  await expect(page.getByTestId('bottom-nav-workout')).toHaveClass(/Mui-selected/);
  await page.getByTestId('bottom-nav-profile').click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByTestId('bottom-nav-profile')).toHaveClass(/Mui-selected/);

  await expect(page.getByRole('link', { name: 'Configurações' })).toBeHidden();
  await page.getByTestId('sidebar-toggle').click();
  await page.getByRole('link', { name: 'Configurações' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await context.close();
});

test('Chromium finds no installability error in the manifest', async ({ baseURL }) => {
  // Installability is never granted in incognito, which is what Playwright's contexts are: use a real profile.
  const profile = mkdtempSync(path.join(tmpdir(), 'e2e-profile-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, baseURL });
  try {
    const page = await context.newPage();
    await page.goto('/login');
    const cdp = await context.newCDPSession(page);
    await expect
      .poll(async () => (await cdp.send('Page.getAppManifest')).url, { message: 'the manifest is linked' })
      .toMatch(/manifest\.webmanifest$/);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.errors).toEqual([]);
    await expect.poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('the service worker precaches the shell, and only the page it serves: the app opens offline', async ({ page, context, loginPage }) => {
  await loginPage.open();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  // Every navigation it answers is /index.html: the server's rendered pages (a language's /login,
  // the signed-in dashboard) are never read from it, and would be downloaded at every install.
  const pages = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    return urls.filter((path) => path.endsWith('.html'));
  });
  expect(pages).toEqual(['/index.html']);
  await context.setOffline(true);
  await page.reload();
  await expect(loginPage.submit()).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bem-vindo de volta');
  await context.setOffline(false);
});
