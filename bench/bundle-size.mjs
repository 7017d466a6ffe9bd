// JavaScript a browser loads (gzip) per route, measured in Chromium against the built server, as
// shares of the per-route budgets (issue 47, restating issue 20's): React and MUI are the product's
// stack, so /login and /dashboard are budgeted as what r2 (bench/reference/: React 19 + MUI showing
// one card, built with the app's Vite settings) loads, measured in the same run, plus the app:
// - /login, a first visit signed out: ≤ r2 + 60 KB;
// - /dashboard, a first visit of the signed-in demo client (the installed app opened again): ≤ r2 + 150 KB;
// - every other route's own code: ≤ 60 KB. A route's own code is what a first visit to it loads
//   beyond what the visit to /login (signed-out routes) or to /dashboard (signed-in routes) loaded:
//   its screen and what only it uses. Admin and teacher routes are visited as the demo admin and
//   teacher; their shell is the same signed-in code the client's /dashboard loaded.
// Every visit is a fresh browser context (empty HTTP cache), with the service worker blocked (its
// precache would fetch every chunk). A visit ends when no script has arrived for a second after
// the load event. The figures are deterministic: `npm test`'s gate (scripts/perf-gate.mjs) holds
// them exactly; a feature that needs more changes the budget here, in the same commit, with an ADR.
/* global requestIdleCallback -- visit's wait for quiet runs in the page */
import { rmSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';
import { buildReferences, serveReferences } from './reference/serve.mjs';
import { startServer } from './server.mjs';

export const name = 'JavaScript loaded per route (gzip)';

/** KB beyond r2's for /login and /dashboard; a route's own code, absolute. */
const BUDGETS_KB = { '/login': 60, '/dashboard': 150, route: 60 };
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
    let inFlight = 0;
    const isScript = (request) => request.url().endsWith('.js') && !request.url().endsWith('/sw.js');
    page.on('request', (request) => {
      if (isScript(request)) inFlight += 1;
    });
    const settled = (request) => {
      if (!isScript(request)) return;
      inFlight -= 1;
      lastScriptAt = Date.now();
    };
    page.on('requestfailed', settled);
    page.on('requestfinished', (request) => {
      settled(request);
      const script = request.url();
      if (!isScript(request) || bodies.has(script)) return;
      bodies.set(script, request.response().then((response) => response?.body() ?? Buffer.alloc(0)).catch(() => Buffer.alloc(0)));
    });
    await page.goto(`${url}${path}`, { waitUntil: 'load' });
    // From the load event: a page rendered in its HTML loads its scripts only after it has painted.
    lastScriptAt = Math.max(lastScriptAt, Date.now());
    // Quiet means no script on its way for a second and a main thread with time to spare: on a
    // busy machine a screen's lazy part is asked for only once the render that needs it has run,
    // which took longer than a second of quiet alone (a visit once ended with no screen code).
    for (;;) {
      await page.evaluate(() => new Promise((idle) => requestIdleCallback(() => idle(), { timeout: 10_000 })));
      if (inFlight === 0 && Date.now() - lastScriptAt >= QUIET_MS) break;
      await page.waitForTimeout(100);
    }
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
  const referencesDir = buildReferences();
  const references = await serveReferences(referencesDir, 3233);
  const server = await startServer({ port: 3231 });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const rows = [];
    const r2 = kb(total(await visit(browser, references.url, '/r2/')));
    const login = await visit(browser, server.url, '/login');
    const dashboard = await visit(browser, server.url, '/dashboard', 'client');
    for (const [path, sizes] of [['/login', login], ['/dashboard', dashboard]]) {
      const budget = r2 + BUDGETS_KB[path];
      rows.push({ label: path, value: `${describe(sizes)} (r2 ${r2.toFixed(1)} KB)`, ratio: kb(total(sizes)) / budget, limit: 1, target: `≤ r2 + ${BUDGETS_KB[path]} = ${budget.toFixed(1)} KB` });
    }
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
    await references.stop();
    rmSync(referencesDir, { recursive: true, force: true });
  }
}
