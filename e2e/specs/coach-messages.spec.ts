import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { uuidv7 } from '#protocol/ids.ts';
import { backdateRegistration, DEMO, demoTeacherApi, expect, openNewClientDashboard, registerStudentOf, serviceWorkerInControl, setOnline, teacherAtDesk, test } from '../fixtures.ts';
import { TrackingPage } from '../page-models/tracking-page.ts';

/**
 * Issue 22, the loop across two browsers: the teacher's attention view lists a student 8 days
 * from the scale; the student, at the gym with no signal, fills the week's
 * check-in (with a measurement and a photo from its form) and writes to their teacher; once the phone is back online the teacher's open
 * dashboard lists the student as waiting and counts the check-in within 5 s, with no reload; the
 * teacher answers from the student's detail and reviews the check-in; the answer and the
 * feedback reach the student's open app within 5 s, and the student having read them shows to
 * the teacher as "seen". In each language, on both sides.
 */
// The teacher reads the figures in their own units (the demo teacher's are metric): 179.5 lb is 81.4 kg.
const CASES = [
  { locale: 'pt-BR', countryCode: 'BR', nav: 'Mensagens', answer: 'Responder', unread: '1 mensagem nova', seen: 'Vista', weight: '81,4', shownWeight: /81,4\s?kg/, waist: '86,5', shownWaist: /Cintura86,5\s?cm/ },
  { locale: 'es-AR', countryCode: 'AR', nav: 'Mensajes', answer: 'Responder a', unread: '1 mensaje nuevo', seen: 'Visto', weight: '81,4', shownWeight: /81,4\s?kg/, waist: '86,5', shownWaist: /Cintura86,5\s?cm/ },
  { locale: 'en-US', countryCode: 'US', nav: 'Messages', answer: 'Answer', unread: '1 new message', seen: 'Seen', weight: '179.5', shownWeight: /81\.4\s?kg/, waist: '34.1', shownWaist: /Waist86\.6\s?cm/ },
] as const;

const PHOTO = path.join(import.meta.dirname, '../fixtures/photo-with-gps.jpg');
const SCORES = ['dietAdherence', 'workoutAdherence', 'hunger', 'sleep', 'stress', 'energy'] as const;
const ATTENTION = { 'pt-BR': 'há 8 dias', 'es-AR': 'hace 8 días', 'en-US': '8 days ago' } as const;

/** A weigh-in from another phone of the student's, `daysAgo` days back, pushed straight to the API. */
async function weighInFromAnotherPhone(request: APIRequestContext, origin: string, weight: number, daysAgo: number) {
  const deviceId = `web_e2e${Date.now().toString(16)}${Math.random().toString(16).slice(2, 10)}`;
  const at = new Date(Date.now() - daysAgo * 86_400_000);
  const mutation = { deviceId, seq: 1, id: uuidv7(), name: 'weight.add', version: 1, args: { id: uuidv7(at.getTime()), weight, notes: null, createdAt: at.toISOString() }, hlc: `${new Date().toISOString()}-000000-${deviceId}`, localDate: new Date().toISOString().slice(0, 10), timeZone: 'UTC' };
  const response = await request.post('/api/sync/push', { headers: { origin }, data: { deviceId, mutations: [mutation] } });
  expect((await response.json()).results).toEqual([expect.objectContaining({ status: 'applied' })]);
}

