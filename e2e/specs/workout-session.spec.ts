import { kgFromLb } from '#protocol/domain/units.ts';
import { checkAxe, formatFindings, type Finding } from '../a11y.ts';
import { demoTeacherApi, expect, registerStudentOf, serviceWorkerInControl, setOnline, test } from '../fixtures.ts';

/**
 * Issue 48: a client at the gym with no signal. From a plan their trainer published, they start
 * today's workout, log sets typed as people type them (a decimal comma in pt-BR and es-AR, pounds
 * in the US), rest with a timer that keeps time while the screen is off (Playwright's clock moved
 * on), reload the app offline mid-session and find it where it was, finish, and the trainer sees
 * the session once the phone is back online. In each language, at 390 px.
 */
const CASES = [
  { locale: 'pt-BR', countryCode: 'BR', load: '42,5', loadKg: 42.5, restOver: 'Descanso terminado', summary: 'Treino concluído!' },
  { locale: 'es-AR', countryCode: 'AR', load: '42,5', loadKg: 42.5, restOver: 'Descanso terminado', summary: '¡Entrenamiento terminado!' },
  { locale: 'en-US', countryCode: 'US', load: '95', loadKg: kgFromLb(95), restOver: 'Rest over', summary: 'Workout done!' },
] as const;

/** Every day of the week the same two exercises, so the test does not depend on today's weekday. */
const WEEK = ['Domingo', 'Segunda-feira', 'Terça-feira', 'Quarta-feira', 'Quinta-feira', 'Sexta-feira', 'Sábado'].map((day) => ({
  day,
  workout: {
    name: 'Pernas',
    exercises: [
      { name: 'Agachamento livre', sets: '2', reps: '10', rest: '60s', notes: 'Desça até 90 graus' },
      { name: 'Prancha', sets: '1', reps: '30s', rest: '30s' },
    ],
  },
}));

interface CoachSession {
  endedAt: string | null;
  exercises: { name: string; sets: { reps: number | null; loadKg: number | null; seconds: number | null }[] }[];
}

for (const c of CASES) {
  test.describe(c.locale, () => {
    test.use({ locale: c.locale, viewport: { width: 390, height: 844 } });

    test(`a set logged offline at the gym reaches the trainer once, and the day's workout is done (${c.locale})`, async ({ page, context, baseURL }) => {
      test.setTimeout(150_000);
      const origin = baseURL as string;
      const teacherApi = await demoTeacherApi(origin);
      const { studentId } = await registerStudentOf(teacherApi, context.request, origin, { name: `Treino ${c.countryCode} ${Date.now().toString(36)}`, countryCode: c.countryCode });
      const headers = { origin };
      expect((await context.request.post('/api/subscriptions/trial', { headers, data: {} })).ok()).toBe(true);
      expect((await context.request.post('/api/subscriptions', { headers, data: { planId: 'monthly' } })).ok()).toBe(true);
      const created = await teacherApi.post(`/api/admin/users/${studentId}/workout`, {
        data: { title: 'Treino de pernas', description: '', duration: '8 semanas', frequency: '3x por semana', weeklySchedule: JSON.stringify(WEEK), progressionTips: '', safetyNotes: '' },
      });
      expect(created.status()).toBe(201);
      const { workout } = (await created.json()) as { workout: { id: string } };
      expect((await teacherApi.post(`/api/teacher-admin/workout/${workout.id}/publish`)).ok()).toBe(true);

      await page.clock.install();
      await page.addInitScript((locale) => localStorage.setItem('locale', locale), c.locale);
      await page.goto('/dashboard');
      await expect(page.getByTestId('daily-tracking')).toBeVisible({ timeout: 20_000 });
      await serviceWorkerInControl(page);
      await page.goto('/workout');
      await page.getByTestId('chosen-day').getByTestId('start-workout').click();
      const session = page.getByTestId('workout-session');
      await expect(session).toBeVisible();
      const findings = new Map<string, Finding>();
      await checkAxe(page, `${c.locale} session`, findings);
      expect(findings.size, formatFindings('workout session', findings.values())).toBe(0);

      // In the basement: no signal.
      await setOnline(context, [page], false);
      const squat = page.getByTestId('session-exercise').first();
      const [first, second] = [squat.getByTestId('set-row').nth(0), squat.getByTestId('set-row').nth(1)];
      await expect(first.getByTestId('set-reps')).toHaveValue('10');
      await first.getByTestId('set-load').fill(c.load);
      await first.getByTestId('set-done').dblclick();
      await expect(first).toHaveAttribute('data-done', 'true');
      await expect(page.getByTestId('rest-left')).toHaveText(/^(1:00|0:59|0:58)$/);
      // The screen off for a minute: the rest is over when it comes back.
      await page.clock.fastForward('01:05');
      await expect(page.getByTestId('rest-timer')).toHaveAttribute('data-over', 'true');
      await expect(page.getByTestId('rest-timer')).toContainText(c.restOver);
      await page.getByTestId('rest-skip').click();

      // The app closed and opened again, still offline: the session is where it was.
      await page.reload();
      await expect(first).toHaveAttribute('data-done', 'true', { timeout: 20_000 });
      await expect(first.getByTestId('set-load')).toHaveValue(c.load);
      await expect(second.getByTestId('set-load')).toHaveValue(c.load);
      await second.getByTestId('set-done').click();
      await expect(second).toHaveAttribute('data-done', 'true');
      await page.screenshot({ path: test.info().outputPath(`workout-session-${c.locale}.png`), fullPage: true });

      await page.getByTestId('finish-workout').click();
      await page.getByTestId('confirm-dialog-confirm').click();
      await expect(page.getByTestId('workout-summary')).toContainText(c.summary);
      await expect(page.getByTestId('summary-sets')).toHaveText(/^2\D+3$/);
      await page.screenshot({ path: test.info().outputPath(`workout-summary-${c.locale}.png`), fullPage: true });

      // Back online: the trainer sees the session, each set once, in kg.
      await setOnline(context, [page], true);
      await expect
        .poll(
          async () => {
            const { sessions } = (await (await teacherApi.get(`/api/coach/clients/${studentId}/workout-sessions`)).json()) as { sessions: CoachSession[] };
            return sessions.map((s) => ({ ended: s.endedAt !== null, sets: s.exercises[0]?.sets.map((set) => [set.reps, set.loadKg]) }));
          },
          { timeout: 20_000 },
        )
        .toEqual([{ ended: true, sets: [[10, c.loadKg], [10, c.loadKg]] }]);
      // The exercise's history, from /workout's list of exercises done.
      await page.goto('/workout');
      await expect(page.getByTestId('exercise-done')).toHaveCount(1);
      await page.screenshot({ path: test.info().outputPath(`workout-start-${c.locale}.png`), fullPage: true });
      await page.getByTestId('exercise-done').first().click();
      await expect(page.getByTestId('history-session')).toHaveCount(1);
      await expect(page.getByTestId('history-session-sets')).toContainText(`${c.load}`);
      await page.screenshot({ path: test.info().outputPath(`workout-history-${c.locale}.png`), fullPage: true });
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      // Finishing marked today's workout done, through the tracking's own change.
      await page.goto('/dashboard');
      await expect(page.getByTestId('toggle-workout')).toBeChecked({ timeout: 15_000 });
      await teacherApi.dispose();
    });
  });
}
