import { expect, openNewClientDashboard, registerClient, serviceWorkerInControl, setOnline, test } from '../fixtures.ts';
import { TrackingPage } from '../page-models/tracking-page.ts';

/**
 * Issue 21: a client at the gym with no signal logs body measurements, sees them at once and after
 * a reload, and they reach the server once when the phone is back online; in each language, with
 * its decimals and its units.
 */
const CASES = [
  { locale: 'pt-BR', countryCode: 'BR', waist: '86,5', neck: '38', shownWaist: /^86,5\s?cm$/, saved: 'Medidas registradas', waistCm: 86.5, estimate: /^17,7\s?%$/ },
  { locale: 'es-AR', countryCode: 'AR', waist: '86,5', neck: '38', shownWaist: /^86,5\s?cm$/, saved: 'Medidas registradas', waistCm: 86.5, estimate: /^17,7\s?%$/ },
  // 34.1 in is kept as 86.61 cm and 15 in as 38.1 cm; 5 ft 10 in is 177.8 cm: in inches,
  // 86.010·log10(34.098 − 15) − 70.041·log10(70) + 36.76 = 110.178 − 129.232 + 36.76 = 17.7.
  { locale: 'en-US', countryCode: 'US', waist: '34.1', neck: '15', shownWaist: /^34\.1 in$/, saved: 'Measurements logged', waistCm: 86.61, estimate: /^17\.7%$/ },
] as const;

for (const c of CASES) {
  test.describe(c.locale, () => {
    test.use({ locale: c.locale });

    test(`offline, measurements logged from the dashboard show at once and after a reload, and reach the server once (${c.locale})`, async ({ page, context, baseURL }) => {
      await registerClient(context.request, baseURL as string, { countryCode: c.countryCode, gender: 'male', height: 177.8 });
      await openNewClientDashboard(page);
      const tracking = new TrackingPage(page);
      await serviceWorkerInControl(page);
      await tracking.waitUntilSynced();

      await setOnline(context, [page], false);
      await tracking.reopen();
      await page.getByTestId('log-measurements').click();
      await page.getByTestId('measurement-waist').fill(c.waist);
      await page.getByTestId('measurement-neck').fill(c.neck);
      await page.getByTestId('measurement-save').dblclick(); // a double tap saves once
      await expect(page.getByTestId('toast')).toContainText(c.saved);
      await expect(page.getByTestId('measurement-form')).toHaveCount(0);

      await page.goto('/progress');
      await expect(page.getByTestId('latest-waist')).toHaveText(c.shownWaist);
      await expect(page.getByTestId('body-fat-estimate-value')).toHaveText(c.estimate);
      await page.reload();
      await expect(page.getByTestId('latest-waist')).toHaveText(c.shownWaist, { timeout: 20_000 });
      await expect(page.getByTestId('measurement-history').getByRole('listitem')).toHaveCount(1);

      await setOnline(context, [page], true);
      await tracking.waitUntilSynced();
      const pulled = async () => (await (await context.request.get('/api/sync/pull?cursor=0')).json()).changes.bodyMeasurements as { waist: number; neck: number }[];
      expect(await pulled()).toEqual([expect.objectContaining({ waist: c.waistCm, deleted: false })]);
      await page.reload();
      await tracking.waitUntilSynced();
      expect(await pulled()).toHaveLength(1);
    });
  });
}

const DAY_MS = 86_400_000;

test.describe('a device clock days wrong', () => {
  // São Paulo (UTC−3): the phone's date a day fast is at most the server's UTC date plus one, which the server accepts.
  test.use({ timezoneId: 'America/Sao_Paulo' });

  test('measurements logged on a phone a day fast, then two days slow, reach the server once each: the fast one dated at the server’s time, the slow one at the phone’s', async ({ page, context, baseURL }) => {
    await registerClient(context.request, baseURL as string, { countryCode: 'BR' });
    await context.clock.install({ time: Date.now() + DAY_MS });
    await openNewClientDashboard(page);
    await serviceWorkerInControl(page);
    const tracking = new TrackingPage(page);
    await tracking.waitUntilSynced();
    const logWaist = async (waist: string) => {
      await page.getByTestId('log-measurements').first().click();
      await page.getByTestId('measurement-waist').fill(waist);
      await page.getByTestId('measurement-save').click();
      await expect(page.getByTestId('measurement-form')).toHaveCount(0);
      await tracking.waitUntilSynced();
    };

    const pulledWaists = async () => ((await (await context.request.get('/api/sync/pull?cursor=0')).json()).changes.bodyMeasurements as unknown[]).length;
    const fastFrom = Date.now();
    await logWaist('90');
    // Until the server holds it: the sync status can read "nothing pending" before the new record
    // reaches the outbox, and the window would close before the push it measures.
    await expect.poll(pulledWaists).toBe(1);
    const fastTo = Date.now();
    // The user sets the clock by hand, two days back this time.
    const slowAt = Date.now() - 2 * DAY_MS;
    await page.clock.setSystemTime(slowAt);
    await logWaist('89');
    const slowTo = Date.now() - 2 * DAY_MS;

    await expect(page.getByTestId('refusal-notice')).toHaveCount(0);
    const pulled = (await (await context.request.get('/api/sync/pull?cursor=0')).json()).changes.bodyMeasurements as { waist: number; createdAt: string }[];
    const at = (waist: number) => pulled.filter((record) => record.waist === waist).map((record) => Date.parse(record.createdAt));
    expect(pulled).toHaveLength(2);
    // A date from the server's future becomes the server's time of receipt (measurement.add, notAfter).
    expect(at(90)).toEqual([expect.any(Number)]);
    expect(at(90)[0]).toBeGreaterThanOrEqual(fastFrom);
    expect(at(90)[0]).toBeLessThanOrEqual(fastTo);
    // A date in the past is the phone's to tell: kept as it said.
    expect(at(89)).toEqual([expect.any(Number)]);
    expect(at(89)[0]).toBeGreaterThanOrEqual(slowAt);
    expect(at(89)[0]).toBeLessThanOrEqual(slowTo);
  });
});
