import type { Page } from '@playwright/test';
import { kgFromLb } from '#protocol/domain/units.ts';
import { checkAxe, formatFindings, settle, switchTheme, type Finding } from '../a11y.ts';
import { demoTeacherApi, expect, registerStudentOf, serviceWorkerInControl, setOnline, teacherAtDesk, test } from '../fixtures.ts';

/**
 * Issue 48: a client at the gym with no signal. From the plan their trainer published, they start
 * today's workout, log three exercises × three sets typed as people type them (a decimal comma in
 * pt-BR and es-AR, pounds in the US), rest with a timer that keeps time (Playwright's clock; three
 * minutes with the page hidden), reload the app offline mid-session and find it where it was,
 * finish and see a record broken. Back online, the server holds each set once and the trainer's
 * open /admin shows the session within 5 s, without a reload. In each language, at 390 px, with
 * the service worker in control.
 */
const CASES = [
  { locale: 'pt-BR', countryCode: 'BR', first: '40', loads: ['42,5', '30,5', '25'], kg: [42.5, 30.5, 25], restOver: 'Descanso terminado', summary: 'Treino concluído!', record: 'Maior carga: 42,5 kg (antes 40 kg)', adminSets: '3/3 séries' },
  { locale: 'es-AR', countryCode: 'AR', first: '40', loads: ['42,5', '30,5', '25'], kg: [42.5, 30.5, 25], restOver: 'Descanso terminado', summary: '¡Entrenamiento terminado!', record: 'Mayor carga: 42,5 kg (antes 40 kg)', adminSets: '3/3 series' },
  { locale: 'en-US', countryCode: 'US', first: '90', loads: ['95', '65', '55'], kg: [95, 65, 55].map(kgFromLb), restOver: 'Rest over', summary: 'Workout done!', record: 'Heaviest load: 95 lb (was 90 lb)', adminSets: '3/3 sets' },
] as const;

/** Every day of the week the same three lifts, so the test does not depend on today's weekday. */
const WEEK = ['Domingo', 'Segunda-feira', 'Terça-feira', 'Quarta-feira', 'Quinta-feira', 'Sexta-feira', 'Sábado'].map((day) => ({
  day,
  workout: {
    name: 'Inferiores e costas',
    exercises: [
      { name: 'Agachamento livre', sets: '3', reps: '10', rest: '60s', notes: 'Desça até 90 graus' },
      { name: 'Supino reto', sets: '3', reps: '8-12', rest: '90 segundos' },
      { name: 'Remada curvada', sets: '3', reps: '10', rest: '1 min' },
    ],
  },
}));

interface CoachSession {
  endedAt: string | null;
  exercises: { sets: { reps: number | null; loadKg: number | null }[] }[];
}

/** The page hidden (the phone in a pocket) or shown again, as the browser tells it. */
const setHidden = (page: Page, hidden: boolean) =>
  page.evaluate((hidden) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);

