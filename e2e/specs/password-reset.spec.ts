import { startSmtpInbox, type SmtpInbox } from '../../api/test/smtp-inbox.ts';
import { expect, registerClient, test, DEMO, DEMO_PASSWORD } from '../fixtures.ts';
import { AdminPage } from '../page-models/admin-page.ts';

// The journey's mail arrives on a real SMTP server, the one playwright.config.ts points the app at.
let inbox: SmtpInbox;
test.beforeAll(async () => {
  inbox = await startSmtpInbox(Number(process.env.E2E_SMTP_PORT));
});
test.afterAll(() => inbox.close());

test('an Argentine client who forgot the password gets a Spanish e-mail, sets a new password and is signed in; the old session ends', async ({
  page,
  browser,
  baseURL,
  loginPage,
  shell,
}) => {
  // Signed in on another device, which the reset must sign out.
  const otherDevice = await browser.newContext();
  const { email } = await registerClient(otherDevice.request, baseURL as string, { name: 'Lucía Olvido', countryCode: 'AR' });
  expect((await otherDevice.request.get('/api/clients/me')).status()).toBe(200);

  await loginPage.open();
  await loginPage.chooseLanguage('es-AR');
  await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
  await expect(page).toHaveURL(/\/esqueci-senha$/);
  await expect(page.getByRole('heading', { name: '¿Olvidaste tu contraseña?' })).toBeVisible();
  await page.getByTestId('reset-email').fill(email);
  await page.getByRole('button', { name: 'Enviar enlace' }).click();
  await expect(page.getByTestId('reset-requested')).toContainText(`Si existe una cuenta con ${email}, le enviamos un enlace.`);

  const mail = await inbox.next(email, 15_000);
  expect(mail.subject).toBe('Restablecé tu contraseña de Leve Coach');
  const link = /http:\/\/localhost:\d+\/redefinir-senha#token=[\w-]+/.exec(mail.text ?? '')?.[0];
  expect(link).toBeTruthy();

  await page.goto(link as string);
  await expect(page.getByRole('heading', { name: 'Crear nueva contraseña' })).toBeVisible();
  await page.getByTestId('reset-newPassword').fill('corta');
  await page.getByTestId('reset-confirmPassword').fill('otra');
  await page.getByRole('button', { name: 'Guardar nueva contraseña' }).click();
  await expect(page.getByText('Las contraseñas no coinciden')).toBeVisible();
  await page.getByTestId('reset-newPassword').fill('nueva-clave-2026');
  await page.getByTestId('reset-confirmPassword').fill('nueva-clave-2026');
  await page.getByRole('button', { name: 'Guardar nueva contraseña' }).click();

  await shell.expectOnDashboard('¡Hola, Lucía!');
  await expect(shell.toast()).toContainText('Contraseña cambiada');
  expect((await otherDevice.request.get('/api/clients/me')).status()).toBe(401);
  await otherDevice.close();

  // The link worked once.
  await page.context().clearCookies();
  await page.goto(link as string);
  await page.getByTestId('reset-newPassword').fill('tercera-clave-1');
  await page.getByTestId('reset-confirmPassword').fill('tercera-clave-1');
  await page.getByRole('button', { name: 'Guardar nueva contraseña' }).click();
  await expect(page.getByTestId('reset-failure')).toContainText('Este enlace para restablecer la contraseña ya se usó.');
});

test('an admin makes a reset link for a client and can share it by WhatsApp in the client’s language', async ({ page, browser, baseURL, loginPage }) => {
  const clientDevice = await browser.newContext();
  await registerClient(clientDevice.request, baseURL as string, { name: 'Amy Forgetful', countryCode: 'US', phone: '+1 212 555 0100' });
  await clientDevice.close();

  await loginPage.open();
  await loginPage.signIn(DEMO.admin.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  const admin = new AdminPage(page);
  await admin.open();
  await admin.searchFor('Amy Forgetful');
  await admin.selectUser('Amy Forgetful');
  await page.getByTestId('admin-reset-create').click();
  const url = page.getByTestId('admin-reset-url');
  await expect(url).toHaveValue(/\/redefinir-senha#token=[\w-]{43}$/);
  const link = await url.inputValue();
  const share = new URL((await page.getByTestId('admin-reset-whatsapp').getAttribute('href')) ?? '');
  expect(share.origin + share.pathname).toBe('https://wa.me/12125550100');
  expect(share.searchParams.get('text')).toBe(`Hi Amy Forgetful! To set a new Leve Coach password, open this link (it lasts 1 hour and works only once): ${link}`);
});
