import type { BrowserContext, Page } from '@playwright/test';
import { uuidv7 } from '#protocol/ids.ts';
import { startTestPushService, type TestPushService } from '../../api/test/push-service.ts';
import { pushServicePort } from '../secrets.ts';
import { TrackingPage } from '../page-models/tracking-page.ts';
import { demoTeacherApi, DEMO, expect, openNewClientDashboard, registerClient, registerStudentOf, serviceWorkerInControl, test } from '../fixtures.ts';

/**
 * Issue 50: a client turns notifications on in Settings (the browser asked only then), and a
 * coach's answer reaches the closed app as a Web Push. Chromium here has no push service: the page
 * makes its subscription's keys with WebCrypto and `pushManager.subscribe` is given an endpoint on
 * the local push service, which decrypts what the server sent (aes128gcm, RFC 8291) as a browser
 * would; the DevTools Protocol then delivers it to the service worker, which shows it. A click on
 * a system notification cannot be made from a test: the notice's link is checked here and
 * worker-notices.test.ts checks where a click takes the app.
 */
const CASES = [
  { locale: 'pt-BR', countryCode: 'BR', title: `${DEMO.teacher.name} escreveu para você`, turnOn: 'Ativar notificações' },
  { locale: 'es-AR', countryCode: 'AR', title: `${DEMO.teacher.name} te escribió`, turnOn: 'Activar notificaciones' },
  { locale: 'en-US', countryCode: 'US', title: `${DEMO.teacher.name} wrote to you`, turnOn: 'Turn on notifications' },
] as const;

let service: TestPushService;
test.beforeAll(async () => {
  service = await startTestPushService({ port: pushServicePort() });
});
test.afterAll(async () => {
  await service?.close();
});
// One push service on one port: these cases take turns.
test.describe.configure({ mode: 'serial' });

/** The keys `pushManager.subscribe()` would make, made in the page with WebCrypto. */
async function pageMadeKeys(page: Page) {
  return page.evaluate(async () => {
    const b64url = (bytes: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(bytes))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']);
    const publicKey = b64url(await crypto.subtle.exportKey('raw', pair.publicKey));
    const privateKey = (await crypto.subtle.exportKey('jwk', pair.privateKey)).d as string;
    return { publicKey, privateKey, auth: b64url(crypto.getRandomValues(new Uint8Array(16)).buffer) };
  });
}

/**
 * The browser's push service, as pushManager would answer from the next page load on: the endpoint
 * on the local service, keys the page made. (The page's pushManager only: the worker never asks.)
 */
