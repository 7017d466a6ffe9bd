import { expect, openNewClientDashboard, registerClient, signInThroughLogin, test } from '../fixtures.ts';
import { TrackingPage } from '../page-models/tracking-page.ts';

/**
 * Issue 22, part 4: the LGPD consent for health data. A client withdraws it in Settings: what it
 * covered is erased, on this phone and on their other device already open, without a reload; the
 * places that would record health data say where to give it again; given again, they are back.
 */
const CASES = [
  { locale: 'pt-BR', countryCode: 'BR', waist: '86,5', given: /^Consentimento dado em \d+ de novembro de 2026\.$/, none: 'Você não deu consentimento', notice: 'precisa do seu consentimento', settings: 'Configurações' },
  { locale: 'es-AR', countryCode: 'AR', waist: '86,5', given: /^Consentimiento dado el \d+ de noviembre de 2026\.$/, none: 'No diste consentimiento', notice: 'necesita tu consentimiento', settings: 'Configuración' },
  { locale: 'en-US', countryCode: 'US', waist: '34.1', given: /^Consent given on November \d+, 2026\.$/, none: 'You have not consented', notice: 'needs your consent', settings: 'Settings' },
] as const;

for (const c of CASES) {
  test.describe(c.locale, () => {
    test.use({ locale: c.locale, viewport: { width: 390, height: 844 } });

    test(`withdrawn in Settings, the health data is erased on both devices within seconds, and given again it can be recorded (${c.locale})`, async ({ page, context, browser, baseURL }) => {
      test.setTimeout(120_000);
      const { email, password } = await registerClient(context.request, baseURL as string, { countryCode: c.countryCode });
      await openNewClientDashboard(page);
      const tracking = new TrackingPage(page);
      await tracking.waitUntilSynced();
      await page.getByTestId('log-measurements').click();
      await page.getByTestId('measurement-waist').fill(c.waist);
      await page.getByTestId('measurement-save').click();
      await expect(page.getByTestId('measurement-form')).toHaveCount(0);
      await tracking.waitUntilSynced();

      // The same person's tablet, open on /progress.
      const tabletContext = await browser.newContext({ locale: c.locale, viewport: { width: 800, height: 1000 } });
      const tablet = await tabletContext.newPage();
      await signInThroughLogin(tablet, email, password);
      await tablet.goto('/progress');
      await expect(tablet.getByTestId('latest-waist')).toBeVisible({ timeout: 20_000 });

      await page.goto('/settings');
      await expect(page.getByTestId('health-consent-state')).toHaveText(c.given, { timeout: 15_000 });
      await page.getByTestId('health-consent-withdraw').click();
      await page.getByTestId('health-consent-withdraw-confirm').click();
      await expect(page.getByTestId('health-consent-state')).toContainText(c.none);

      // The tablet drops the measurement without a reload: the server's poke, then a pull from nothing.
      await expect(tablet.getByTestId('measurements-empty')).toBeVisible({ timeout: 10_000 });
      await expect(tablet.getByTestId('measurements-card').getByTestId('health-consent-notice')).toContainText(c.notice);
      await tabletContext.close();

      await page.goto('/progress');
      await expect(page.getByTestId('measurements-empty')).toBeVisible({ timeout: 15_000 });
      await expect(page.getByTestId('log-measurements')).toHaveCount(0);
      await expect(page.getByTestId('photos-add')).toHaveCount(0);
      await expect(page.getByTestId('photos-card').getByTestId('health-consent-notice')).toContainText(c.notice);
      const notice = page.getByTestId('measurements-card').getByTestId('health-consent-notice');
      await expect(notice).toContainText(c.notice);
      await notice.getByRole('link', { name: c.settings }).click();
      await expect(page).toHaveURL(/\/settings#health-data$/);
      await page.getByTestId('health-consent-give').click();
      await expect(page.getByTestId('health-consent-state')).toHaveText(c.given);

      await page.goto('/progress');
      await expect(page.getByTestId('log-measurements')).toBeVisible({ timeout: 15_000 });
      await expect(page.getByTestId('health-consent-notice')).toHaveCount(0);
      const exported = await (await context.request.get('/api/clients/me/export')).json();
      expect(exported.healthConsents.map((row: { action: string }) => row.action)).toEqual(['given', 'withdrawn', 'given']);
    });
  });
}
