// JavaScript a browser loads (gzip) for /login and for /dashboard after signing in, measured in
// Chromium against the built server, as a share of the budgets of the client-experience issue.
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';
import { startServer } from './server.mjs';

export const name = 'JavaScript loaded (gzip)';

const BUDGETS_KB = { '/login': 180, '/dashboard': 240 };

async function jsLoaded(page, action) {
  const bodies = new Map();
  const onResponse = async (response) => {
    const url = response.url();
    if (url.endsWith('.js') && !url.endsWith('/sw.js') && !bodies.has(url)) bodies.set(url, response.body().catch(() => Buffer.alloc(0)));
  };
  page.on('response', onResponse);
  await action(); // each action waits for its screen to render: SPA navigations never reach 'networkidle' again
  page.off('response', onResponse);
  let gzipBytes = 0;
  for (const body of bodies.values()) gzipBytes += gzipSync(await body, { level: 9 }).length;
  return { files: bodies.size, kb: gzipBytes / 1024 };
}

export async function run() {
  const server = await startServer({ port: 3231 });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ locale: 'pt-BR', serviceWorkers: 'block' });
    const page = await context.newPage();
    const login = await jsLoaded(page, async () => {
      await page.goto(`${server.url}/login`);
      await page.getByTestId('login-submit').waitFor();
      await page.waitForLoadState('networkidle');
    });
    const dashboard = await jsLoaded(page, async () => {
      await page.getByTestId('login-email').fill('client@example.com');
      await page.getByTestId('login-password').fill('demo12345');
      await page.getByTestId('login-submit').click();
      await page.waitForURL('**/dashboard');
      await page.getByRole('heading', { level: 1, name: 'Olá, Carla!' }).waitFor();
    });
    const dashboardTotal = login.kb + dashboard.kb;
    return [
      { label: '/login', value: `${login.kb.toFixed(1)} KB in ${login.files} files`, ratio: login.kb / BUDGETS_KB['/login'], limit: 1, target: `≤ ${BUDGETS_KB['/login']} KB` },
      { label: '/dashboard (after /login)', value: `${dashboardTotal.toFixed(1)} KB in ${login.files + dashboard.files} files`, ratio: dashboardTotal / BUDGETS_KB['/dashboard'], limit: 1, target: `≤ ${BUDGETS_KB['/dashboard']} KB` },
    ];
  } finally {
    await browser.close();
    await server.stop();
  }
}
