import path from 'node:path';
import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { uuidv7 } from '#protocol/ids.ts';
import { DEMO, DEMO_PASSWORD, expect, openNewClientDashboard, registerClient, serviceWorkerInControl, setOnline, test } from '../fixtures.ts';
import { checkAxe, formatFindings, settle, switchTheme, type Finding } from '../a11y.ts';
import { AdminPage } from '../page-models/admin-page.ts';
import { TrackingPage } from '../page-models/tracking-page.ts';

/**
 * Issue 21: a client at the gym with no signal takes a progress photo, sees it at once and after a
 * reload, and it reaches the server once when the phone is back online, without the EXIF and GPS
 * the camera wrote; two days compared side by side; the client's own teacher sees the photo, and
 * no other teacher can read it. In each language, with its decimals and units.
 */
const PHOTO_WITH_GPS = path.join(import.meta.dirname, '../fixtures/photo-with-gps.jpg');

const CASES = [
  { locale: 'pt-BR', countryCode: 'BR', saved: 'Foto salva', weightChange: /^[-−]2,5\s?kg$/, waistChange: /^[-−]3,5\s?cm$/, compare: 'Comparar fotos' },
  { locale: 'es-AR', countryCode: 'AR', saved: 'Foto guardada', weightChange: /^[-−]2,5\s?kg$/, waistChange: /^[-−]3,5\s?cm$/, compare: 'Comparar fotos' },
  // 84 kg is 185.2 lb and 81.5 kg 179.7 lb; 90 cm is 35.4 in and 86.5 cm 34.1 in: the figures shown, subtracted.
  { locale: 'en-US', countryCode: 'US', saved: 'Photo saved', weightChange: /^-5\.5 lb$/, waistChange: /^-1\.3 in$/, compare: 'Compare photos' },
] as const;

/** A device of the client's made by hand: changes pushed straight to the API, as another phone would. */
function otherPhone(request: APIRequestContext, origin: string) {
  const deviceId = `web_e2e${Date.now().toString(16)}${Math.random().toString(16).slice(2, 10)}`;
  let seq = 0;
  return async (name: string, args: Record<string, unknown>) => {
    seq += 1;
    const at = new Date();
    const mutation = { deviceId, seq, id: uuidv7(), name, version: 1, args, hlc: `${at.toISOString()}-000000-${deviceId}`, localDate: at.toISOString().slice(0, 10), timeZone: 'UTC' };
    const response = await request.post('/api/sync/push', { headers: { origin }, data: { deviceId, mutations: [mutation] } });
    expect(response.status()).toBe(200);
    expect((await response.json()).results).toEqual([expect.objectContaining({ status: 'applied' })]);
  };
}

/** Uploads a file of a photo whose record the server holds, in one chunk. */
async function upload(request: APIRequestContext, origin: string, photoId: string, kind: 'image' | 'thumbnail', bytes: Buffer) {
  const response = await request.put(`/api/photos/${photoId}/${kind}`, {
    headers: { origin, 'content-type': 'application/octet-stream', 'content-range': `bytes 0-${bytes.length - 1}/${bytes.length}` },
    data: bytes,
  });
  expect(response.status()).toBe(200);
}

/** Whether an <img> has decoded pixels (not a broken image). */
const decoded = (page: Page, selector: string) => page.locator(selector).first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);

