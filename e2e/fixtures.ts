import { test as base, expect } from '@playwright/test';
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
