import { writeFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Result } from 'axe-core';
import type { BrowserContextOptions, Page, TestInfo } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expect, registerClient, test as base } from './fixtures.ts';

/** Impacts that fail the test; moderate and minor ones are only listed in the attached report. */
export const BLOCKING_IMPACTS: readonly string[] = ['serious', 'critical'];

export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
/** A phone (iPhone 12–15) and a laptop. */
export const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

/**
 * Who is signed in. `client`: the demo client (paid plan, published diet and workout).
 * `trialClient`: a client registered through the API with the 24-hour trial already started.
 * `admin`: the demo admin (the admin panel). `teacher`: the demo teacher (two students, one payout asked for).
 */
export type Account = 'anonymous' | 'client' | 'trialClient' | 'admin' | 'teacher';
type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

/**
 * `accountState(account)` signs in through the API once per worker and returns the cookies, so
 * every test opens its screen already signed in instead of going through /login.
 */
export const test = base.extend<object, { accountState: (account: Account) => Promise<StorageState | undefined> }>({
  accountState: [
    async ({ playwright }, use, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL as string;
      const cache = new Map<Account, Promise<StorageState>>();
      const signIn = async (account: Exclude<Account, 'anonymous'>): Promise<StorageState> => {
        const api = await playwright.request.newContext({ baseURL });
        try {
          if (account === 'client' || account === 'admin' || account === 'teacher') {
            const response = await api.post('/api/clients/login', { headers: { origin: baseURL }, data: { email: DEMO[account].email, password: DEMO_PASSWORD } });
            expect(response.status(), `the demo ${account} signs in`).toBe(200);
          } else {
            await registerClient(api, baseURL, { name: 'Alice Acessível' });
            // Started here rather than by the first page load, so every screen sees the same state.
            const trial = await api.post('/api/subscriptions/trial', { headers: { origin: baseURL }, data: {} });
            expect(trial.status(), 'the trial starts').toBe(201);
          }
          return await api.storageState();
        } finally {
          await api.dispose();
        }
      };
      await use(async (account) => {
        if (account === 'anonymous') return undefined;
        if (!cache.has(account)) cache.set(account, signIn(account));
        return cache.get(account);
      });
    },
    { scope: 'worker' },
  ],
});

/**
 * Switches the colour scheme without reloading, so an open dialog or a wizard tab stays as it is:
 * the theme key changes the way another tab of the app changes it (a `storage` event, which MUI's
 * colour-scheme manager listens to), and the OS preference follows.
 */
export async function switchTheme(page: Page, theme: Theme) {
  await page.emulateMedia({ colorScheme: theme });
  await page.evaluate((theme) => {
    if (localStorage.getItem('theme') === theme) return;
    localStorage.setItem('theme', theme);
    window.dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: theme, storageArea: localStorage }));
  }, theme);
  await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
}

/** Waits until no finite CSS animation or transition runs (dialogs fading in, the drawer sliding). */
export async function settle(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

/** One serious or critical violation on one element, with every theme and viewport it shows up in. */
export interface Finding {
  rule: string;
  impact: string;
  help: string;
  helpUrl: string;
  target: string;
  summary: string;
  where: Set<string>;
}

/**
 * Runs axe on the page as it is now and adds the blocking violations to `findings` (keyed by rule
 * and element, so one problem seen in both themes is listed once). Returns the full axe result.
 */
export async function checkAxe(page: Page, where: string, findings: Map<string, Finding>) {
  // Every rule axe runs by default (WCAG 2.0–2.2 A/AA and best practices), not a chosen set of tags,
  // so a rule outside that set cannot slip by (issue 46); off by default are only AAA, deprecated
  // and experimental rules, and target-size. Legacy mode runs axe.run() in the page itself; the
  // default opens a blank page per run to merge results across cross-origin frames, which the app
  // has none of, and takes several times longer.
  const results = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).setLegacyMode().analyze();
  for (const violation of results.violations) {
    if (!BLOCKING_IMPACTS.includes(violation.impact ?? '')) continue;
    for (const node of violation.nodes) {
      const target = node.target.map((t) => (Array.isArray(t) ? t.join(' >> ') : String(t))).join(' | ');
      const key = `${violation.id}|${target}`;
      const finding = findings.get(key) ?? {
        rule: violation.id,
        impact: violation.impact ?? 'unknown',
        help: violation.help,
        helpUrl: violation.helpUrl,
        target,
        summary: (node.failureSummary ?? '').replace(/\s*\n\s*/g, ' '),
        where: new Set<string>(),
      };
      finding.where.add(where);
      findings.set(key, finding);
    }
  }
  return results;
}

/** The failure message: rule id, impact, target selector, where it was seen, and the help URL. */
export function formatFindings(screen: string, findings: Iterable<Finding>): string {
  const lines = [...findings].map(
    (f) =>
      `  [${f.impact}] ${f.rule}: ${f.help}\n` +
      `    target: ${f.target}\n` +
      `    seen in: ${[...f.where].join(', ')}\n` +
      `    ${f.summary}\n` +
      `    help: ${f.helpUrl}`,
  );
  return `axe found ${lines.length} serious or critical violation(s) on ${screen}:\n${lines.join('\n')}`;
}

/**
 * Saves a screenshot of the whole page under test-results/ (kept by CI) and attaches it to the
 * report. The viewport is stretched to the page's height for it, rather than using `fullPage`,
 * so fixed bars (the phone's bottom navigation) are drawn at the bottom and not across the middle.
 */
export async function saveScreenshot(page: Page, testInfo: TestInfo, name: string) {
  const file = testInfo.outputPath(`${name}.png`);
  const viewport = page.viewportSize();
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  if (viewport && height > viewport.height) {
    await page.setViewportSize({ width: viewport.width, height });
    await settle(page);
  }
  await page.screenshot({ path: file, animations: 'disabled' });
  if (viewport) await page.setViewportSize(viewport);
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

/** Every finding, moderate and minor ones too, as JSON beside the screenshots: not blocking, but worth a look. */
export async function saveAxeReport(testInfo: TestInfo, name: string, results: Record<string, Result[]>) {
  const slim = Object.fromEntries(
    Object.entries(results).map(([where, violations]) => [
      where,
      violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, helpUrl: v.helpUrl, targets: v.nodes.map((n) => n.target) })),
    ]),
  );
  const file = testInfo.outputPath(`${name}.json`);
  writeFileSync(file, JSON.stringify(slim, null, 2));
  await testInfo.attach(name, { path: file, contentType: 'application/json' });
}