async function browserPushOnTheLocalService(page: Page, context: BrowserContext) {
  const subscription = service.adopt(await pageMadeKeys(page));
  await context.addInitScript((given) => {
    const made = { endpoint: given.endpoint, expirationTime: null, toJSON: () => ({ endpoint: given.endpoint, keys: given.keys }), unsubscribe: async () => true };
    // Kept across the tab's page loads, as the browser keeps a subscription.
    PushManager.prototype.subscribe = async function subscribe() {
      sessionStorage.setItem('test.subscribed', '1');
      return made as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function getSubscription() {
      return (sessionStorage.getItem('test.subscribed') ? made : null) as PushSubscription | null;
    };
  }, subscription);
  return subscription;
}

/**
 * A new client of the demo teacher, in `page`'s browser, who turned notifications on in Settings
 * (the browser asked then); no quiet hours (their start is their end), so a notice goes out at
 * whatever hour the suite runs. What the client's phone received, as the push service decrypted it.
 */
async function clientWithPushOn(page: Page, context: BrowserContext, origin: string, countryCode: string, turnOn: string) {
  const teacherApi = await demoTeacherApi(origin);
  const { studentId } = await registerStudentOf(teacherApi, context.request, origin, { countryCode });
  await context.grantPermissions(['notifications'], { origin });
  expect((await context.request.put('/api/clients/profile', { headers: { origin }, data: { quietStart: '00:00', quietEnd: '00:00' } })).status()).toBe(200);
  await openNewClientDashboard(page);
  await serviceWorkerInControl(page);
  const subscription = await browserPushOnTheLocalService(page, context);
  await page.goto('/settings');
  const device = page.getByTestId('device-push');
  await expect(device).toHaveAttribute('data-state', 'off', { timeout: 15_000 });
  await device.getByRole('button', { name: turnOn }).click();
  await expect(device).toHaveAttribute('data-state', 'on');
  const endpointId = subscription.endpoint.split('/').at(-1);
  const pushed = () => service.delivered.filter((push) => push.subscription === endpointId);
  return { teacherApi, studentId, pushed };
}

for (const c of CASES) {
  test.describe(c.locale, () => {
    test.use({ locale: c.locale, viewport: { width: 390, height: 844 } });

    test(`a coach's answer reaches a client who turned notifications on in Settings, shown by the service worker in ${c.locale}`, async ({ page, context, baseURL }) => {
      test.setTimeout(90_000);
      const origin = baseURL as string;
      const { teacherApi, studentId, pushed: toPhone } = await clientWithPushOn(page, context, origin, c.countryCode, c.turnOn);
      await page.screenshot({ path: test.info().outputPath(`notices-settings-${c.locale}.png`) });

      const answer = `Resposta ${c.locale} ${Date.now().toString(36)}`;
      expect((await teacherApi.post(`/api/coach/threads/${studentId}/messages`, { data: { id: uuidv7(), body: answer } })).status()).toBe(201);
      await teacherApi.dispose();
      // A message waits 10 s (a thread open on screen would read it first), then the next 5 s round sends it.
      await expect.poll(() => toPhone().length, { timeout: 30_000 }).toBe(1);
      const pushed = toPhone()[0]!;

      // The push service hands the message to the browser, which wakes the service worker with it.
      const cdp = await context.newCDPSession(page);
      const registration = new Promise<string>((resolve) =>
        cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
          const ours = registrations.find((r: { scopeURL: string; isDeleted: boolean }) => r.scopeURL.startsWith(origin) && !r.isDeleted);
          if (ours) resolve(ours.registrationId);
        }),
      );
      await cdp.send('ServiceWorker.enable');
      await cdp.send('ServiceWorker.deliverPushMessage', { origin: `${origin}/`, registrationId: await registration, data: pushed.payload });

      const shown = () =>
        page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, url: (n.data as { url?: string } | null)?.url })));
      await expect.poll(shown, { timeout: 10_000 }).toEqual([{ title: c.title, body: answer, tag: 'coach-message', url: '/messages' }]);
    });
  });
}

test.describe('en-US, a thread open on screen', () => {
  test.use({ locale: 'en-US', viewport: { width: 390, height: 844 } });

  test('an answer that arrives while the client reads the thread is not pushed; the next one, after they left it, is', async ({ page, context, baseURL }) => {
    test.setTimeout(90_000);
    const { teacherApi, studentId, pushed } = await clientWithPushOn(page, context, baseURL as string, 'US', 'Turn on notifications');
    const pushedBodies = () => pushed().map((push) => (JSON.parse(push.payload) as { body: string }).body);

    await page.goto('/messages');
    const whileReading = `Read on screen ${Date.now().toString(36)}`;
    expect((await teacherApi.post(`/api/coach/threads/${studentId}/messages`, { data: { id: uuidv7(), body: whileReading } })).status()).toBe(201);
    await expect(page.getByText(whileReading)).toBeVisible({ timeout: 15_000 });
    // The read receipt has reached the server.
    await new TrackingPage(page).waitUntilSynced();

    await page.goto('/dashboard');
    const afterLeaving = `After leaving ${Date.now().toString(36)}`;
    expect((await teacherApi.post(`/api/coach/threads/${studentId}/messages`, { data: { id: uuidv7(), body: afterLeaving } })).status()).toBe(201);
    await teacherApi.dispose();
    // The first answer fell due before the second: had it been pushed, it would be here first.
    await expect.poll(pushedBodies, { timeout: 30_000 }).toContain(afterLeaving);
    expect(pushedBodies()).toEqual([afterLeaving]);
  });
});

