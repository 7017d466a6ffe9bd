// The installed app opened again (issue 47, item 3): the everyday case, the demo client on a 390 px
// touch phone whose service worker, IndexedDB and HTTP cache are warm, with the CPU slowed 4×
// (DevTools' "mid-tier mobile"; bench/lib/phone.mjs), in Chromium against the built server:
// - how long the main thread stays blocked once the reopened dashboard has painted: Total Blocking
//   Time as Chromium measures it in real time, against r2's (React 19 + MUI, one card;
//   bench/reference/) on a first visit measured alike in the same run; target ≤ 2 × r2's;
// - the first tap on a habit (the workout switch) as soon as it can be tapped: the person opens
//   the app and taps; its interaction duration from Event Timing as bench/interaction.mjs measures
//   it (entries under 16 ms count as 16); target under 100 ms.
//
// Method. Each round is a new browser context. The demo client signs in through the API (cookie),
// opens /dashboard at full speed and waits until the service worker is ready and controls the page,
// the first pull has settled (sync status "synced", nothing pending) and the daily tracking card is
// there; that page closes. Two pages are then opened in turn in the same context, each with the CPU
// slowed 4× before it navigates to /dashboard (a check throws when the service worker does not
// control it): the first is left alone and measured for blocking, the second is tapped. Blocking:
// an init script observes long tasks ('longtask', buffered) and first-contentful-paint from the
// document's start; each long task counts its part after first paint beyond 50 ms (Lighthouse's
// clipping: a task that started before the paint counts from the paint), summed until the page is
// quiet: the tracking card on screen, the sync status settled and then no long task for 3 s (at
// most 15 s after the navigation). The tap: as soon as Playwright finds `toggle-workout` enabled
// (the switch renders once the page has hydrated), a finger's tap on it (bench/lib/phone.mjs:
// scrolled into view, then touched), then checked to be on (the draft is not saved, so every page
// starts with it off). r2: a fresh context at 4× CPU, its first
// visit measured alike until quiet; r2 does its work before its first paint, so both its figure
// after first paint and its whole load's (every long task from the navigation on, beyond 50 ms)
// are printed, and the whole load's is the one compared against. Figures are medians over
// REOPEN_ROUNDS rounds (default 5) interleaving the app and r2, so load on the machine falls on
// both alike; the three longest tasks of the median round are printed for later work.
// Beside it, not judged: the blocking Chromium's long animation frames report ('long-animation-frame',
// blockingDuration, frames from first paint on; r2's over its whole load). A trace shows why: the
// long tasks API leaves out the rendering update's own task (style, layout and paint of the whole
// dashboard: 80 to 330 ms at 4× when its data arrives) and the navigation's commit, which block a
// tap all the same; the frames count them.
/* global window -- watchBlocking and the evaluated callbacks run in the page */
import { rmSync } from 'node:fs';
import { chromium, expect } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';
import { median } from './lib/median.mjs';
import { CPU_SLOWDOWN, PHONE, fingerTap, measure, observeInteractions, signInDemoClient, slowDown } from './lib/phone.mjs';
import { buildReferences, serveReferences } from './reference/serve.mjs';
import { startServer } from './server.mjs';

const ROUNDS = Math.max(1, Number(process.env.REOPEN_ROUNDS ?? 5) || 5);
/** Blocking within this many times r2's first visit. */
const BLOCKING_TIMES_R2 = 2;
const TAP_TARGET_MS = 100;
/** The page is quiet after this long with no long task, once what it shows is ready. */
const QUIET_MS = 3000;
/** The blocking watch stops at the latest this long after the navigation. */
const WATCH_CAP_MS = 15_000;
/** Chromium's long task threshold: what a task runs beyond it blocks input. */
const LONG_TASK_MS = 50;

/** Measured time: `npm run test:perf` measures a second sitting before failing (scripts/bench.mjs). */
export const noisy = true;

export const name = `The installed app opened again: /dashboard with the service worker and IndexedDB warm (${CPU_SLOWDOWN}× CPU slowdown, 390 px phone, median of ${ROUNDS})`;

