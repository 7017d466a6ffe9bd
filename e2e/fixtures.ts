import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
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
  const data = { name: 'Cliente Teste', email, password, height: 170, currentWeight: 80, targetWeight: 70, weeklyWeightGoal: 0.5, ...overrides };
  const response = await request.post('/api/clients/register', { headers: { origin: baseURL }, data });
  expect(response.status()).toBe(201);
  return { email: data.email as string, password: data.password as string };
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