for (const c of CASES) {
  test.describe(c.locale, () => {
    test.use({ locale: c.locale, viewport: { width: 390, height: 844 } });

    test(`a photo taken offline shows at once and after a reload, reaches the server once without its GPS, compares with an earlier day, and only the client's own teacher sees it (${c.locale})`, async ({ page, context, baseURL, browser }) => {
      test.setTimeout(150_000);
      const origin = baseURL as string;
      // The client comes through the demo teacher's link.
      const teacherApi = await playwrightRequest.newContext({ baseURL: origin, extraHTTPHeaders: { origin } });
      expect((await teacherApi.post('/api/clients/login', { data: { email: DEMO.teacher.email, password: DEMO_PASSWORD } })).status()).toBe(200);
      const referralCode = ((await (await teacherApi.get('/api/teacher/referral-links')).json()) as { referralLinks: { code: string }[] }).referralLinks[0]!.code;
      const name = `Foto ${c.locale} ${Math.random().toString(36).slice(2, 7)}`;
      await registerClient(context.request, origin, { name, countryCode: c.countryCode, gender: 'female', height: 165, referralCode });
      await openNewClientDashboard(page);
      const tracking = new TrackingPage(page);
      await serviceWorkerInControl(page);
      await tracking.waitUntilSynced();

      // At the gym, no signal: a side photo from the gallery (a camera JPEG with GPS in its EXIF).
      await setOnline(context, [page], false);
      await page.goto('/progress');
      await expect(page.getByTestId('photos-empty')).toBeVisible({ timeout: 20_000 });
      await page.getByTestId('photos-add').click();
      await page.getByTestId('photo-pose-side').click();
      await page.getByTestId('photo-gallery-input').setInputFiles(PHOTO_WITH_GPS);
      await expect(page.getByTestId('toast')).toContainText(c.saved);
      const tile = page.getByTestId('photo-tile');
      await expect(tile).toHaveCount(1);
      await expect(tile).toHaveAttribute('data-state', 'waiting');
      await expect.poll(() => decoded(page, '[data-testid="photo-tile"] img')).toBe(true);
      const photoId = (await tile.getAttribute('data-photo-id')) as string;

      await page.reload();
      await expect(page.getByTestId('photo-tile')).toHaveCount(1, { timeout: 20_000 });
      await expect.poll(() => decoded(page, '[data-testid="photo-tile"] img')).toBe(true);

      // Back online: the record, then both files, sent once.
      await setOnline(context, [page], true);
      await tracking.waitUntilSynced();
      await expect(page.getByTestId('photo-tile')).toHaveAttribute('data-state', 'sent', { timeout: 30_000 });
      await page.getByTestId('photos-card').screenshot({ path: test.info().outputPath(`photos-${c.locale}.png`) });
      const findings = new Map<string, Finding>();
      await settle(page);
      await checkAxe(page, 'progress with a photo', findings);
      const pulled = (await (await context.request.get('/api/sync/pull?cursor=0')).json()).changes.progressPhotos as { id: string; stored: boolean; width: number; height: number; bytes: number }[];
      expect(pulled).toEqual([expect.objectContaining({ id: photoId, pose: 'side', stored: true, width: 1600, height: 1200, contentType: 'image/webp' })]);
      const image = await (await context.request.get(`/api/photos/${photoId}/image`)).body();
      expect(image.length).toBe(pulled[0]!.bytes);
      expect(image.subarray(0, 4).toString('latin1')).toBe('RIFF');
      expect(image.subarray(8, 12).toString('latin1')).toBe('WEBP');
      for (const marker of ['Exif', 'LeveTestCam', 'GPS']) expect(image.includes(Buffer.from(marker, 'latin1'))).toBe(false);
      const thumbnail = await (await context.request.get(`/api/photos/${photoId}/thumbnail`)).body();

      // An earlier day, from another phone: a side photo, the weight and the waist then; today's too.
      const phone = otherPhone(context.request, origin);
      const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString();
      const earlierId = uuidv7(Date.now() - 30 * 86_400_000);
      await phone('photo.add', { id: earlierId, createdAt: monthAgo, pose: 'side', contentType: 'image/webp', bytes: image.length, thumbnailBytes: thumbnail.length, width: 1600, height: 1200 });
      await upload(context.request, origin, earlierId, 'image', image);
      await upload(context.request, origin, earlierId, 'thumbnail', thumbnail);
      await phone('weight.add', { id: uuidv7(), weight: 84, notes: null, createdAt: monthAgo });
      await phone('measurement.add', { id: uuidv7(), createdAt: monthAgo, waist: 90 });
      await phone('weight.add', { id: uuidv7(), weight: 81.5, notes: null, createdAt: new Date().toISOString() });
      await phone('measurement.add', { id: uuidv7(), createdAt: new Date().toISOString(), waist: 86.5 });
      await page.reload();
      await expect(page.getByTestId('photo-tile')).toHaveCount(2, { timeout: 20_000 });
      await page.getByTestId('photos-compare').click();
      const compare = page.getByTestId('photo-compare');
      await expect(compare).toContainText(c.compare);
      await expect(page.getByTestId('compare-pose-side')).toHaveAttribute('aria-pressed', 'true');
      await expect.poll(() => decoded(page, '[data-testid="compare-before"] img')).toBe(true);
      await expect.poll(() => decoded(page, '[data-testid="compare-after"] img')).toBe(true);
      await expect(page.getByTestId('compare-change-weight')).toHaveText(c.weightChange);
      await expect(page.getByTestId('compare-change-waist')).toHaveText(c.waistChange);
      await page.screenshot({ path: test.info().outputPath(`compare-${c.locale}.png`) });
      await settle(page);
      await checkAxe(page, 'compare, light', findings);
      await switchTheme(page, 'dark');
      await settle(page);
      await checkAxe(page, 'compare, dark', findings);
      await page.screenshot({ path: test.info().outputPath(`compare-dark-${c.locale}.png`) });
      expect(findings.size, formatFindings('photos', findings.values())).toBe(0);

      // The demo teacher opens the student in /admin and sees the photos, full size on a tap.
      const teacherContext = await browser.newContext({ locale: c.locale, viewport: { width: 1280, height: 900 } });
      const teacherPage = await teacherContext.newPage();
      expect((await teacherContext.request.post('/api/clients/login', { headers: { origin }, data: { email: DEMO.teacher.email, password: DEMO_PASSWORD } })).status()).toBe(200);
      const admin = new AdminPage(teacherPage);
      await admin.open();
      await admin.searchFor(name);
      await admin.selectUser(name);
      await expect(teacherPage.getByTestId('admin-photo')).toHaveCount(2);
      await expect.poll(() => decoded(teacherPage, '[data-testid="admin-photo"] img')).toBe(true);
      await teacherPage.getByTestId('admin-photo').first().getByRole('button').click();
      await expect.poll(() => decoded(teacherPage, '[data-testid="admin-photo-viewer"] img')).toBe(true);
      await teacherPage.screenshot({ path: test.info().outputPath(`teacher-${c.locale}.png`) });
      await teacherContext.close();

      // Another teacher, whatever they try, gets nothing.
      const otherTeacher = await playwrightRequest.newContext({ baseURL: origin, extraHTTPHeaders: { origin } });
      const registered = await otherTeacher.post('/api/teachers/register', {
        data: {
          name: 'Outro Professor',
          email: `e2e.teacher.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`,
          phone: '+55 11 97777-6666',
          cpf: '529.982.247-25',
          password: 'senha-forte-1',
          confirmPassword: 'senha-forte-1',
          expertise: 'Emagrecimento',
          bio: 'Personal trainer.',
        },
      });
      expect(registered.status()).toBe(201);
      for (const kind of ['image', 'thumbnail']) expect((await otherTeacher.get(`/api/photos/${photoId}/${kind}`)).status()).toBe(404);
      await Promise.all([teacherApi.dispose(), otherTeacher.dispose()]);
    });
  });
}

