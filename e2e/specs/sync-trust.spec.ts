import type { Browser } from '@playwright/test';
import { expect, openNewClientDashboard, registerClient, serviceWorkerInControl, setOnline, signInThroughLogin, test, type Locale } from '../fixtures.ts';
import { TrackingPage } from '../page-models/tracking-page.ts';

/**
 * The offline-first promise with the service worker in control (ADR 007): a change the server
 * refuses is announced on every open page, an answer lost after the server applied a push is
 * confirmed within seconds, and a device clock running fast then corrected costs no change.
 */

const SOFIA = { name: 'Sofia Sincronia', height: 165, currentWeight: 78, targetWeight: 68 };

/** The notice of a refused mood change of a completed day, in each language. */
const REFUSED_MOOD: Record<Locale, { title: string; line: RegExp; dismiss: string; congrats: string; next: string }> = {
  'pt-BR': { title: 'Uma alteração não foi salva', line: /^Humor de .+: Este dia já foi concluído e não pode mais ser alterado$/, dismiss: 'Entendi', congrats: 'Parabéns!', next: 'Continuar' },
  'es-AR': { title: 'Un cambio no se guardó', line: /^Ánimo del .+: Este día ya se completó y no se puede modificar$/, dismiss: 'Entendido', congrats: '¡Felicitaciones!', next: 'Continuar' },
  'en-US': { title: 'A change was not saved', line: /^Mood on .+: This day is already complete and can no longer be changed$/, dismiss: 'Got it', congrats: 'Congratulations!', next: 'Continue' },
};

/** Refusals kept in this browser's user databases, read with plain IndexedDB (in the service worker). */
async function refusalsStored(): Promise<number> {
  const names = (await indexedDB.databases()).map((d) => d.name).filter((name): name is string => !!name?.startsWith('leve-user-'));
  let total = 0;
  for (const name of names) {
    total += await new Promise<number>((resolve, reject) => {
      const request = indexedDB.open(name);
      request.onerror = () => reject(request.error);
      request.onsuccess = () => {
        const db = request.result;
        if (!db.objectStoreNames.contains('refusals')) {
          db.close();
          resolve(0);
          return;
        }
        const count = db.transaction('refusals').objectStore('refusals').count();
        count.onsuccess = () => {
          db.close();
          resolve(count.result);
        };
        count.onerror = () => reject(count.error);
      };
    });
  }
  return total;
}

async function signInElsewhere(browser: Browser, locale: Locale, email: string, password: string) {
  const context = await browser.newContext({ locale });
  const page = await context.newPage();
  await signInThroughLogin(page, email, password);
  return { context, page };
}

for (const locale of ['pt-BR', 'es-AR', 'en-US'] as const) {
  test(`a refused change is announced on every open page, in ${locale}`, async ({ browser, baseURL }) => {
    test.setTimeout(120_000);
    const words = REFUSED_MOOD[locale];
    const phone = await browser.newContext({ locale, viewport: { width: 390, height: 844 } });
    const { email, password } = await registerClient(phone.request, baseURL as string, { ...SOFIA, preferredLanguage: locale });
    const tab = await phone.newPage();
    await openNewClientDashboard(tab);
    await serviceWorkerInControl(tab);
    const otherTab = await phone.newPage();
    await openNewClientDashboard(otherTab);
    const onPhone = new TrackingPage(tab);
    await onPhone.waitUntilSynced();
    const laptop = await signInElsewhere(browser, locale, email, password);
    const onLaptop = new TrackingPage(laptop.page);
    await onLaptop.waitUntilSynced();

    // The phone loses its signal; meanwhile the day is completed on the laptop.
    await setOnline(phone, [tab, otherTab], false);
    await laptop.page.getByTestId('toggle-workout').check();
    await laptop.page.getByTestId('toggle-diet').check();
    await onLaptop.setLevel('mood', 4);
    await laptop.page.getByTestId('save-progress').click();
    await laptop.page.getByRole('dialog', { name: words.congrats }).getByRole('button', { name: words.next }).click();
    await expect(laptop.page.getByTestId('day-complete-banner')).toBeVisible();
    await onLaptop.waitUntilSynced();

    // Still offline and unaware of it, the phone changes the mood of that day.
    await onPhone.setLevel('mood', 2);
    await tab.getByTestId('save-progress').click();
    await expect.poll(() => onPhone.pending()).toBe(1);
    await setOnline(phone, [tab, otherTab], true);

    for (const page of [tab, otherTab]) {
      const notice = page.getByTestId('refusal-notice');
      await expect(notice).toBeVisible({ timeout: 20_000 });
      await expect(notice).toContainText(words.title);
      await expect(notice.getByTestId('refusal-line')).toHaveText(words.line);
    }
    await expect(tab.getByTestId('slider-mood')).toHaveAttribute('aria-valuenow', '4'); // the server's word
    await tab.screenshot({ path: test.info().outputPath(`refusal-${locale}.png`) });
    await tab.getByRole('button', { name: words.dismiss }).click();
    await expect(tab.getByTestId('refusal-notice')).toHaveCount(0);
    await expect(otherTab.getByTestId('refusal-notice')).toHaveCount(0); // dismissed everywhere
    await phone.close();
    await laptop.context.close();
  });
}