for (const c of CASES) {
  test.describe(c.locale, () => {
    test.use({ locale: c.locale, viewport: { width: 390, height: 844 } });

    test(`a programme day logged offline at the gym reaches the trainer once, with its record (${c.locale})`, async ({ page, context, browser, baseURL }) => {
      test.setTimeout(180_000);
      const origin = baseURL as string;
      const teacherApi = await demoTeacherApi(origin);
      const { studentId } = await registerStudentOf(teacherApi, context.request, origin, { name: `Treino ${c.countryCode} ${Date.now().toString(36)}`, countryCode: c.countryCode });
      const headers = { origin };
      expect((await context.request.post('/api/subscriptions/trial', { headers, data: {} })).ok()).toBe(true);
      expect((await context.request.post('/api/subscriptions', { headers, data: { planId: 'monthly' } })).ok()).toBe(true);
      const created = await teacherApi.post(`/api/admin/users/${studentId}/workout`, {
        data: { title: 'Treino A', description: '', duration: '8 semanas', frequency: '3x por semana', weeklySchedule: JSON.stringify(WEEK), progressionTips: '', safetyNotes: '' },
      });
      expect(created.status()).toBe(201);
      const { workout } = (await created.json()) as { workout: { id: string } };
      expect((await teacherApi.post(`/api/teacher-admin/workout/${workout.id}/publish`)).ok()).toBe(true);

      await page.clock.install();
      await page.addInitScript((locale) => {
        localStorage.setItem('locale', locale);
        // The phone's vibrations, counted: the rest's end is told once, and not on coming back long after.
        Object.defineProperty(navigator, 'vibrate', { configurable: true, value: () => ((window as unknown as { vibrations: number }).vibrations = ((window as unknown as { vibrations?: number }).vibrations ?? 0) + 1) > 0 });
      }, c.locale);
      await page.goto('/dashboard');
      await expect(page.getByTestId('daily-tracking')).toBeVisible({ timeout: 20_000 });
      await serviceWorkerInControl(page);
      const exercises = page.getByTestId('session-exercise');
      const row = (exercise: number, set: number) => exercises.nth(exercise).getByTestId('set-row').nth(set);

      // Last week's session, online: one set of squats, the figure to beat.
      await page.goto('/workout');
      await page.getByTestId('chosen-day').getByTestId('start-workout').click();
      await row(0, 0).getByTestId('set-load').fill(c.first);
      await row(0, 0).getByTestId('set-done').click();
      await expect(row(0, 0)).toHaveAttribute('data-done', 'true');
      await page.getByTestId('finish-workout').click();
      await page.getByTestId('confirm-dialog-confirm').click();
      await expect(page.getByTestId('workout-summary')).toBeVisible();

      // The trainer has the student open at a laptop.
      const { desk, teacher } = await teacherAtDesk(browser, c.locale);
      await teacher.goto(`/admin?client=${studentId}`);
      await expect(teacher.getByTestId('admin-workout-session')).toHaveCount(1, { timeout: 15_000 });

      // Today, in the basement: no signal.
      await setOnline(context, [page], false);
      await page.goto('/workout');
      await page.getByTestId('chosen-day').getByTestId('start-workout').click();
      await expect(page.getByTestId('workout-session')).toBeVisible();
      const findings = new Map<string, Finding>();
      await checkAxe(page, `${c.locale} session`, findings);
      expect(findings.size, formatFindings('workout session', findings.values())).toBe(0);

      // The first set: last time's load in the field; today's typed over it.
      await expect(row(0, 0).getByTestId('set-load')).toHaveValue(c.first);
      await expect(row(0, 0).getByTestId('set-reps')).toHaveValue('10');
      await row(0, 0).getByTestId('set-load').fill(c.loads[0]);
      await row(0, 0).getByTestId('set-done').dblclick();
      await expect(row(0, 0)).toHaveAttribute('data-done', 'true');
      await expect(page.getByTestId('rest-left')).toHaveText(/^(1:00|0:59|0:58)$/);
      // The session with its rest under way, in the dark theme too, as the phone's night mode shows it.
      await switchTheme(page, 'dark');
      await settle(page);
      await checkAxe(page, `${c.locale} dark, resting`, findings);
      expect(findings.size, formatFindings('workout session, dark, resting', findings.values())).toBe(0);
      await page.screenshot({ path: test.info().outputPath(`workout-resting-dark-${c.locale}.png`) });
      await switchTheme(page, 'light');
      // The rest runs its minute on screen: over, and the phone vibrates once.
      await page.clock.runFor(61_000);
      await expect(page.getByTestId('rest-timer')).toHaveAttribute('data-over', 'true');
      await expect(page.getByTestId('rest-timer')).toContainText(c.restOver);
      expect(await page.evaluate(() => (window as unknown as { vibrations?: number }).vibrations)).toBe(1);

      // The second set as the first went: one tap. Then three minutes in a pocket.
      await expect(row(0, 1).getByTestId('set-load')).toHaveValue(c.loads[0]);
      await row(0, 1).getByTestId('set-done').click();
      await expect(page.getByTestId('rest-timer')).toHaveAttribute('data-over', 'false');
      await setHidden(page, true);
      await page.clock.fastForward('03:00');
      await setHidden(page, false);
      await expect(page.getByTestId('rest-timer')).toHaveAttribute('data-over', 'true');
      await expect(page.getByTestId('rest-left')).toHaveText('0:00');
      expect(await page.evaluate(() => (window as unknown as { vibrations?: number }).vibrations)).toBe(1);
      await row(0, 2).getByTestId('set-done').click();
      await page.getByTestId('rest-skip').click();

      // The app closed and opened again, still offline: the session is where it was.
      await page.reload();
      await expect(row(0, 2)).toHaveAttribute('data-done', 'true', { timeout: 20_000 });
      await expect(row(0, 0).getByTestId('set-load')).toHaveValue(c.loads[0]);
      for (const exercise of [1, 2]) {
        await row(exercise, 0).getByTestId('set-load').fill(c.loads[exercise]!);
        for (const set of [0, 1, 2]) {
          await row(exercise, set).getByTestId('set-done').click();
          await expect(row(exercise, set)).toHaveAttribute('data-done', 'true');
          await page.getByTestId('rest-skip').click();
        }
      }
      await page.screenshot({ path: test.info().outputPath(`workout-session-${c.locale}.png`), fullPage: true });

      await page.getByTestId('finish-workout').click();
      await page.getByTestId('confirm-dialog-confirm').click();
      await expect(page.getByTestId('workout-summary')).toContainText(c.summary);
      await expect(page.getByTestId('summary-sets')).toHaveText(/^9\D+9$/);
      await expect(page.getByTestId('summary-record').filter({ hasText: c.record })).toHaveCount(1);
      await page.screenshot({ path: test.info().outputPath(`workout-summary-${c.locale}.png`), fullPage: true });

      // Back online: the trainer's open panel shows the session within 5 s, and the server holds each set once, in kg.
      await setOnline(context, [page], true);
      await expect(teacher.getByTestId('admin-workout-session')).toHaveCount(2, { timeout: 5_000 });
      await expect(teacher.getByTestId('admin-workout-session').first().getByTestId('admin-workout-sets').first()).toContainText(c.adminSets);
      await teacher.screenshot({ path: test.info().outputPath(`workout-admin-${c.locale}.png`), fullPage: true });
      await desk.close();
      const { sessions } = (await (await teacherApi.get(`/api/coach/clients/${studentId}/workout-sessions`)).json()) as { sessions: CoachSession[] };
      expect(sessions.map((s) => ({ ended: s.endedAt !== null, sets: s.exercises.map((e) => e.sets.map((set) => [set.reps, set.loadKg])) }))).toEqual([
        { ended: true, sets: c.kg.map((kg, i) => [0, 1, 2].map(() => [i === 1 ? 8 : 10, kg])) },
        { ended: true, sets: [[[10, c.kg[0] === 42.5 ? 40 : kgFromLb(90)]], [], []] },
      ]);

      // The exercise's history, from /workout's list of exercises done.
      await page.goto('/workout');
      await expect(page.getByTestId('exercise-done')).toHaveCount(3);
      await page.screenshot({ path: test.info().outputPath(`workout-start-${c.locale}.png`), fullPage: true });
      await page.getByTestId('exercise-done').filter({ hasText: 'Agachamento livre' }).click();
      await expect(page.getByTestId('history-session')).toHaveCount(2);
      await expect(page.getByTestId('history-session-sets').first()).toContainText(c.loads[0]);
      await page.screenshot({ path: test.info().outputPath(`workout-history-${c.locale}.png`), fullPage: true });
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      // Finishing marked today's workout done, through the tracking's own change.
      await page.goto('/dashboard');
      await expect(page.getByTestId('toggle-workout')).toBeChecked({ timeout: 15_000 });
      await teacherApi.dispose();
    });
  });
}