/**
 * From the document's start: long tasks, long animation frames and first-contentful-paint, as the
 * page reports them.
 */
function watchBlocking() {
  window.__longTasks = [];
  window.__longFrames = [];
  window.__fcp = null;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longFrames.push({ start: entry.startTime, duration: entry.duration, blocking: entry.blockingDuration });
  }).observe({ type: 'long-animation-frame', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') window.__fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
}

/**
 * Waits until `ready` has resolved and then no long task or frame has run for QUIET_MS (or
 * WATCH_CAP_MS have passed since the navigation), and returns the blocking time after first
 * paint, the whole load's, first paint's time, the long tasks (longest first), and the blocking
 * the long animation frames report after first paint and over the whole load.
 */
async function blockingUntilQuiet(page, ready) {
  await ready();
  const readyAt = await page.evaluate(() => performance.now());
  for (;;) {
    const { now, lastEnd } = await page.evaluate(() => ({
      now: performance.now(),
      lastEnd: Math.max(0, ...[...window.__longTasks, ...window.__longFrames].map((task) => task.start + task.duration)),
    }));
    if (now - Math.max(readyAt, lastEnd) >= QUIET_MS || now >= WATCH_CAP_MS) break;
    await page.waitForTimeout(250);
  }
  const { tasks, frames, fcp } = await page.evaluate(() => ({ tasks: window.__longTasks, frames: window.__longFrames, fcp: window.__fcp }));
  if (fcp === null) throw new Error('reopen: the page reported no first-contentful-paint');
  const blocking = (from) => tasks.reduce((sum, task) => sum + Math.max(0, task.start + task.duration - Math.max(task.start, from) - LONG_TASK_MS), 0);
  const frameBlocking = (from) => frames.filter((frame) => frame.start >= from).reduce((sum, frame) => sum + frame.blocking, 0);
  return {
    afterPaint: blocking(fcp),
    wholeLoad: blocking(0),
    fcp,
    longest: [...tasks].sort((a, b) => b.duration - a.duration),
    framesAfterPaint: frameBlocking(fcp),
    framesWholeLoad: frameBlocking(0),
  };
}

/** A new page of the context, slowed down, navigating to /dashboard (returns once the navigation has committed), with its CDP session. */
async function reopen(context, url) {
  const page = await context.newPage();
  const cdp = await slowDown(context, page);
  await page.goto(`${url}/dashboard`, { waitUntil: 'commit' });
  return { page, cdp };
}

/** Throws unless the service worker answered the page: else it measured no reopened app. */
async function assertControlled(page) {
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) throw new Error('reopen: the service worker does not control the reopened page');
}

/** The dashboard's data on screen and its sync settled (everything pulled, nothing pending). */
async function settled(page) {
  await page.getByTestId('daily-tracking').waitFor({ timeout: 60_000 });
  await expect(page.getByTestId('toggle-workout')).toBeEnabled({ timeout: 60_000 });
  const sync = page.getByTestId('sync-status');
  await expect(sync).toHaveAttribute('data-state', 'synced', { timeout: 60_000 });
  await expect(sync).toHaveAttribute('data-pending', '0');
}

/** One round: the installed app's first visit at full speed, then two reopens at 4× CPU. */
async function appRound(browser, url) {
  const context = await browser.newContext(PHONE);
  try {
    await context.addInitScript(observeInteractions);
    await context.addInitScript(watchBlocking);
    await signInDemoClient(context, url);
    const first = await context.newPage();
    await first.goto(`${url}/dashboard`);
    await first.evaluate(() => navigator.serviceWorker.ready);
    await first.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { polling: 100, timeout: 60_000 });
    await settled(first);
    await first.close();

    // Reopened and left alone: its blocking time.
    const { page: watched } = await reopen(context, url);
    const blocking = await blockingUntilQuiet(watched, () => settled(watched));
    await assertControlled(watched);
    await watched.close();

    // Reopened and tapped as soon as the switch takes a tap.
    const { page: tapped, cdp } = await reopen(context, url);
    const workout = tapped.getByTestId('toggle-workout');
    const tap = await measure(
      tapped,
      async () => {
        await expect(workout).toBeEnabled({ timeout: 60_000 });
        await fingerTap(cdp, workout);
      },
      () => expect(workout).toBeChecked(),
      { settleMs: 1500, from: 0 },
    );
    await assertControlled(tapped);
    await tapped.close();
    return { blocking, tap };
  } finally {
    await context.close();
  }
}

