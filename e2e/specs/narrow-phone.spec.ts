import type { Page } from '@playwright/test';
import { expect, signInAsDemoClient, test } from '../fixtures.ts';

/** The narrowest phone we support (issue: usable at 360 px): nothing may scroll sideways. */
const PHONE = { width: 360, height: 740 };

async function expectNoSidewaysScroll(page: Page, path: string) {
  const overflow = await page.evaluate(() => {
    const doc = document.documentElement;
    const wide = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => el.getBoundingClientRect().right > doc.clientWidth + 1 && getComputedStyle(el).position !== 'fixed')
      .slice(0, 3)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 2).join('.')} (${Math.round(el.getBoundingClientRect().right)}px)`);
    return { scrollWidth: doc.scrollWidth, clientWidth: doc.clientWidth, wide };
  });
  expect(overflow.scrollWidth, `${path} scrolls sideways at ${PHONE.width}px: ${overflow.wide.join(', ')}`).toBeLessThanOrEqual(overflow.clientWidth);
}

test('at 360 px every screen fits the width', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: PHONE, locale: 'pt-BR' });
  const page = await context.newPage();
  for (const path of ['/login', '/cadastro']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSidewaysScroll(page, path);
  }
  await signInAsDemoClient(page);
  const screens: [string, string][] = [
    ['/dashboard', 'daily-tracking'],
    ['/dashboard?view=diet', 'meal-card'],
    ['/dashboard?view=workout', 'workout-view'],
    ['/progress', 'weight-chart'],
    ['/content', 'notification'],
    ['/content?tab=diets', 'diet-card'],
    ['/content?tab=workouts', 'workout-card'],
    ['/diet', 'meal-card'],
    ['/workout', 'workout-start'],
    ['/subscription', 'status-badge'],
    ['/plan-upgrade', 'plan-price-annual'],
    ['/profile', 'profile-view'],
    ['/settings', 'export-data'],
    ['/messages', 'chat-input'],
  ];
  for (const [path, ready] of screens) {
    await page.goto(path);
    await expect(page.getByTestId(ready).first()).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('bottom-nav')).toBeVisible();
    await expectNoSidewaysScroll(page, path);
  }
  await context.close();
});