for (const c of CASES) {
  test.describe(c.locale, () => {
    test.use({ locale: c.locale, viewport: { width: 390, height: 844 } });

    test(`the teacher sees who has not weighed in for 8 days; their open dashboard hears of a student's offline message and check-in within 5 s, answers and reviews them, and both reach the student within 5 s (${c.locale})`, async ({ page, context, browser, baseURL }) => {
      test.setTimeout(150_000);
      const origin = baseURL as string;
      // A new student of the demo teacher's, through the teacher's referral code.
      const teacherApi = await demoTeacherApi(origin);
      const name = `Lia ${c.countryCode} ${Date.now().toString(36)}`;
      const { email, studentId } = await registerStudentOf(teacherApi, context.request, origin, { name, countryCode: c.countryCode });
      // A student of two weeks whose teacher set the check-in on today's weekday.
      backdateRegistration(email, 14);
      await weighInFromAnotherPhone(context.request, origin, 82, 8);
      expect((await teacherApi.put(`/api/coach/clients/${studentId}/check-in-day`, { data: { day: new Date().getDay() } })).status()).toBe(200);
      await teacherApi.dispose();
      await openNewClientDashboard(page);
      const tracking = new TrackingPage(page);
      await serviceWorkerInControl(page);
      await tracking.waitUntilSynced();
      const checkInCard = page.getByTestId('check-in-card');
      await expect(checkInCard).toHaveAttribute('data-status', 'due', { timeout: 10_000 });

      // The teacher's dashboard, open on a laptop in the same language.
      const { desk, teacher } = await teacherAtDesk(browser, c.locale);
      await teacher.goto('/teacher-dashboard');
      const messages = teacher.getByTestId('teacher-messages');
      await expect(messages).toBeVisible({ timeout: 15_000 });
      const waiting = messages.getByTestId('teacher-messages-thread').filter({ hasText: name });
      await expect(waiting).toHaveCount(0);
      // Who needs attention: the student 8 days from the scale.
      await teacher.getByTestId('teacher-tab-students').click();
      await teacher.getByTestId('attention-filter-noWeighIn7').click();
      await expect(teacher.getByTestId('teacher-student-row').filter({ hasText: name })).toContainText(ATTENTION[c.locale], { timeout: 10_000 });
      await teacher.getByTestId('teacher-tab-overview').click();
      const checkInsWaiting = teacher.getByTestId('teacher-check-ins-waiting');
      await expect(checkInsWaiting).toBeVisible();
      const countOf = async () => Number((await checkInsWaiting.textContent())?.match(/\d+/)?.[0] ?? 0);
      const checkInsBefore = await countOf();

      await setOnline(context, [page], false);
      // The check-in, offline: the weight in the person's unit and decimals, six answers, a note.
      await checkInCard.getByTestId('check-in-start').click();
      const form = page.getByTestId('check-in-dialog');
      await form.getByTestId('check-in-weight').fill(c.weight);
      // The week's measurements, from the form (optional; saved as a measurement of their own).
      await form.getByTestId('log-measurements').click();
      await page.getByTestId('measurement-waist').fill(c.waist);
      await page.getByTestId('measurement-save').click();
      await expect(page.getByTestId('measurement-form')).toHaveCount(0);
      // And the week's photo, from the form too (a progress photo of its own, sent when online).
      await form.getByTestId('photos-add').click();
      await page.getByTestId('photo-gallery-input').setInputFiles(PHOTO);
      await expect(page.getByTestId('photo-gallery-input')).toHaveCount(0);
      for (const score of SCORES) await form.getByTestId(`check-in-${score}-4`).click();
      await form.getByTestId('check-in-sleep-2').click();
      await form.getByTestId('check-in-note').fill('Semana puxada no trabalho.');
      await form.getByTestId('check-in-submit').click();
      await expect(checkInCard).toHaveAttribute('data-status', 'waiting');

      await page.getByTestId('sidebar-toggle').click();
      await page.getByRole('link', { name: c.nav }).click();
      await expect(page.getByTestId('chat-empty')).toBeVisible();
      await page.getByTestId('chat-input').fill('Treinei hoje! Posso trocar o supino por flexões?');
      await page.getByTestId('chat-send').click();
      await expect(page.getByTestId('chat-message')).toHaveAttribute('data-state', 'waiting');

      await setOnline(context, [page], true);
      const online = Date.now();
      await expect(waiting).toHaveCount(1, { timeout: 5_000 });
      await expect.poll(countOf, { timeout: 5_000 }).toBeGreaterThan(checkInsBefore);
      expect(Date.now() - online).toBeLessThan(5_000);
      await expect(waiting).toContainText(c.unread);
      await expect(waiting).toContainText('Treinei hoje!');

      // Answered from the student's detail, where the thread is.
      await waiting.getByRole('link', { name: `${c.answer} ${name}` }).click();
      const thread = teacher.getByTestId('coach-thread');
      await expect(thread.getByTestId('coach-message')).toHaveCount(1, { timeout: 15_000 });
      await expect(thread.getByTestId('coach-message')).toContainText(name);
      // Reading it cleared the unread mark in the panel's conversations.
      await expect(teacher.getByTestId('admin-inbox-thread').filter({ hasText: name })).toHaveAttribute('data-unread', '0', { timeout: 5_000 });

      await thread.getByTestId('coach-thread-input').fill('Pode! 3 séries de 12 flexões.');
      const answered = Date.now();
      await thread.getByTestId('coach-thread-send').click();
      await expect(page.getByTestId('chat-message')).toHaveCount(2, { timeout: 5_000 });
      expect(Date.now() - answered).toBeLessThan(5_000);
      await expect(page.getByTestId('chat-message').nth(1)).toContainText(DEMO.teacher.name);
      await expect(page.getByTestId('chat-message').nth(1)).toContainText('Pode! 3 séries de 12 flexões.');

      // The student's open screen read it: the teacher sees the receipt without a reload.
      const answer = thread.getByTestId('coach-message').nth(1);
      await expect(answer).toHaveAttribute('data-seen', 'true', { timeout: 10_000 });
      await expect(answer).toContainText(c.seen);

      // The check-in, reviewed in the panel: the week's figures, then the feedback as a message.
      await teacher.getByTestId('admin-check-in').filter({ hasText: name }).click();
      const review = teacher.getByTestId('check-in-review');
      await expect(review.getByTestId('check-in-review-figures')).toContainText(c.shownWeight, { timeout: 10_000 });
      await expect(review.getByTestId('check-in-review-figures')).toContainText(c.shownWaist);
      await expect(review.getByTestId('check-in-review-note')).toHaveText('Semana puxada no trabalho.');
      await expect(review.getByTestId('check-in-review-photos').getByTestId('admin-photo')).toHaveCount(1);
      await review.getByTestId('check-in-review-feedback').fill('Boa semana! Tente dormir 30 min mais cedo.');
      const reviewed = Date.now();
      await review.getByTestId('check-in-review-send').click();
      await expect(page.getByTestId('chat-message')).toHaveCount(3, { timeout: 5_000 });
      expect(Date.now() - reviewed).toBeLessThan(5_000);
      await expect(page.getByTestId('chat-message').nth(2)).toContainText('Tente dormir 30 min mais cedo.');
      await expect(teacher.getByTestId('admin-check-in').filter({ hasText: name })).toHaveCount(0);
      await desk.close();
    });
  });
}
