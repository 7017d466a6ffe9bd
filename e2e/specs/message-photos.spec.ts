import path from 'node:path';
import { request as playwrightRequest, type Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expect, openNewClientDashboard, registerClient, serviceWorkerInControl, setOnline, test } from '../fixtures.ts';
import { TrackingPage } from '../page-models/tracking-page.ts';

/**
 * Issue 22, photos in messages: a student at the gym with no signal attaches a photo from the
 * gallery to a message; it shows at once in their thread from the phone's copy; once the phone is
 * back online the message and its photo (re-encoded, without the camera's GPS) reach the server,
 * and the teacher sees the thumbnail in the student's thread and opens it full size. The photo is
 * not a progress photo: /progress lists none. The teacher answers with a photo of their own
 * (re-encoded in their browser too), which the student's open thread shows within seconds, and
 * still shows offline once synced. In each language.
 */
const PHOTO_WITH_GPS = path.join(import.meta.dirname, '../fixtures/photo-with-gps.jpg');

const CASES = [
  { locale: 'pt-BR', countryCode: 'BR', attached: 'Foto anexada', open: 'Abrir a foto', toSend: 'Foto a enviar', inThread: 'Foto da conversa' },
  { locale: 'es-AR', countryCode: 'AR', attached: 'Foto adjunta', open: 'Abrir la foto', toSend: 'Foto para enviar', inThread: 'Foto de la conversación' },
  { locale: 'en-US', countryCode: 'US', attached: 'Attached photo', open: 'Open the photo', toSend: 'Photo to send', inThread: 'Photo in the conversation' },
] as const;

/** Whether an <img> has decoded pixels (not a broken image). */
const decoded = (page: Page, selector: string) => page.locator(selector).first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);

