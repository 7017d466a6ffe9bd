import { expect, openNewClientDashboard, registerClient, serviceWorkerInControl, setOnline, test } from '../fixtures.ts';
import { TrackingPage } from '../page-models/tracking-page.ts';

/**
 * Issue 50, part 6 (ADR 032): the notification switches are the person's, not the browser's. One
 * turned off on the phone with no signal is kept, reaches the server when the signal returns, and
 * the laptop shows it off; the inert "tips" switch is gone. In each language, on a 390 px phone.
 */
const CASES = [
  { locale: 'pt-BR', countryCode: 'BR', weighIn: 'Lembrete de pesagem: Push', coach: 'Mensagem do seu coach: E-mail', tips: /dicas/i },
  { locale: 'es-AR', countryCode: 'AR', weighIn: 'Recordatorio de pesaje: Push', coach: 'Un mensaje de tu coach: E-mail', tips: /consejos/i },
  { locale: 'en-US', countryCode: 'US', weighIn: 'Weigh-in reminder: Push', coach: 'A message from your coach: E-mail', tips: /tips/i },
] as const;

for (const c of CASES) {
  test.describe(c.locale, () => {
    test.use({ locale: c.locale, viewport: { width: 390, height: 844 } });

    test(`a switch turned off offline on the phone is off on the laptop after the phone's sync (${c.locale})`, async ({ page, context, browser, baseURL }) => {
      const { email, password } = await registerClient(context.request, baseURL as string, { countryCode: c.countryCode });
      await openNewClientDashboard(page);
      await serviceWorkerInControl(page);
      await page.goto('/settings');
      const notices = page.getByTestId('notices-section');
      const weighIn = notices.getByRole('switch', { name: c.weighIn });
      await expect(weighIn).toBeChecked();
      await expect(notices.getByRole('switch', { name: c.coach })).not.toBeChecked();
      await expect(notices).not.toContainText(c.tips);

      await setOnline(context, [page], false);
      await weighIn.click();
      await notices.getByRole('switch', { name: c.coach }).click();
      await expect(weighIn).not.toBeChecked();
      // Kept on the phone across a reload with no network.
      await page.reload();
      await expect(page.getByTestId('notices-section').getByRole('switch', { name: c.weighIn })).not.toBeChecked();
      await page.screenshot({ path: test.info().outputPath(`notice-choices-${c.locale}.png`), fullPage: true });
      await setOnline(context, [page], true);
      await new TrackingPage(page).waitUntilSynced();

      const laptop = await browser.newContext({ locale: c.locale });
      try {
        expect((await laptop.request.post('/api/clients/login', { headers: { origin: baseURL as string }, data: { email, password } })).status()).toBe(200);
        const desk = await laptop.newPage();
        await desk.goto('/settings');
        const there = desk.getByTestId('notices-section');
        await expect(there.getByRole('switch', { name: c.weighIn })).not.toBeChecked({ timeout: 20_000 });
        await expect(there.getByRole('switch', { name: c.coach })).toBeChecked();
      } finally {
        await laptop.close();
      }
    });
  });
}