/**
 * The app's own offer, at a moment that makes sense (ADR 032 "Asking permission"): after a first
 * weigh-in or a first message to the coach, never on load; the browser asks only on "Turn on".
 */
test.describe('the offer to turn notifications on', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test.describe('pt-BR', () => {
    test.use({ locale: 'pt-BR' });
    test('a first weigh-in offers the weigh-in reminder on this phone; "Ativar" turns this device on, and the next weigh-in asks nothing', async ({ page, context, baseURL }) => {
      test.setTimeout(60_000);
      await registerClient(context.request, baseURL as string, { countryCode: 'BR' });
      await context.grantPermissions(['notifications'], { origin: baseURL as string });
      await openNewClientDashboard(page);
      await serviceWorkerInControl(page);
      await browserPushOnTheLocalService(page, context);
      await page.reload();
      await expect(page.getByTestId('daily-tracking')).toBeVisible({ timeout: 20_000 });
      await expect(page.getByTestId('push-offer')).toHaveCount(0);

      const weighIn = async (weight: string) => {
        await page.getByTestId('record-weight').first().click();
        await page.getByTestId('weight-input').fill(weight);
        await page.getByTestId('weight-save').click();
        await expect(page.getByTestId('toast')).toContainText(`${weight} kg`);
      };
      await weighIn('79,4');
      const offer = page.getByTestId('push-offer');
      await expect(offer).toContainText('Quer um lembrete neste celular na hora de se pesar');
      await page.screenshot({ path: test.info().outputPath('push-offer-weigh-in-pt-BR.png') });
      await offer.getByRole('button', { name: 'Ativar notificações' }).click();
      await expect(page.getByTestId('toast')).toContainText('Notificações ativadas neste aparelho');
      await expect(offer).toHaveCount(0);

      await weighIn('79,1');
      await expect(page.getByTestId('push-offer')).toHaveCount(0);
      await page.goto('/settings');
      await expect(page.getByTestId('device-push')).toHaveAttribute('data-state', 'on', { timeout: 15_000 });
    });
  });

  test.describe('es-AR', () => {
    test.use({ locale: 'es-AR' });
    test('a first message to the coach offers their answers on this phone; "Ahora no" is kept on this device, so a first weigh-in then asks nothing', async ({ page, context, baseURL }) => {
      test.setTimeout(60_000);
      await registerClient(context.request, baseURL as string, { countryCode: 'AR' });
      await openNewClientDashboard(page);
      await page.goto('/messages');
      await page.getByTestId('chat-input').fill('¡Hola! ¿Puedo cambiar el arroz por papa?');
      await page.getByTestId('chat-send').click();
      const offer = page.getByTestId('push-offer');
      await expect(offer).toContainText('¿Querés recibir la respuesta de tu coach en este celular');
      await page.screenshot({ path: test.info().outputPath('push-offer-message-es-AR.png') });
      await offer.getByRole('button', { name: 'Ahora no' }).click();
      await expect(offer).toHaveCount(0);

      await page.getByTestId('chat-input').fill('Y otra pregunta');
      await page.getByTestId('chat-send').click();
      await expect(page.getByText('Y otra pregunta')).toBeVisible();
      await page.goto('/dashboard');
      await page.getByTestId('record-weight').first().click();
      await page.getByTestId('weight-input').fill('79,4');
      await page.getByTestId('weight-save').click();
      await expect(page.getByTestId('toast')).toContainText('79,4 kg');
      // The offer would have loaded by now: the toast and the offer follow the same write.
      await page.waitForTimeout(1_000);
      await expect(page.getByTestId('push-offer')).toHaveCount(0);
      // The browser was never asked.
      expect(await page.evaluate(() => Notification.permission)).toBe('default');
    });
  });
});
