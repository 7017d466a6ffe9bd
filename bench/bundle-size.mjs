// JavaScript a browser loads (gzip) per route, measured in Chromium against the built server, as
// shares of the per-route budgets of issue 20 (part 4):
// - /login, a first visit signed out: ≤ 120 KB;
// - /dashboard, a first visit of the signed-in demo client (the installed app opened again): ≤ 200 KB;
// - every other route's own code: ≤ 60 KB. A route's own code is what a first visit to it loads
//   beyond what the visit to /login (signed-out routes) or to /dashboard (signed-in routes) loaded:
//   its screen and what only it uses. Admin and teacher routes are visited as the demo admin and
//   teacher; their shell is the same signed-in code the client's /dashboard loaded.
// Every visit is a fresh browser context (empty HTTP cache), with the service worker blocked (its
// precache would fetch every chunk). A visit ends when no script has arrived for a second after
// the load event.
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';
import { startServer } from './server.mjs';

export const name = 'JavaScript loaded per route (gzip)';

const BUDGETS_KB = { '/login': 120, '/dashboard': 200, route: 60 };
const QUIET_MS = 1000;

/** The demo accounts (every role signs in at the same route). */
const DEMO = { client: 'client@example.com', admin: 'admin@example.com', teacher: 'teacher@example.com' };

/** The scripts a first visit to `path` loads: url → gzip bytes. */
async function visit(browser, url, path, who) {
  const context = await browser.newContext({ locale: 'pt-BR', serviceWorkers: 'block' });
  try {
    if (who) {
      const response = await context.request.post(`${url}/api/clients/login`, { headers: { origin: url }, data: { email: DEMO[who], password: 'demo12345' } });
      if (!response.ok()) throw new Error(`bundle-size: ${who} sign-in answered ${response.status()}`);
    }
    const page = await context.newPage();
    const bodies = new Map();
    let lastScriptAt = Date.now();
    page.on('response', (response) => {
      const script = response.url();
      if (!script.endsWith('.js') || script.endsWith('/sw.js') || bodies.has(script)) return;
      lastScriptAt = Date.now();
      bodies.set(script, response.body().catch(() => Buffer.alloc(0)));
    });
    await page.goto(`${url}${path}`, { waitUntil: 'load' });
    // From the load event: a page rendered in its HTML loads its scripts only after it has painted.
    lastScriptAt = Math.max(lastScriptAt, Date.now());
    while (Date.now() - lastScriptAt < QUIET_MS) await page.waitForTimeout(100);
    const landed = new URL(page.url()).pathname;
    if (landed !== path) throw new Error(`bundle-size: ${path} ended at ${landed}`);
    const sizes = new Map();
    for (const [script, body] of bodies) sizes.set(new URL(script).pathname, gzipSync(await body, { level: 9 }).length);
    return sizes;
  } finally {
    await context.close();
  }
}

const kb = (bytes) => bytes / 1024;
const total = (sizes) => [...sizes.values()].reduce((sum, size) => sum + size, 0);
const beyond = (sizes, shell) => new Map([...sizes].filter(([script]) => !shell.has(script)));
const describe = (sizes) => `${kb(total(sizes)).toFixed(1)} KB in ${sizes.size} files`;

export async function run() {
  const server = await startServer({ port: 3231 });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const rows = [];
    const login = await visit(browser, server.url, '/login');
    const dashboard = await visit(browser, server.url, '/dashboard', 'client');
    rows.push({ label: '/login', value: describe(login), ratio: kb(total(login)) / BUDGETS_KB['/login'], limit: 1, target: `≤ ${BUDGETS_KB['/login']} KB` });
    rows.push({ label: '/dashboard', value: describe(dashboard), ratio: kb(total(dashboard)) / BUDGETS_KB['/dashboard'], limit: 1, target: `≤ ${BUDGETS_KB['/dashboard']} KB` });
    const routes = [
      ['/cadastro'],
      ['/professor-cadastro'],
      ['/esqueci-senha'],
      ['/redefinir-senha'],
      ['/progress', 'client'],
      ['/content', 'client'],
      ['/diet', 'client'],
      ['/workout', 'client'],
      ['/subscription', 'client'],
      ['/plan-upgrade', 'client'],
      ['/profile', 'client'],
      ['/settings', 'client'],
      ['/admin', 'admin'],
      ['/teacher-dashboard', 'teacher'],
    ];
    for (const [path, who] of routes) {
      const shell = who ? dashboard : login;
      const own = beyond(await visit(browser, server.url, path, who), shell);
      rows.push({ label: `${path} own code`, value: describe(own), ratio: kb(total(own)) / BUDGETS_KB.route, limit: 1, target: `≤ ${BUDGETS_KB.route} KB` });
    }
    return rows;
  } finally {
    await browser.close();
    await server.stop();
  }
}
