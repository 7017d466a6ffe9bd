import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';
import { startServer } from './server.mjs';
const server = await startServer({ port: 3252 });
const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: [...CHROMIUM_ARGS, '--headless=new'], ignoreDefaultFlags: true });
const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
const tab = await browser.newPage();
async function signIn() {
  const response = await fetch(`${server.url}/api/clients/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'client@example.com', password: 'demo12345' }) });
  const cookies = response.headers.getSetCookie().map((header) => { const [pair = ''] = header.split(';'); const at = pair.indexOf('='); return { name: pair.slice(0, at), value: pair.slice(at + 1), domain: '127.0.0.1', path: '/', httpOnly: true, sameSite: 'Lax' }; });
  await browser.setCookie(...cookies);
}
const N = Number(process.env.N ?? 1);
for (let i = 0; i < N + 1; i++) {
  await browser.deleteCookie(...(await browser.cookies()));
  await signIn();
  const { lhr } = await lighthouse(`${server.url}/dashboard`, { output: 'json', logLevel: 'error', onlyCategories: ['performance'], formFactor: 'mobile', throttlingMethod: 'simulate', clearStorageTypes: ['file_systems', 'shader_cache', 'service_workers', 'cache_storage', 'local_storage', 'indexeddb'] }, undefined, tab);
  if (i === 0) continue;
  const a = lhr.audits;
  console.log(`\n== score ${Math.round(lhr.categories.performance.score * 100)} FCP ${Math.round(a['first-contentful-paint'].numericValue)} LCP ${Math.round(a['largest-contentful-paint'].numericValue)} TBT ${Math.round(a['total-blocking-time'].numericValue)} CLS ${a['cumulative-layout-shift'].numericValue.toFixed(3)} SI ${Math.round(a['speed-index'].numericValue)}`);
  for (const it of a['layout-shifts']?.details?.items ?? []) console.log('  shift', it.score?.toFixed(3), it.node?.snippet?.slice(0, 160), it.node?.nodeLabel?.slice(0, 80));
  for (const it of a['largest-contentful-paint-element']?.details?.items ?? []) console.log('  lcp', JSON.stringify(it).slice(0, 600));
  for (const t of a['long-tasks']?.details?.items ?? []) console.log(`  long ${Math.round(t.startTime)} +${Math.round(t.duration)} ${t.url}`);
  for (const m of a['mainthread-work-breakdown']?.details?.items ?? []) console.log(`  work ${m.groupLabel} ${Math.round(m.duration)}`);
}
await browser.disconnect();
await chrome.kill();
await server.stop?.();
process.exit(0);
