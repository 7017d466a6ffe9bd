import { mkdirSync } from 'node:fs';
import type { BrowserContext } from '@playwright/test';
import { expect, openNewClientDashboard, registerClient, setOnline, signInThroughLogin, test, type Locale } from '../fixtures.ts';
import { TrackingPage } from '../page-models/tracking-page.ts';

/**
 * Issue 16, parts 5a–5c (ADR 015): a weight typed with the locale's decimal separator is saved
 * as typed; a weight far from the last one asks "Did you mean …?"; a record is corrected or
 * deleted from /progress, offline, and the user's other device follows after its sync.
 */

const PHONE = { width: 390, height: 844 };
const SCREENS = 'test-results/screens';

const TEXT: Record<Locale, { typed: string; shown: string; saved: string; country: 'BR' | 'AR' | 'US'; didYouMean: string; suggestion: string }> = {
  'pt-BR': { typed: '45,2', shown: '45,2 kg', saved: 'Peso Registrado!', country: 'BR', didYouMean: 'Você quis dizer 45,2 kg?', suggestion: 'Usar 45,2 kg' },
  'es-AR': { typed: '45,2', shown: '45,2 kg', saved: '¡Peso registrado!', country: 'AR', didYouMean: '¿Quisiste decir 45,2 kg?', suggestion: 'Usar 45,2 kg' },
  'en-US': { typed: '45.2', shown: '45.2 kg', saved: 'Weight logged!', country: 'US', didYouMean: 'Did you mean 45.2 kg?', suggestion: 'Use 45.2 kg' },
};

type ServerRecord = { id: string; weight: number; notes: string | null; createdAt: string };
const serverRecords = async (context: BrowserContext): Promise<ServerRecord[]> => (await (await context.request.get('/api/weight-records')).json()).weightRecords;

for (const locale of ['pt-BR', 'es-AR', 'en-US'] as const) {
  test(`in ${locale}, "${TEXT[locale].typed}" is saved as 45.2 kg and shown as "${TEXT[locale].shown}"; 452 asks "Did you mean …?"`, async ({ browser, baseURL }) => {
    const text = TEXT[locale];
    const context = await browser.newContext({ locale, viewport: PHONE });
    // Kilograms in every country here, a US client who chose them included: pounds are units.spec's.
    await registerClient(context.request, baseURL as string, { currentWeight: 46, targetWeight: 40, countryCode: text.country, preferredLanguage: locale, unitSystem: 'metric' });
    const page = await context.newPage();
    await openNewClientDashboard(page);
    const tracking = new TrackingPage(page);

    await page.getByTestId('record-weight').first().click();
    const input = page.getByTestId('weight-input');
    await expect(input).toHaveAttribute('type', 'text');
    await expect(input).toHaveAttribute('inputmode', 'decimal');
    await input.fill(text.typed);
    await page.getByTestId('weight-notes').fill('em jejum');
    await page.getByTestId('weight-save').click();
    await expect(page.getByTestId('toast')).toContainText(text.saved);
    await expect(page.getByTestId('toast')).toContainText(text.shown);
    await tracking.waitUntilSynced();
    expect((await serverRecords(context)).map((r) => r.weight)).toEqual([45.2]);

    // The decimal separator forgotten: 452 after 45.2 asks first, and nothing is saved before the answer.
    // Saved with a double tap: the second tap lands where the smaller question now is, and neither
    // closes it nor answers it unread.
    await page.getByTestId('record-weight').first().click();
    await page.getByTestId('weight-input').fill('452');
    await page.getByTestId('weight-save').dblclick();
    await expect(page.getByTestId('weight-confirm')).toContainText(text.didYouMean);
    await expect(page.getByRole('button', { name: text.suggestion })).toBeFocused();
    mkdirSync(SCREENS, { recursive: true });
    await page.screenshot({ path: `${SCREENS}/weight-did-you-mean-${locale}.png` });
    await page.getByRole('button', { name: text.suggestion }).click();
    await expect(page.getByTestId('weight-confirm')).toHaveCount(0);
    await tracking.waitUntilSynced();
    expect((await serverRecords(context)).map((r) => r.weight)).toEqual([45.2, 45.2]);

    await page.goto('/progress');
    const history = page.getByTestId('weight-history');
    await expect(history.getByText(text.shown)).toHaveCount(2);
    await expect(history).toContainText('em jejum'); // the note, shown at last
    await expect(history.getByTestId('weight-edit')).toHaveCount(2);
    await page.screenshot({ path: `${SCREENS}/progress-history-${locale}.png`, fullPage: true });
    await context.close();
  });
}

