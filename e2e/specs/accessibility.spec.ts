import type { Result } from 'axe-core';
import type { Locator, Page } from '@playwright/test';
import { checkAxe, formatFindings, saveAxeReport, saveScreenshot, settle, switchTheme, test, VIEWPORTS, type Account, type Finding, type Theme } from '../a11y.ts';
import { DEMO, expect, type Locale } from '../fixtures.ts';

/**
 * Every screen, in each language, in light and dark, at a phone and a laptop size (CHECKS below):
 * axe's full rule set finds no serious or critical violation, and a full-page screenshot of each
 * lands in test-results/ (CI keeps it).
 *
 * To add a screen, add a row: the account it needs, the path, the steps that bring it to the state
 * to check once the page has loaded (optional), and a locator that is visible when it is ready.
 */
interface Screen {
  /** Test title and screenshot file prefix (kebab-case, unique). */
  name: string;
  account: Account;
  path: string;
  reach?: (page: Page) => Promise<unknown>;
  ready: (page: Page) => Locator;
}

async function fillPersonalTab(page: Page) {
  await page.locator('#name').fill('Alice Acessível');
  await page.locator('#email').fill('alice.acessivel@example.com');
  await page.locator('#password').fill('senha-forte-1');
  await page.getByTestId('register-next').click();
}

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

/** The admin panel with the demo client's detail open (beside the list, or in its place on a phone). */
async function selectDemoClient(page: Page) {
  await page.getByTestId('admin-user-list').locator('[data-testid^="admin-user-"]').filter({ hasText: DEMO.client.name }).first().click();
}

/** A tab of /teacher-dashboard, opened once the overview is there. */
const teacherTab = (tab: string) => async (page: Page) => {
  await expect(page.getByTestId('teacher-figure-totalStudents')).toBeVisible({ timeout: 20_000 });
  await page.getByTestId(`teacher-tab-${tab}`).click();
};

