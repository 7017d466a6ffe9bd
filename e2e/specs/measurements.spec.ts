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
      test.setTimeout(90_000);
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
