import { checkInWeek, type Weekday } from '#protocol/domain/check-ins.ts';
import { localDateIn } from '#protocol/domain/daily-progress.ts';
import { backdateRegistration, demoTeacherApi, expect, openNewClientDashboard, registerClient, registerStudentOf, serviceWorkerInControl, teacherAtDesk, test } from '../fixtures.ts';
import { TrackingPage } from '../page-models/tracking-page.ts';

/**
 * Issue 22, part 2: the coach moves a student's check-in day from the student's detail in the
 * panel; the student's open app asks for the check-in of the week that begins on the new day,
 * without a reload. In each language, the coach's weekday names in it.
 */
const CASES = [
  { locale: 'pt-BR', countryCode: 'BR' },
  { locale: 'es-AR', countryCode: 'AR' },
  { locale: 'en-US', countryCode: 'US' },
] as const;

const DAY_MS = 86_400_000;
/** A weekday's name as the page writes it (capitalized), and a date as the form's title does. */
const weekdayIn = (locale: string, weekday: number) => {
  const name = new Date(Date.UTC(2024, 0, 7 + weekday)).toLocaleDateString(locale, { weekday: 'long', timeZone: 'UTC' });
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
};
const dayMonthIn = (locale: string, at: number) => new Date(at).toLocaleDateString(locale, { day: 'numeric', month: 'long' });

for (const c of CASES) {
  test.describe(c.locale, () => {
    test.use({ locale: c.locale, viewport: { width: 390, height: 844 } });

    test(`the teacher moves a student's check-in day in the panel and the student's open app asks for that week's check-in (${c.locale})`, async ({ page, context, browser, baseURL }) => {
      test.setTimeout(120_000);
      const origin = baseURL as string;
      const teacherApi = await demoTeacherApi(origin);
      const name = `Dia ${c.countryCode} ${Date.now().toString(36)}`;
      const { email, studentId } = await registerStudentOf(teacherApi, context.request, origin, { name, countryCode: c.countryCode });
      await teacherApi.dispose();
      backdateRegistration(email, 20);
      await openNewClientDashboard(page);
      await serviceWorkerInControl(page);
      await new TrackingPage(page).waitUntilSynced();
      const card = page.getByTestId('check-in-card');
      await expect(card).toHaveAttribute('data-status', 'due', { timeout: 10_000 });

      // The teacher, at a laptop in the same language, opens the student and picks today's weekday, then tomorrow's.
      const { desk, teacher } = await teacherAtDesk(browser, c.locale);
      await teacher.goto(`/admin?client=${studentId}`);
      const day = teacher.getByTestId('admin-check-in-day').getByRole('combobox');
      await expect(day).toBeVisible({ timeout: 15_000 });

      const today = new Date();
      const formTitle = async () => {
        await card.getByTestId('check-in-start').click();
        const title = await page.getByTestId('check-in-dialog').getByRole('heading').first().textContent();
        await page.keyboard.press('Escape');
        await expect(page.getByTestId('check-in-dialog')).toHaveCount(0);
        return title;
      };
      const moves: Array<readonly [weekday: number, weekStart: number]> = [
        [today.getDay(), today.getTime()],
        [(today.getDay() + 1) % 7, today.getTime() - 6 * DAY_MS],
      ];
      // Choosing the day the student already has changes nothing (no toast). A student's day is
      // their registration's weekday in their country (here 20 days back: tomorrow's weekday
      // there), which is today's on this runner's clock in the hours after UTC midnight while it
      // is still yesterday in that country. The other day goes first then.
      if ((await day.inputValue()) === String(today.getDay())) moves.reverse();
      for (const [weekday, weekStart] of moves) {
        await day.selectOption({ label: weekdayIn(c.locale, weekday) });
        await expect(teacher.getByTestId('toast')).toContainText(weekdayIn(c.locale, weekday));
        await expect(day).toHaveValue(String(weekday));
        await expect.poll(formTitle, { timeout: 10_000 }).toContain(dayMonthIn(c.locale, weekStart));
      }
      await teacher.getByTestId('admin-check-in-day').screenshot({ path: test.info().outputPath(`check-in-day-${c.locale}.png`) });
      await desk.close();
    });
  });
}

test.describe('a device clock days wrong', () => {
  // São Paulo (UTC−3): the phone's date a day fast is at most the server's UTC date plus one, which the server accepts.
  test.use({ timezoneId: 'America/Sao_Paulo', viewport: { width: 390, height: 844 } });

  test('a check-in filled on a phone a day fast reaches the server once: the week on the phone’s calendar, dated at the server’s time', async ({ page, context, baseURL }) => {
    const { email } = await registerClient(context.request, baseURL as string, { countryCode: 'BR' });
    backdateRegistration(email, 20);
    await context.clock.install({ time: Date.now() + DAY_MS });
    await openNewClientDashboard(page);
    await serviceWorkerInControl(page);
    const tracking = new TrackingPage(page);
    await tracking.waitUntilSynced();
    const card = page.getByTestId('check-in-card');
    await expect(card).toHaveAttribute('data-status', 'due', { timeout: 10_000 });

    await card.getByTestId('check-in-start').click();
    const form = page.getByTestId('check-in-dialog');
    for (const score of ['dietAdherence', 'workoutAdherence', 'hunger', 'sleep', 'stress', 'energy']) await form.getByTestId(`check-in-${score}-4`).click();
    const filledFrom = Date.now();
    const phoneDate = localDateIn('America/Sao_Paulo', new Date(filledFrom + DAY_MS));
    await form.getByTestId('check-in-submit').click();
    // The form closes once the check-in is saved on the phone, and a toast says so (or why not):
    // a failure here names what the person was told rather than a card still "due".
    await expect(page.getByTestId('toast').first()).toBeVisible();
    await expect(form, `told: ${(await page.getByTestId('toast').allTextContents()).join(' | ')}`).toHaveCount(0);
    await tracking.waitUntilSynced();
    await expect(page.getByTestId('refusal-notice')).toHaveCount(0);
    await expect(card).toHaveAttribute('data-status', 'sent');
    const filledTo = Date.now();

    const { changes } = await (await context.request.get('/api/sync/pull?cursor=0')).json();
    const checkIns = changes.checkIns as { week: string; createdAt: string }[];
    // The week is the one the phone asked for: its check-in day, on the phone's calendar (checkin.submit).
    expect(checkIns).toEqual([expect.objectContaining({ week: checkInWeek(phoneDate, changes.profile.checkInDay as Weekday), dietAdherence: 4 })]);
    // A date from the server's future becomes the server's time of receipt (notAfter).
    expect(Date.parse(checkIns[0]!.createdAt)).toBeGreaterThanOrEqual(filledFrom);
    expect(Date.parse(checkIns[0]!.createdAt)).toBeLessThanOrEqual(filledTo);
  });
});