test.describe('a device clock days wrong', () => {
  // São Paulo (UTC−3): the phone's date a day fast is at most the server's UTC date plus one, which the server accepts.
  test.use({ timezoneId: 'America/Sao_Paulo', viewport: { width: 390, height: 844 } });

  test('a photo taken on a phone a day fast reaches the server once, dated at the server’s time', async ({ page, context, baseURL }) => {
    await registerClient(context.request, baseURL as string, { countryCode: 'BR', gender: 'female', height: 165 });
    await context.clock.install({ time: Date.now() + 86_400_000 });
    await openNewClientDashboard(page);
    await serviceWorkerInControl(page);
    const tracking = new TrackingPage(page);
    await tracking.waitUntilSynced();

    await page.goto('/progress');
    await expect(page.getByTestId('photos-empty')).toBeVisible({ timeout: 20_000 });
    const takenFrom = Date.now();
    await page.getByTestId('photos-add').click();
    await page.getByTestId('photo-pose-front').click();
    await page.getByTestId('photo-gallery-input').setInputFiles(PHOTO_WITH_GPS);
    await expect(page.getByTestId('photo-tile')).toHaveCount(1);
    await tracking.waitUntilSynced();
    await expect(page.getByTestId('photo-tile')).toHaveAttribute('data-state', 'sent', { timeout: 30_000 });
    const takenTo = Date.now();

    await expect(page.getByTestId('refusal-notice')).toHaveCount(0);
    const pulled = (await (await context.request.get('/api/sync/pull?cursor=0')).json()).changes.progressPhotos as { createdAt: string; stored: boolean }[];
    expect(pulled).toEqual([expect.objectContaining({ pose: 'front', stored: true })]);
    // A date from the server's future becomes the server's time of receipt (photo.add, notAfter).
    expect(Date.parse(pulled[0]!.createdAt)).toBeGreaterThanOrEqual(takenFrom);
    expect(Date.parse(pulled[0]!.createdAt)).toBeLessThanOrEqual(takenTo);
  });
});