const SCREENS: Screen[] = [
  { name: 'login', account: 'anonymous', path: '/login', ready: (page) => page.getByTestId('login-submit') },
  {
    name: 'login-errors',
    account: 'anonymous',
    path: '/login',
    reach: (page) => page.getByTestId('login-submit').click(),
    ready: (page) => page.locator('#password-helper-text'),
  },
  { name: 'forgot-password', account: 'anonymous', path: '/esqueci-senha', ready: (page) => page.getByTestId('reset-request-submit') },
  {
    name: 'reset-password-errors',
    account: 'anonymous',
    path: '/redefinir-senha#token=not-a-real-token',
    reach: (page) => page.getByTestId('reset-submit').click(),
    ready: (page) => page.locator('#newPassword-helper-text'),
  },
  { name: 'register-personal', account: 'anonymous', path: '/cadastro', ready: (page) => page.locator('#name') },
  { name: 'register-physical', account: 'anonymous', path: '/cadastro', reach: fillPersonalTab, ready: (page) => page.locator('#currentWeight') },
  {
    name: 'register-goals',
    account: 'anonymous',
    path: '/cadastro',
    reach: async (page) => {
      await fillPersonalTab(page);
      await page.locator('#currentWeight').fill('80');
      await page.getByTestId('register-next').click();
    },
    ready: (page) => page.locator('#targetWeight'),
  },
  { name: 'teacher-register', account: 'anonymous', path: '/professor-cadastro', ready: h1 },
  {
    name: 'teacher-register-errors',
    account: 'anonymous',
    path: '/professor-cadastro',
    reach: (page) => page.getByTestId('teacher-register-submit').click(),
    // The name, not the CPF: only a Brazilian teacher is asked for one.
    ready: (page) => page.locator('#teacher-register-name-helper-text'),
  },
  { name: 'teacher-overview', account: 'teacher', path: '/teacher-dashboard', ready: (page) => page.getByTestId('teacher-figure-pendingPayouts') },
  { name: 'teacher-students', account: 'teacher', path: '/teacher-dashboard', reach: teacherTab('students'), ready: (page) => page.getByTestId('teacher-students-table') },
  { name: 'teacher-referral', account: 'teacher', path: '/teacher-dashboard', reach: teacherTab('referral'), ready: (page) => page.getByTestId('referral-code') },
  { name: 'teacher-commissions', account: 'teacher', path: '/teacher-dashboard', reach: teacherTab('commissions'), ready: (page) => page.getByTestId('teacher-ledger-table') },
  { name: 'teacher-payouts', account: 'teacher', path: '/teacher-dashboard', reach: teacherTab('payouts'), ready: (page) => page.getByTestId('teacher-payouts-table') },
  { name: 'dashboard', account: 'client', path: '/dashboard', ready: (page) => page.getByTestId('daily-tracking') },
  {
    name: 'dashboard-diet-view',
    account: 'client',
    path: '/dashboard',
    reach: (page) => page.getByTestId('quick-diet').click(),
    ready: (page) => page.getByTestId('meal-card').first(),
  },
  {
    name: 'dashboard-workout-view',
    account: 'client',
    path: '/dashboard',
    reach: (page) => page.getByTestId('quick-workout').click(),
    ready: (page) => page.getByTestId('workout-view'),
  },
  {
    name: 'notifications-menu',
    account: 'client',
    path: '/dashboard',
    reach: (page) => page.getByTestId('notifications-button').click(),
    ready: (page) => page.getByTestId('notifications-see-all'),
  },
  {
    name: 'dashboard-weight-dialog',
    account: 'client',
    path: '/dashboard',
    reach: (page) => page.getByTestId('record-weight').first().click(),
    ready: (page) => page.getByTestId('weight-form'),
  },
  { name: 'progress', account: 'client', path: '/progress', ready: (page) => page.getByTestId('weight-chart') },
  { name: 'content', account: 'client', path: '/content', ready: (page) => page.getByTestId('tab-notifications') },
  { name: 'content-diets', account: 'client', path: '/content?tab=diets', ready: (page) => page.getByTestId('diet-details') },
  {
    name: 'content-diet-dialog',
    account: 'client',
    path: '/content?tab=diets',
    reach: (page) => page.getByTestId('diet-details').click(),
    ready: (page) => page.getByTestId('diet-detail-dialog'),
  },
  { name: 'content-workouts', account: 'client', path: '/content?tab=workouts', ready: (page) => page.getByTestId('workout-open') },
  {
    name: 'content-workout-day-dialog',
    account: 'client',
    path: '/content?tab=workouts',
    reach: async (page) => {
      await page.getByTestId('workout-open').click();
      await page.getByTestId('schedule-day').first().click();
    },
    ready: (page) => page.getByTestId('workout-day-dialog'),
  },
  {
    name: 'content-workout-dialog',
    account: 'client',
    path: '/content?tab=workouts',
    reach: (page) => page.getByTestId('workout-open').click(),
    ready: (page) => page.getByTestId('workout-dialog'),
  },
  { name: 'subscription', account: 'client', path: '/subscription', ready: (page) => page.getByTestId('status-badge') },
  { name: 'plan-upgrade', account: 'client', path: '/plan-upgrade', ready: (page) => page.getByTestId('plan-price-annual') },
  { name: 'profile', account: 'client', path: '/profile', ready: (page) => page.getByTestId('profile-view') },
  {
    name: 'profile-edit',
    account: 'client',
    path: '/profile',
    reach: (page) => page.getByTestId('profile-edit').click(),
    ready: (page) => page.getByTestId('profile-form'),
  },
  { name: 'settings', account: 'client', path: '/settings', ready: (page) => page.getByTestId('export-data') },
  { name: 'messages', account: 'client', path: '/messages', ready: (page) => page.getByTestId('chat-input') },
  { name: 'diet', account: 'client', path: '/diet', ready: (page) => page.getByTestId('meal-card').first() },
  { name: 'workout', account: 'client', path: '/workout', ready: (page) => page.getByTestId('workout-start') },
  { name: 'not-found', account: 'client', path: '/no-such-screen', ready: (page) => page.getByTestId('not-found') },
  { name: 'dashboard-trial', account: 'trialClient', path: '/dashboard', ready: (page) => page.getByTestId('banner-activation') },
  { name: 'diet-gate', account: 'trialClient', path: '/diet', ready: (page) => page.getByTestId('activation-gate') },
  { name: 'admin', account: 'admin', path: '/admin', reach: selectDemoClient, ready: (page) => page.getByTestId('nutrition-card') },
  {
    name: 'admin-diet-form',
    account: 'admin',
    path: '/admin',
    reach: async (page) => {
      await selectDemoClient(page);
      await page.getByTestId('admin-new-diet').click();
    },
    ready: (page) => page.getByTestId('diet-form'),
  },
  {
    name: 'admin-workout-form',
    account: 'admin',
    path: '/admin',
    reach: async (page) => {
      await selectDemoClient(page);
      await page.getByTestId('admin-new-workout').click();
    },
    ready: (page) => page.getByTestId('workout-form'),
  },
  { name: 'admin-payouts', account: 'admin', path: '/admin', ready: (page) => page.getByTestId('admin-payout-row').first() },
  {
    name: 'admin-image-test',
    account: 'admin',
    path: '/admin',
    reach: (page) => page.getByTestId('admin-exercise-image-test').click(),
    ready: (page) => page.getByTestId('exercise-image-test'),
  },
];