/** r2's first visit in a fresh context at 4× CPU, watched until quiet. */
async function referenceRound(browser, url) {
  const context = await browser.newContext(PHONE);
  try {
    await context.addInitScript(watchBlocking);
    const page = await context.newPage();
    await slowDown(context, page);
    await page.goto(`${url}/r2/`);
    return await blockingUntilQuiet(page, () => page.getByRole('button', { name: 'Entrar' }).waitFor({ timeout: 60_000 }));
  } finally {
    await context.close();
  }
}

/** The round whose figure is the median (the lower of the middle two for an even count). */
const medianRound = (rounds, figure) => [...rounds].sort((a, b) => figure(a) - figure(b))[Math.floor((rounds.length - 1) / 2)];

export async function run() {
  const referencesDir = buildReferences();
  const references = await serveReferences(referencesDir, 3248);
  const server = await startServer({ port: 3246 });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const app = [];
    const reference = [];
    // Rounds interleave the app and the reference, so load on the machine falls on both alike.
    for (let round = 1; round <= ROUNDS; round++) {
      app.push(await appRound(browser, server.url));
      reference.push(await referenceRound(browser, references.url));
    }
    const ms = (value) => `${Math.round(value)} ms`;
    const all = (values) => values.map(Math.round).join('/');
    const blocking = median(app.map((round) => round.blocking.afterPaint));
    const r2 = median(reference.map((round) => round.wholeLoad));
    const r2AfterPaint = median(reference.map((round) => round.afterPaint));
    const { longest: longestTasks, fcp: medianFcp } = medianRound(app, (round) => round.blocking.afterPaint).blocking;
    const longest = longestTasks.slice(0, 3).map((task) => `${ms(task.duration)} at ${(task.start / 1000).toFixed(1)} s`);
    const seconds = (value) => `${(value / 1000).toFixed(1)} s`;
    const taps = app.map((round) => round.tap.duration);
    const tap = median(taps);
    return [
      {
        label: 'reopened dashboard: blocking after first paint',
        value:
          `${ms(blocking)} (r2's first visit ${ms(r2)}, after its first paint ${ms(r2AfterPaint)}; ` +
          `first paint at ${ms(median(app.map((round) => round.blocking.fcp)))}; ` +
          `longest tasks of the median round (first paint at ${seconds(medianFcp)}): ${longest.length > 0 ? longest.join(', ') : 'none'}; ` +
          `long animation frames' blocking after first paint ${ms(median(app.map((round) => round.blocking.framesAfterPaint)))}, r2's whole load ${ms(median(reference.map((round) => round.framesWholeLoad)))}; ` +
          `all: ${all(app.map((round) => round.blocking.afterPaint))})`,
        // r2 with no blocking time at all leaves none to spend: any is a miss.
        ratio: blocking / Math.max(BLOCKING_TIMES_R2 * r2, Number.MIN_VALUE),
        limit: 1,
        target: `≤ ${BLOCKING_TIMES_R2} × r2's first visit`,
      },
      {
        label: 'reopened dashboard: first tap on a habit',
        value: `${ms(tap)} (handlers ${ms(median(app.map((round) => round.tap.handlers)))}; all: ${all(taps)})`,
        ratio: tap / TAP_TARGET_MS,
        limit: 1 - 1e-9, // under, not at
        target: `< ${TAP_TARGET_MS} ms`,
      },
    ];
  } finally {
    await browser.close();
    await server.stop();
    await references.stop();
    rmSync(referencesDir, { recursive: true, force: true });
  }
}
