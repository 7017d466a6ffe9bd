import { request as playwrightRequest } from '@playwright/test';
import { uuidv7 } from '#protocol/ids.ts';
import { DEMO, DEMO_PASSWORD, expect, openNewClientDashboard, registerClient, serviceWorkerInControl, setOnline, test } from '../fixtures.ts';
import { TrackingPage } from '../page-models/tracking-page.ts';

/**
 * Issue 22, part 1: a client at the gym with no signal writes to their coaching team; the message
 * waits on the phone, survives a reload, and reaches the team once online; the coach's answer
 * reaches the client's open app within 5 s with no reload; the client having read it reaches the
 * coach as a receipt. In each language.
 */
const CASES = [
  { locale: 'pt-BR', countryCode: 'BR', nav: 'Mensagens', waiting: 'Aguardando envio' },
  { locale: 'es-AR', countryCode: 'AR', nav: 'Mensajes', waiting: 'Esperando para enviar' },
  { locale: 'en-US', countryCode: 'US', nav: 'Messages', waiting: 'Waiting to send' },
] as const;

for (const c of CASES) {
  test.describe(c.locale, () => {
    test.use({ locale: c.locale, viewport: { width: 390, height: 844 } });

    test(`a message written offline reaches the team once, and the coach's answer reaches the open app within 5 s (${c.locale})`, async ({ page, context, baseURL }) => {
      test.setTimeout(120_000);
      const origin = baseURL as string;
      const { email } = await registerClient(context.request, origin, { countryCode: c.countryCode, name: 'Lia Mensagem' });
      await openNewClientDashboard(page);
      const tracking = new TrackingPage(page);
      await serviceWorkerInControl(page);
      await tracking.waitUntilSynced();
      await page.getByTestId('sidebar-toggle').click();
      await page.getByRole('link', { name: c.nav }).click();
      await expect(page.getByTestId('chat-empty')).toBeVisible();

      await setOnline(context, [page], false);
      await page.getByTestId('chat-input').fill('Posso trocar o arroz por batata-doce? https://exemplo.com/receita');
      await page.getByTestId('chat-send').dblclick(); // a double tap sends once
      const mine = page.getByTestId('chat-message');
      await expect(mine).toHaveCount(1);
      await expect(mine).toHaveAttribute('data-state', 'waiting');
      await expect(mine).toContainText(c.waiting);
      await page.reload();
      await expect(page.getByTestId('chat-message')).toHaveCount(1, { timeout: 20_000 });

      await setOnline(context, [page], true);
      await tracking.waitUntilSynced();
      await expect(page.getByTestId('chat-message')).toHaveAttribute('data-state', 'sent');

      const staff = await playwrightRequest.newContext({ baseURL: origin, extraHTTPHeaders: { origin } });
      expect((await staff.post('/api/clients/login', { data: { email: DEMO.admin.email, password: DEMO_PASSWORD } })).status()).toBe(200);
      const { users } = (await (await staff.get('/api/teacher-admin/users')).json()) as { users: { id: string; email: string }[] };
      const clientId = users.find((u) => u.email === email)!.id;
      const thread = async () => (await (await staff.get(`/api/coach/threads/${clientId}/messages`)).json()) as { messages: { body: string; from: string }[]; thread: { clientReadUpTo: string | null } };
      expect((await thread()).messages.map((m) => [m.from, m.body])).toEqual([['client', 'Posso trocar o arroz por batata-doce? https://exemplo.com/receita']]);

      const answeredAt = Date.now();
      expect((await staff.post(`/api/coach/threads/${clientId}/messages`, { data: { id: uuidv7(), body: 'Pode sim! Meça a porção: 150 g.' } })).status()).toBe(201);
      await expect(page.getByTestId('chat-message')).toHaveCount(2, { timeout: 5_000 });
      expect(Date.now() - answeredAt).toBeLessThan(5_000);
      await expect(page.getByTestId('chat-message').nth(1)).toContainText('Ana Admin');
      await expect(page.getByTestId('chat-message').first().getByRole('link')).toHaveAttribute('rel', 'noopener noreferrer nofollow');
      // The client has seen it: the coach's side reads the receipt.
      await expect.poll(async () => (await thread()).thread.clientReadUpTo, { timeout: 10_000 }).not.toBeNull();
      await staff.dispose();
    });
  });
}
