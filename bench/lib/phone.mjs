// What the browser benchmarks share (bench/interaction.mjs, bench/reopen.mjs): the slow phone they
// measure on, the demo client's sign-in, and Event Timing's measure of a tap.
/* global window -- observeInteractions runs in the page */

/** DevTools' "mid-tier mobile": the CPU slowed 4× (CDP Emulation.setCPUThrottlingRate). */
export const CPU_SLOWDOWN = 4;

/** Below this the browser reports no entry (Event Timing's smallest durationThreshold). */
export const UNREPORTED_MS = 16;

/** A 390 px touch phone in Portuguese. */
export const PHONE = { locale: 'pt-BR', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

export const DEMO_CLIENT = { email: 'client@example.com', password: 'demo12345' };

/** Slows the page's CPU by CPU_SLOWDOWN (before its navigation, so the whole load is slowed). */
export async function slowDown(context, page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return cdp;
}

/** Signs the demo client in through the API: the session cookie lands in the context's jar. */
export async function signInDemoClient(context, url) {
  const signIn = await context.request.post(`${url}/api/clients/login`, { headers: { origin: url }, data: DEMO_CLIENT });
  if (!signIn.ok()) throw new Error(`bench: demo sign-in answered ${signIn.status()}`);
}

/** Collects Event Timing entries that belong to an interaction, from the page's first script on. */
export function observeInteractions() {
  window.__interactions = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.interactionId) window.__interactions.push({ id: entry.interactionId, duration: entry.duration, handlers: entry.processingEnd - entry.processingStart });
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
}

/**
 * Runs `act` (one tap), waits for `done`, then for the entries to arrive (they are reported after
 * the next paint; `settleMs`, longer when the page is still busy), and returns the interaction's
 * duration (the longest entry of the interactions that began meanwhile) and the longest time its
 * event handlers ran. `from`: the number of entries already there, when the page cannot be asked
 * before the tap (0 on a page that has just navigated).
 */
export async function measure(page, act, done, { settleMs = 500, from = null } = {}) {
  const before = from ?? (await page.evaluate(() => window.__interactions.length));
  await act();
  await done();
  await page.waitForTimeout(settleMs);
  const entries = await page.evaluate((from) => window.__interactions.slice(from), before);
  return { duration: Math.max(UNREPORTED_MS, ...entries.map((entry) => entry.duration)), handlers: Math.max(0, ...entries.map((entry) => entry.handlers)) };
}

/**
 * A finger's tap on `locator` through the page's CDP session: scrolled into view as a person
 * scrolls to it, then touched at its centre (touchStart, touchEnd; the browser makes the click).
 * Playwright's `tap()` checks its hit target with a listener of its own in the page, which runs
 * inside the very tap being measured: 30–50 ms more at 4× CPU than a finger (ADR 026).
 */
export async function fingerTap(cdp, locator) {
  await locator.scrollIntoViewIfNeeded();
  const box = await locator.boundingBox();
  if (!box) throw new Error('bench: nothing to tap (the element has no box)');
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}
