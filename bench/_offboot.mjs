import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';
import { startServer } from './server.mjs';
const server = await startServer({ port: 3254 });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const context = await browser.newContext({ locale: 'pt-BR', viewport: { width: 412, height: 823 } });
await context.request.post(server.url + '/api/clients/login', { headers: { origin: server.url }, data: { email: 'client@example.com', password: 'demo12345' } });
const page = await context.newPage();
await page.goto(server.url + '/dashboard');
await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30000 });
await page.getByTestId('daily-tracking').waitFor();
await page.waitForTimeout(2000);
const cdp = await context.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.RATE ?? 4) });
const measure = async (label) => {
  const t0 = Date.now();
  await page.reload();
  const marks = await page.evaluate(async () => {
    const wait = (sel) => new Promise((r) => { const tick = () => (document.querySelector(sel) ? r(Math.round(performance.now())) : requestAnimationFrame(tick)); tick(); });
    return { shell: await wait('[data-testid="bottom-nav"],[data-testid="dashboard-tiles"]'), card: await wait('[data-testid="daily-tracking"]'), weight: await wait('[data-testid="current-weight"]') };
  });
  console.log(label, JSON.stringify(marks), 'total', Date.now() - t0);
};
for (let i = 0; i < 3; i++) await measure('online ');
await context.setOffline(true);
for (let i = 0; i < 3; i++) await measure('offline');
await browser.close();
await server.stop?.();
process.exit(0);
