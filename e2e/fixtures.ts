import { test as base, expect, request as playwrightRequest, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { LoginPage } from './page-models/login-page.ts';
import { ShellPage } from './page-models/shell-page.ts';

/** The demo seed (README): every account's password is demo12345. */
export const DEMO = {
  admin: { email: 'admin@example.com', name: 'Ana Admin' },
  teacher: { email: 'teacher@example.com', name: 'Tiago Professor' },
  client: { email: 'client@example.com', name: 'Carla Cliente' },
  newClient: { email: 'new@example.com', name: 'Nina Nova' },
} as const;
export const DEMO_PASSWORD = 'demo12345';

export const LOCALES = ['pt-BR', 'es-AR', 'en-US'] as const;
export type Locale = (typeof LOCALES)[number];

export const test = base.extend<{ loginPage: LoginPage; shell: ShellPage }>({
  loginPage: async ({ page }, use) => use(new LoginPage(page)),
  shell: async ({ page }, use) => use(new ShellPage(page)),
});

export { expect };

/**
 * Registers a fresh client through the API in the given browser context's cookie jar, so that
 * context is signed in as them. Unique email per call; any field can be overridden.
 */
export async function registerClient(request: APIRequestContext, baseURL: string, overrides: Record<string, unknown> = {}) {
  const email = `e2e.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = 'senha-forte-1';
  const data = { name: 'Cliente Teste', email, password, height: 170, currentWeight: 80, targetWeight: 70, weeklyWeightGoal: 0.5, healthDataConsent: true, ...overrides };
  const response = await request.post('/api/clients/register', { headers: { origin: baseURL }, data });
  expect(response.status()).toBe(201);
  return { email: data.email as string, password: data.password as string };
}

/** The demo teacher's API, signed in (their referral links, their students, the coach's routes). */
export async function demoTeacherApi(origin: string): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL: origin, extraHTTPHeaders: { origin } });
  expect((await api.post('/api/clients/login', { data: { email: DEMO.teacher.email, password: DEMO_PASSWORD } })).status()).toBe(200);
  return api;
}

/** Registers a client in `request`'s cookie jar through the demo teacher's referral code: one of their students. */
export async function registerStudentOf(teacherApi: APIRequestContext, request: APIRequestContext, origin: string, overrides: Record<string, unknown>) {
  const referralCode = ((await (await teacherApi.get('/api/teacher/referral-links')).json()) as { referralLinks: { code: string }[] }).referralLinks[0]!.code;
  const { email } = await registerClient(request, origin, { ...overrides, referralCode });
  const { users } = (await (await teacherApi.get('/api/teacher-admin/users')).json()) as { users: { id: string; email: string }[] };
  return { email, studentId: users.find((u) => u.email === email)!.id };
}

/**
 * The demo teacher at a laptop in `locale`, a browser of their own, signed in through the login
 * page: of the run's server, or of the one at `baseURL` (a spec's own).
 */
export async function teacherAtDesk(browser: Browser, locale: string, baseURL?: string): Promise<{ desk: BrowserContext; teacher: Page }> {
  const desk = await browser.newContext({ locale, viewport: { width: 1280, height: 900 }, ...(baseURL ? { baseURL } : {}) });
  await desk.addInitScript((chosen) => localStorage.setItem('locale', chosen), locale);
  const teacher = await desk.newPage();
  const login = new LoginPage(teacher);
  await login.open();
  await login.signIn(DEMO.teacher.email, DEMO_PASSWORD);
  await expect(teacher).toHaveURL(/\/dashboard$/);
  return { desk, teacher };
}

/**
 * Seeds a client who registered `days` ago (the server's database, which the e2e run owns): what
 * only time can make, such as a weekly check-in, which is never asked in the week of registering.
 * Their devices pull the change with the profile.
 */
export function backdateRegistration(email: string, days: number) {
  const database = new Database(process.env.E2E_DATABASE_PATH as string, { timeout: 5_000 });
  try {
    const changed = database
      .prepare('UPDATE users SET created_at = created_at - ?, version = (SELECT value FROM sync_counter WHERE id = 1) WHERE email = ?')
      .run(days * 86_400_000, email.toLowerCase());
    expect(changed.changes).toBe(1);
  } finally {
    database.close();
  }
}

/**
 * Signs in as the demo client through /login and waits until the first pull has brought the
 * published diet to this device.
 */
export async function signInAsDemoClient(page: Page) {
  const login = new LoginPage(page);
  await login.open();
  await login.signIn(DEMO.client.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('my-diet')).toContainText('Plano alimentar', { timeout: 20_000 });
}

/** Signs in through /login as a person would and waits for the dashboard's tracking card. */
export async function signInThroughLogin(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('daily-tracking')).toBeVisible({ timeout: 20_000 });
}

/**
 * Opens a new client's dashboard and waits for the trial the first load creates (SPEC §4): that
 * load goes back to /dashboard once the trial exists, which would pull a quicker test away. The
 * first visit downloads every chunk while the service worker precaches: allow it time.
 */
export async function openNewClientDashboard(page: Page) {
  await page.goto('/dashboard');
  await expect(page.getByTestId('daily-tracking')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('banner-activation')).toBeVisible({ timeout: 20_000 });
}

/** Waits until the service worker controls the page, so a reload works with no network. */
export async function serviceWorkerInControl(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 15_000 }).toBe(true);
}

/** Cuts or restores a browser's network, and tells its open pages as the browser would. */
export async function setOnline(context: BrowserContext, pages: Page[], online: boolean) {
  await context.setOffline(!online);
  for (const page of pages) await page.evaluate((event) => window.dispatchEvent(new Event(event)), online ? 'online' : 'offline');
}