test('a refusal that arrives with no page open is shown at the next open', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const phone = await browser.newContext({ locale: 'pt-BR' });
  const { email, password } = await registerClient(phone.request, baseURL as string, SOFIA);
  const page = await phone.newPage();
  await openNewClientDashboard(page);
  await serviceWorkerInControl(page);
  const onPhone = new TrackingPage(page);
  await onPhone.waitUntilSynced();
  const laptop = await signInElsewhere(browser, 'pt-BR', email, password);
  // The phone goes offline first: online, it would hear of the laptop's completed day at once (ADR 023).
  await setOnline(phone, [page], false);
  await laptop.page.getByTestId('toggle-workout').check();
  await laptop.page.getByTestId('toggle-diet').check();
  await new TrackingPage(laptop.page).setLevel('energy', 5);
  await laptop.page.getByTestId('save-progress').click();
  await laptop.page.getByRole('dialog', { name: 'Parabéns!' }).getByRole('button', { name: 'Continuar' }).click();
  await new TrackingPage(laptop.page).waitUntilSynced();

  // The phone, offline and stale, changes the completed day; the tab is closed before any signal.
  await onPhone.setLevel('energy', 1);
  await page.getByTestId('save-progress').click();
  await expect.poll(() => onPhone.pending()).toBe(1);
  await page.close();
  // Back online with no page: the service worker's Background Sync sends the change and keeps the
  // refusal. The signal comes back before a request gets through, as it can on a phone (and as it
  // did here once under load, the worker's network restored after its sync event): the first push
  // fails, and the worker tries again within seconds, not at the browser's next try 5 minutes on.
  let unreachable = 1;
  await phone.route('**/api/sync/push', (route) => (unreachable-- > 0 ? route.abort('internetdisconnected') : route.fallback()));
  await phone.setOffline(false);
  const [worker] = phone.serviceWorkers();
  await expect.poll(() => worker!.evaluate(refusalsStored), { timeout: 30_000 }).toBe(1);
  expect(unreachable).toBeLessThan(0); // the worker's first push did fail
  const next = await phone.newPage();
  await next.goto('/dashboard');
  await expect(next.getByTestId('refusal-notice')).toContainText(/Energia de .+: Este dia já foi concluído/, { timeout: 30_000 });
  await phone.close();
  await laptop.context.close();
});

test('a change whose answer was lost is confirmed within 10 s, once', async ({ page, context, baseURL }) => {
  await registerClient(context.request, baseURL as string, SOFIA);
  await openNewClientDashboard(page);
  await serviceWorkerInControl(page);
  const tracking = new TrackingPage(page);
  await tracking.waitUntilSynced();

  // The next push reaches the server and is applied; its answer never comes back.
  let dropped = 0;
  await context.route('**/api/sync/push', async (route) => {
    if (dropped > 0) return route.continue();
    dropped += 1;
    await (await route.fetch()).dispose();
    await route.abort('connectionreset');
  });
  await tracking.recordWeight('77.4');
  const saved = Date.now();
  // The push goes out first: "nothing pending" read before the weight reached the outbox proves nothing.
  await expect.poll(() => dropped, { timeout: 10_000 }).toBe(1);
  await expect(tracking.syncStatus()).toHaveAttribute('data-pending', '0', { timeout: 10_000 });
  expect(Date.now() - saved).toBeLessThan(10_000);
  expect(dropped).toBe(1);
  const records = (await (await context.request.get('/api/weight-records')).json()).weightRecords as { weight: number }[];
  expect(records.map((r) => r.weight)).toEqual([77.4]);
});

test('a clock ten minutes fast, then corrected: every change is kept', async ({ page, context, baseURL }) => {
  await registerClient(context.request, baseURL as string, SOFIA);
  const realNow = Date.now();
  await context.clock.install({ time: realNow + 10 * 60_000 });
  await openNewClientDashboard(page);
  await serviceWorkerInControl(page);
  const tracking = new TrackingPage(page);
  await tracking.waitUntilSynced();

  await tracking.setLevel('mood', 2);
  await page.getByTestId('save-progress').click();
  await tracking.recordWeight('76.9');
  await tracking.waitUntilSynced();
  // The user fixes the clock as the phone's settings allow; the app's stored clock stays fast.
  await page.clock.setSystemTime(Date.now());
  await tracking.setLevel('mood', 4);
  await tracking.setLevel('energy', 5);
  await page.getByTestId('save-progress').click();
  await tracking.recordWeight('76.5');
  await tracking.waitUntilSynced();

  await expect(page.getByTestId('refusal-notice')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('slider-mood')).toHaveAttribute('aria-valuenow', '4');
  await expect(page.getByTestId('slider-energy')).toHaveAttribute('aria-valuenow', '5');
  const records = (await (await context.request.get('/api/weight-records')).json()).weightRecords as { weight: number }[];
  expect(records.map((r) => r.weight).sort()).toEqual([76.5, 76.9]);
  const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const { progress } = await (await context.request.get(`/api/daily-progress?timeZone=${encodeURIComponent(timeZone)}`)).json();
  expect(progress).toMatchObject({ mood: 4, energy: 5 });
});