const [PHONE, LAPTOP] = VIEWPORTS;

/**
 * What axe checks each screen in: pt-BR in both themes at both sizes, and each other language in
 * both themes, one at each size, so that between them they see all four theme × size pairs too.
 * Ordered so that each step changes one thing: a theme switch or a resize costs little, a language
 * a reload. The whole grid (twelve runs a screen) would take three times as long for little more.
 */
const CHECKS: { locale: Locale; theme: Theme; viewport: (typeof VIEWPORTS)[number] }[] = [
  { locale: 'pt-BR', theme: 'light', viewport: PHONE },
  { locale: 'pt-BR', theme: 'light', viewport: LAPTOP },
  { locale: 'pt-BR', theme: 'dark', viewport: LAPTOP },
  { locale: 'pt-BR', theme: 'dark', viewport: PHONE },
  { locale: 'es-AR', theme: 'dark', viewport: PHONE },
  { locale: 'es-AR', theme: 'light', viewport: LAPTOP },
  { locale: 'en-US', theme: 'light', viewport: PHONE },
  { locale: 'en-US', theme: 'dark', viewport: LAPTOP },
];

test.describe('a11y', () => {
  test.describe.configure({ mode: 'parallel' });

  for (const screen of SCREENS) {
    test(screen.name, async ({ browser, accountState }, testInfo) => {
      test.setTimeout(120_000);
      const [first] = CHECKS as [(typeof CHECKS)[number]];
      // No service worker: precaching every chunk in each fresh context only costs time here.
      const context = await browser.newContext({ storageState: await accountState(screen.account), locale: first.locale, viewport: first.viewport, serviceWorkers: 'block' });
      const findings = new Map<string, Finding>();
      const report: Record<string, Result[]> = {};
      try {
        const page = await context.newPage();
        // The first load's; each next language is stored before its reload, and the theme stays.
        await page.addInitScript(({ theme, locale }) => {
          if (!localStorage.getItem('locale')) localStorage.setItem('locale', locale);
          if (!localStorage.getItem('theme')) localStorage.setItem('theme', theme);
        }, first);
        let loaded: Locale | null = null;
        for (const { locale, theme, viewport } of CHECKS) {
          if (locale !== loaded) {
            if (loaded) {
              await page.evaluate((locale) => localStorage.setItem('locale', locale), locale);
              // Through a blank page: a path that differs only in its #hash would not reload.
              await page.goto('about:blank');
            }
            await page.goto(screen.path);
            await expect(page.locator('html')).toHaveAttribute('lang', locale);
            await openScreen(page, screen);
            loaded = locale;
          }
          await switchTheme(page, theme);
          await page.setViewportSize(viewport);
          await expect(screen.ready(page)).toBeVisible();
          await settle(page);
          const where = `${locale} ${theme} ${viewport.width}×${viewport.height}`;
          report[where] = (await checkAxe(page, where, findings)).violations;
          await saveScreenshot(page, testInfo, `${screen.name}-${locale}-${theme}-${viewport.width}x${viewport.height}`);
        }
      } finally {
        await saveAxeReport(testInfo, `axe-${screen.name}`, report);
        await context.close();
      }
      const all = [...findings.values()];
      expect(all.length, formatFindings(`${screen.name} (${screen.path})`, all)).toBe(0);
    });
  }
});

/** The screen, loaded, brought to the state to check, and settled. */
async function openScreen(page: Page, screen: Screen) {
  if (screen.account !== 'anonymous') {
    // The shell is there (on a phone the closed drawer is not mounted, so its header).
    await expect(page.getByTestId('sync-status')).toBeAttached({ timeout: 20_000 });
  }
  await screen.reach?.(page);
  await expect(screen.ready(page)).toBeVisible({ timeout: 20_000 });
  if (screen.account !== 'anonymous') {
    // A settled header, so the sync chip does not change between the check and the screenshot.
    await expect(page.getByTestId('sync-status')).toHaveAttribute('data-state', 'synced', { timeout: 20_000 });
  }
}
