import { request as playwrightRequest } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expect, openNewClientDashboard, registerClient, serviceWorkerInControl, setOnline, test } from '../fixtures.ts';
import { LoginPage } from '../page-models/login-page.ts';
import { TrackingPage } from '../page-models/tracking-page.ts';

/**
 * Issue 22, the loop across two browsers: a student at the gym with no signal writes to their
 * teacher; once the phone is back online the teacher's open dashboard lists the student as
 * waiting within 5 s, with no reload; the teacher answers from the student's detail; the answer
 * reaches the student's open app within 5 s, and the student having read it shows to the teacher
 * as "seen". In each language, on both sides.
 */
const CASES = [
  { locale: 'pt-BR', countryCode: 'BR', nav: 'Mensagens', answer: 'Responder', unread: '1 mensagem nova', seen: 'Vista' },
  { locale: 'es-AR', countryCode: 'AR', nav: 'Mensajes', answer: 'Responder a', unread: '1 mensaje nuevo', seen: 'Visto' },
  { locale: 'en-US', countryCode: 'US', nav: 'Messages', answer: 'Answer', unread: '1 new message', seen: 'Seen' },
] as const;

for (const c of CASES) {
  test.describe(c.locale, () => {
    test.use({ locale: c.locale, viewport: { width: 390, height: 844 } });

    test(`the teacher's open dashboard hears of a student's offline message within 5 s, answers it, and the answer reaches the student within 5 s (${c.locale})`, async ({ page, context, browser, baseURL }) => {
      test.setTimeout(150_000);
      const origin = baseURL as string;
      // A new student of the demo teacher's, through the teacher's referral code.
      const teacherApi = await playwrightRequest.newContext({ baseURL: origin, extraHTTPHeaders: { origin } });
      expect((await teacherApi.post('/api/clients/login', { data: { email: DEMO.teacher.email, password: DEMO_PASSWORD } })).status()).toBe(200);
      const referralCode = ((await (await teacherApi.get('/api/teacher/referral-links')).json()) as { referralLinks: { code: string }[] }).referralLinks[0]!.code;
      await teacherApi.dispose();
      const name = `Lia ${c.countryCode} ${Date.now().toString(36)}`;
      await registerClient(context.request, origin, { name, countryCode: c.countryCode, referralCode });
      await openNewClientDashboard(page);
      const tracking = new TrackingPage(page);
      await serviceWorkerInControl(page);
      await tracking.waitUntilSynced();
      await page.getByTestId('sidebar-toggle').click();
      await page.getByRole('link', { name: c.nav }).click();
      await expect(page.getByTestId('chat-empty')).toBeVisible();

      // The teacher's dashboard, open on a laptop in the same language.
      const desk = await browser.newContext({ locale: c.locale, viewport: { width: 1280, height: 900 } });
      await desk.addInitScript((locale) => localStorage.setItem('locale', locale), c.locale);
      const teacher = await desk.newPage();
      const login = new LoginPage(teacher);
      await login.open();
      await login.signIn(DEMO.teacher.email, DEMO_PASSWORD);
      await expect(teacher).toHaveURL(/\/dashboard$/);
      await teacher.goto('/teacher-dashboard');
      const messages = teacher.getByTestId('teacher-messages');
      await expect(messages).toBeVisible({ timeout: 15_000 });
      const waiting = messages.getByTestId('teacher-messages-thread').filter({ hasText: name });
      await expect(waiting).toHaveCount(0);

      await setOnline(context, [page], false);
      await page.getByTestId('chat-input').fill('Treinei hoje! Posso trocar o supino por flexões?');
      await page.getByTestId('chat-send').click();
      await expect(page.getByTestId('chat-message')).toHaveAttribute('data-state', 'waiting');

      await setOnline(context, [page], true);
      const online = Date.now();
      await expect(waiting).toHaveCount(1, { timeout: 5_000 });
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
      await desk.close();
    });
  });
}
