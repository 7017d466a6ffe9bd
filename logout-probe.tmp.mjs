// Repeats: sign in, reload, log out, goto /dashboard; prints each phase's time and whether the page painted.
import { chromium } from '@playwright/test';
const base = process.argv[2]; const runs = Number(process.argv[3] ?? 6);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-quic','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync'] });
for (let i = 0; i < runs; i++) {
  const context = await browser.newContext({ baseURL: base, locale: 'pt-BR' });
  const page = await context.newPage();
  const t = [Date.now()]; const mark = () => { t.push(Date.now()); return ((t.at(-1) - t.at(-2)) / 1000).toFixed(1); };
  const out = [];
  try {
    await page.goto('/login'); await page.getByTestId('login-submit').waitFor(); out.push('login ' + mark());
    await page.getByTestId('login-email').fill('client@example.com'); await page.getByTestId('login-password').fill('demo12345');
    await page.getByTestId('login-submit').click(); await page.waitForURL(/\/dashboard$/); await page.getByRole('heading', { level: 1 }).waitFor(); out.push('signin ' + mark());
    await page.waitForFunction(() => navigator.serviceWorker.controller, null, { timeout: 40000 }).catch(() => {}); out.push('sw ' + mark());
    await page.reload(); await page.getByRole('heading', { level: 1 }).waitFor(); out.push('reload ' + mark());
    await page.getByTestId('header-logout').click().catch(() => page.getByTestId('sidebar-logout').click()); await page.waitForURL(/\/login$/); out.push('logout ' + mark());
    const sw = await page.evaluate(() => navigator.serviceWorker.controller ? 'sw' : 'nosw');
    const nav = page.goto('/dashboard', { timeout: 60000 }).then(() => out.push('goto-load ' + ((Date.now() - t.at(-1)) / 1000).toFixed(1)));
    await page.waitForURL(/\/login$/, { timeout: 60000, waitUntil: 'commit' }).catch(() => {});
    await nav; await page.waitForURL(/\/login$/, { timeout: 60000 }); out.push('to-login ' + mark() + ' ' + sw);
  } catch (e) { out.push('FAIL ' + String(e).slice(0, 200)); }
  console.log(i, out.join(' | '));
  await context.close();
}
await browser.close();