for (const c of CASES) {
  test.describe(c.locale, () => {
    test.use({ locale: c.locale, viewport: { width: 390, height: 844 } });

    test(`a photo attached to a message offline shows at once, reaches the server when the phone is back, and the teacher sees it in the thread and answers with a photo of their own (${c.locale})`, async ({ page, context, browser, baseURL }) => {
      test.setTimeout(120_000);
      const origin = baseURL as string;
      // A new student of the demo teacher's, through the teacher's referral code.
      const teacherApi = await playwrightRequest.newContext({ baseURL: origin, extraHTTPHeaders: { origin } });
      expect((await teacherApi.post('/api/clients/login', { data: { email: DEMO.teacher.email, password: DEMO_PASSWORD } })).status()).toBe(200);
      const referralCode = ((await (await teacherApi.get('/api/teacher/referral-links')).json()) as { referralLinks: { code: string }[] }).referralLinks[0]!.code;
      const name = `Foto Msg ${c.countryCode} ${Date.now().toString(36)}`;
      const { email } = await registerClient(context.request, origin, { name, countryCode: c.countryCode, referralCode });
      const { users } = (await (await teacherApi.get('/api/teacher-admin/users')).json()) as { users: { id: string; email: string }[] };
      const studentId = users.find((u) => u.email === email)!.id;
      await openNewClientDashboard(page);
      const tracking = new TrackingPage(page);
      await serviceWorkerInControl(page);
      await tracking.waitUntilSynced();

      // At the gym, no signal: a camera JPEG (with GPS in its EXIF) from the gallery, and a line.
      await setOnline(context, [page], false);
      await page.goto('/messages');
      await expect(page.getByTestId('chat-empty')).toBeVisible({ timeout: 20_000 });
      await page.getByTestId('chat-gallery-input').setInputFiles(PHOTO_WITH_GPS);
      await expect(page.getByRole('img', { name: c.attached })).toBeVisible();
      await page.getByTestId('chat-input').fill('Meu almoço de hoje');
      await page.getByTestId('chat-send').click();
      const mine = page.getByTestId('chat-message');
      await expect(mine).toHaveAttribute('data-state', 'waiting');
      await expect.poll(() => decoded(page, '[data-testid="chat-message"] img')).toBe(true);

      await setOnline(context, [page], true);
      await expect(mine).not.toHaveAttribute('data-state', 'waiting', { timeout: 15_000 });
      // The files follow the push; once both are in, the server holds one copy without the GPS.
      let photoId = '';
      await expect
        .poll(
          async () => {
            const thread = (await (await teacherApi.get(`/api/coach/threads/${studentId}/messages`)).json()) as { messages: { photoId: string | null; photoStored: boolean; body: string }[] };
            photoId = thread.messages[0]?.photoId ?? '';
            return thread.messages.map((m) => [m.body, m.photoStored]);
          },
          { timeout: 20_000 },
        )
        .toEqual([['Meu almoço de hoje', true]]);
      const withoutGps = async (id: string) => {
        const served = Buffer.from(await (await teacherApi.get(`/api/photos/${id}/image`)).body());
        expect(served.subarray(0, 4).toString('latin1')).toMatch(/^(RIFF|\xff\xd8\xff)/);
        expect(served.includes(Buffer.from('GPS'))).toBe(false);
      };
      await withoutGps(photoId);

      // Not a progress photo: /progress lists none.
      await page.goto('/progress');
      await expect(page.getByTestId('photos-empty')).toBeVisible({ timeout: 20_000 });

      // The teacher opens the student in the panel: the thumbnail in the thread, full size on a tap.
      const desk = await browser.newContext({ locale: c.locale, viewport: { width: 1280, height: 900 } });
      await desk.addInitScript((locale) => localStorage.setItem('locale', locale), c.locale);
      expect((await desk.request.post('/api/clients/login', { headers: { origin }, data: { email: DEMO.teacher.email, password: DEMO_PASSWORD } })).status()).toBe(200);
      const teacher = await desk.newPage();
      await teacher.goto(`/admin?client=${studentId}`);
      const thread = teacher.getByTestId('coach-thread');
      const message = thread.getByTestId('coach-message');
      await expect(message).toHaveCount(1, { timeout: 20_000 });
      await expect(message).toContainText('Meu almoço de hoje');
      await expect.poll(() => decoded(teacher, '[data-testid="coach-message"] img')).toBe(true);
      await message.getByRole('button', { name: c.open }).click();
      await expect.poll(() => decoded(teacher, '[role="dialog"] img')).toBe(true);
      await teacher.keyboard.press('Escape');

      // The teacher answers with a photo while the student has the thread open: it shows there within seconds.
      await page.goto('/messages');
      await expect(page.getByTestId('chat-message')).toHaveCount(1, { timeout: 20_000 });
      await thread.getByTestId('coach-thread-photo-input').setInputFiles(PHOTO_WITH_GPS);
      await expect(thread.getByRole('img', { name: c.toSend })).toBeVisible();
      await thread.getByTestId('coach-thread-input').fill('Boa escolha!');
      await thread.getByTestId('coach-thread-send').click();
      await expect(message).toHaveCount(2, { timeout: 10_000 });
      const answer = page.locator('[data-testid="chat-message"][data-from="coach"]');
      await expect(answer).toContainText('Boa escolha!', { timeout: 5_000 });
      await expect.poll(() => decoded(page, '[data-testid="chat-message"][data-from="coach"] img'), { timeout: 5_000 }).toBe(true);
      await expect(answer.getByRole('img', { name: c.inThread })).toBeVisible();
      const coachPhotoId = ((await (await teacherApi.get(`/api/coach/threads/${studentId}/messages`)).json()) as { messages: { photoId: string | null }[] }).messages[0]?.photoId ?? '';
      await withoutGps(coachPhotoId);
      await teacherApi.dispose();
      await desk.close();

      // Back at the gym: the answer and its photo are still there offline.
      await setOnline(context, [page], false);
      await page.reload();
      await expect(answer).toContainText('Boa escolha!', { timeout: 20_000 });
      await expect.poll(() => decoded(page, '[data-testid="chat-message"][data-from="coach"] img')).toBe(true);
    });
  });
}