test('a record corrected and another deleted offline on the phone; the laptop shows both after its sync', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const phone = await browser.newContext({ locale: 'pt-BR', viewport: PHONE });
  const laptop = await browser.newContext({ locale: 'pt-BR' });
  const { email, password } = await registerClient(phone.request, baseURL as string, { currentWeight: 80, targetWeight: 72 });
  const phonePage = await phone.newPage();
  await openNewClientDashboard(phonePage);
  const onPhone = new TrackingPage(phonePage);
  await onPhone.recordWeight('80,4');
  await onPhone.recordWeight('79,9');
  await onPhone.waitUntilSynced();
  const [kept, removed] = (await serverRecords(phone)).sort((a, b) => b.weight - a.weight) as [ServerRecord, ServerRecord];
  expect([kept.weight, removed.weight]).toEqual([80.4, 79.9]);

  const laptopPage = await laptop.newPage();
  await signInThroughLogin(laptopPage, email, password);
  const onLaptop = new TrackingPage(laptopPage);
  await onLaptop.waitUntilSynced();
  await laptopPage.goto('/progress');
  await expect(laptopPage.getByTestId(`weight-row-${removed.id}`)).toContainText('79,9 kg', { timeout: 20_000 });

  await phonePage.goto('/progress');
  await expect(phonePage.getByTestId(`weight-row-${kept.id}`)).toContainText('80,4 kg');
  await setOnline(phone, [phonePage], false);

  // Corrected: weight and a note.
  await phonePage.getByTestId(`weight-row-${kept.id}`).getByTestId('weight-edit').click();
  await expect(phonePage.getByTestId('weight-input')).toHaveValue('80,4');
  await phonePage.getByTestId('weight-input').fill('80,1');
  await phonePage.getByTestId('weight-notes').fill('após o café');
  await phonePage.getByTestId('weight-save').click();
  await expect(phonePage.getByTestId('toast')).toContainText('Registro corrigido');
  await expect(phonePage.getByTestId(`weight-row-${kept.id}`)).toContainText('80,1 kg');
  await expect(phonePage.getByTestId(`weight-row-${kept.id}`)).toContainText('após o café');

  // Deleted, undone, deleted again: the undo re-adds a copy under a new id.
  await phonePage.getByTestId(`weight-row-${removed.id}`).getByTestId('weight-delete').click();
  await expect(phonePage.getByTestId(`weight-row-${removed.id}`)).toHaveCount(0);
  await expect(phonePage.getByTestId('toast')).toContainText('Registro excluído');
  await phonePage.getByTestId('toast-action').click();
  await expect(phonePage.getByTestId('weight-history').getByText('79,9 kg')).toHaveCount(1);
  await phonePage.getByTestId('weight-history').locator('li', { hasText: '79,9 kg' }).getByTestId('weight-delete').click();
  await expect(phonePage.getByTestId('weight-history').getByText('79,9 kg')).toHaveCount(0);
  await expect(phonePage.getByTestId('toast-action')).toHaveText('Desfazer');
  await phonePage.screenshot({ path: `${SCREENS}/progress-offline-edit-delete-pt-BR.png`, fullPage: true });
  await expect.poll(() => onPhone.pending()).toBe(4); // update, delete, the copy, its delete

  await setOnline(phone, [phonePage], true);
  await onPhone.waitUntilSynced();
  expect(await serverRecords(phone)).toEqual([{ id: kept.id, weight: 80.1, notes: 'após o café', createdAt: kept.createdAt, deleted: false }]);

  // The laptop follows after its own sync (here: at start, after a reload).
  await laptopPage.reload();
  await onLaptop.waitUntilSynced();
  await expect(laptopPage.getByTestId(`weight-row-${kept.id}`)).toContainText('80,1 kg', { timeout: 20_000 });
  await expect(laptopPage.getByTestId(`weight-row-${kept.id}`)).toContainText('após o café');
  await expect(laptopPage.getByTestId(`weight-row-${removed.id}`)).toHaveCount(0);
  await expect(laptopPage.getByTestId('weight-history').getByText('79,9 kg')).toHaveCount(0);
  await expect(laptopPage.getByTestId('total-records')).toHaveText('1');
  await phone.close();
  await laptop.close();
});
