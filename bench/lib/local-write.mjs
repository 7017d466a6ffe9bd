// What the benchmarks of a write on the device share (bench/local-write.mjs: a weight; bench/
// workout-session.mjs: a set marked done; ADR 014): the click's time stamp seen before the app's
// handlers, the app's `leve:local-write` measure awaited in the page, a hand's click, and the
// phone going offline as at the gym.
/* global window, Element -- recordClicks and expectWrite run in the page */

/**
 * Runs in the page before the app (`context.addInitScript(recordClicks, selector)`): the time stamp
 * of every click that lands on `selector`, from a capture listener on window, which sees the click
 * before any of the app's handlers (its time stamp includes the input delay).
 */
export function recordClicks(selector) {
  window.__clicks = [];
  window.addEventListener('click', (event) => event.target instanceof Element && event.target.closest(selector) && window.__clicks.push(event.timeStamp), true);
}

/**
 * In the page, before the click (`page.evaluate(expectWrite, mark)`): `window.__written` resolves
 * with the next local write's click, its start and its commit (the app's `leve:local-write`
 * measure, pwa/src/db/local-writes.ts), the last `mark` (a User Timing mark
 * of the app's, null for none) and how many clicks and writes there have been. Nothing of
 * Playwright's runs in the page meanwhile: no polling locator, one evaluate that waits.
 */
export function expectWrite(mark = null) {
  window.__written = new Promise((resolve) => {
    const observer = new PerformanceObserver((list) => {
      const write = list.getEntriesByName('leve:local-write').at(-1);
      if (!write) return;
      observer.disconnect();
      resolve({
        click: window.__clicks.at(-1),
        mark: mark === null ? undefined : performance.getEntriesByName(mark).at(-1)?.startTime,
        writeStart: write.startTime,
        committed: write.startTime + write.duration,
        clicks: window.__clicks.length,
        writes: performance.getEntriesByName('leve:local-write').length,
      });
    });
    observer.observe({ type: 'measure' });
  });
}

/** Waits for what `expectWrite` promised: the write's spans. */
export const writeSpans = (page) => page.evaluate(() => window.__written);

/**
 * Points at the element, pauses, presses, releases 80 ms later, as a hand does. Not Playwright's
 * `click()`: that sends press and release back to back (the page then handles the release, and
 * dates the click, before it has finished with the press) and listens to the page's pointer events
 * itself to check what was hit, which adds its own work to the measured span.
 */
export async function clickLikeAPerson(page, locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`bench: ${locator} is not on screen`);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  // A person's pause on the button: the hover's 250 ms transition is over, as on a phone, which has no hover.
  await page.waitForTimeout(300);
  await page.mouse.down();
  await page.waitForTimeout(80);
  await page.mouse.up();
}

/** The phone goes offline, as in a basement gym: no sync races the writes, which queue. */
export async function goOffline(context, page) {
  await context.setOffline(true);
  await page.evaluate(() => window.dispatchEvent(new Event('offline')));
}

export const ms = (value) => `${value.toFixed(1)} ms`;
