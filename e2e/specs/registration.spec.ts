import { DEMO, DEMO_PASSWORD, expect, test, type Locale } from '../fixtures.ts';

const CASES: Record<Locale, { country: string; countryCode: 'BR' | 'AR' | 'US'; next: string; submit: string; success: string; greeting: string; warning: RegExp; blocked: RegExp; language: string }> = {
  'pt-BR': { country: 'Brasil', countryCode: 'BR', next: 'Avançar', submit: 'Criar conta', success: 'Cadastro realizado', greeting: 'Olá, Rita!', warning: /no máximo 1,0 kg por semana/, blocked: /Preencha os campos obrigatórios/, language: 'Português (BR)' },
  'es-AR': { country: 'Argentina', countryCode: 'AR', next: 'Siguiente', submit: 'Crear cuenta', success: 'Registro completado', greeting: '¡Hola, Rita!', warning: /como máximo 1,0 kg por semana/, blocked: /Completá los campos obligatorios/, language: 'Español (AR)' },
  'en-US': { country: 'United States', countryCode: 'US', next: 'Next', submit: 'Create account', success: 'Account created', greeting: 'Hi, Rita!', warning: /at most 2\.2 lb per week/, blocked: /Fill in this step/, language: 'English (US)' },
};

/** What the wizard asks in each country's units (ADR 020), and the kg and cm the account keeps. */
const MEASURES = {
  metric: { weight: '88,4', target: '75', tooFast: '1.5', weekly: '0.5', difference: /13,4\s?kg/, kept: { currentWeight: 88.4, height: 171, targetWeight: 75, weeklyWeightGoal: 0.5 } },
  us: { weight: '194.9', target: '165.3', tooFast: '3.3', weekly: '1.1', difference: /29\.6\s?lb/, kept: { currentWeight: 88.41, height: 170.2, targetWeight: 74.98, weeklyWeightGoal: 0.5 } },
} as const;

for (const locale of Object.keys(CASES) as Locale[]) {
  test(`in ${locale}, a new client registers through the wizard and the country sets the language`, async ({ browser }) => {
    const c = CASES[locale];
    const m = MEASURES[c.countryCode === 'US' ? 'us' : 'metric'];
    const context = await browser.newContext({ locale });
    const page = await context.newPage();
    await page.goto('/cadastro');

    // Jumping ahead past an incomplete tab is blocked.
    await page.getByTestId('register-next').click();
    await expect(page.getByTestId('register-blocked')).toContainText(c.blocked);
    await page.getByTestId('register-tab-goals').click();
    await expect(page.locator('#targetWeight')).toHaveCount(0);

    await page.locator('#name').fill('Rita Registro');
    await page.locator('#email').fill(`wizard.${locale}.${Date.now().toString(36)}@example.com`);
    await page.locator('#password').fill('senha-forte-1');
    await page.locator('#countryCode').selectOption({ label: c.country });
    await expect(page.locator('#countryCode-helper-text')).toContainText(c.language);
    await page.getByTestId('register-next').click();

    await page.locator('#currentWeight').fill(m.weight);
    await page.getByTestId('register-next').click(); // height is not needed to move on (SPEC §2)
    await page.getByTestId('register-tab-physical').click();
    if (c.countryCode === 'US') {
      await page.locator('#heightFeet').fill('5');
      await page.locator('#heightInches').fill('7');
    } else {
      await page.locator('#height').fill('171');
    }
    await page.getByTestId('register-next').click();

    // Arriving on the last tab submits nothing yet: no error is shown.
    await expect(page.locator('#targetWeight-helper-text')).toHaveCount(0);
    await page.locator('#targetWeight').fill(m.target);
    await page.locator('#weeklyWeightGoal').fill(m.tooFast);
    await expect(page.getByTestId('weekly-warning')).toContainText(c.warning);
    await page.locator('#weeklyWeightGoal').fill(m.weekly);
    await expect(page.getByTestId('weekly-warning')).toHaveCount(0);
    await expect(page.getByTestId('weight-difference')).toHaveText(m.difference);
    // Back is always allowed.
    await page.getByTestId('register-tab-personal').click();
    await expect(page.locator('#name')).toHaveValue('Rita Registro');
    await page.getByTestId('register-tab-goals').click();
    await page.getByTestId('register-submit').click();

    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
    await expect(page.getByTestId('toast')).toContainText(c.success);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(c.greeting);
    const { client } = await (await context.request.get('/api/clients/me')).json();
    expect(client).toMatchObject({ countryCode: c.countryCode, preferredLanguage: locale, unitSystem: c.countryCode === 'US' ? 'us' : 'metric', ...m.kept });
    // The first load goes back to /dashboard once it has made the trial: wait for it before leaving.
    await expect(page.getByTestId('banner-activation')).toBeVisible({ timeout: 20_000 });
    await page.goto('/diet');
    await expect(page.getByTestId('activation-gate')).toBeVisible({ timeout: 20_000 });
    await context.close();
  });
}

test('the wizard shows the server’s answer for an email already registered', async ({ page }) => {
  await page.goto('/cadastro');
  await page.locator('#name').fill('Carla Repetida');
  await page.locator('#email').fill('client@example.com');
  await page.locator('#password').fill('senha-forte-1');
  await page.getByTestId('register-next').click();
  await page.locator('#currentWeight').fill('80');
  await page.locator('#height').fill('165');
  await page.getByTestId('register-next').click();
  await page.locator('#targetWeight').fill('70');
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('toast')).toContainText('Erro no cadastro');
  await expect(page.getByTestId('toast')).toContainText('Este email já está cadastrado');
  await expect(page.locator('#email-helper-text')).toHaveText('Este email já está cadastrado');
});

test("a teacher's link counts the visit, leads to registration and makes the new client the teacher's student", async ({ page, playwright, baseURL }) => {
  const teacher = await playwright.request.newContext({ baseURL });
  const login = await teacher.post('/api/clients/login', { headers: { origin: baseURL as string }, data: { email: DEMO.teacher.email, password: DEMO_PASSWORD } });
  const teacherId = ((await login.json()) as { client: { id: string } }).client.id;
  const linkNow = async () => ((await (await teacher.get('/api/teacher/referral-links')).json()) as { referralLinks: { code: string; clicks: number }[] }).referralLinks[0];
  const before = await linkNow();
  if (!before) throw new Error('the teacher has a link');

  await page.goto(`/r/${before.code.toLowerCase()}`);
  await expect(page).toHaveURL(new RegExp(`/cadastro\\?ref=${before.code}$`));
  await page.locator('#name').fill('Rui Referido');
  await page.locator('#email').fill(`ref.${Date.now().toString(36)}@example.com`);
  await page.locator('#password').fill('senha-forte-1');
  await page.getByTestId('register-next').click();
  await page.locator('#currentWeight').fill('90');
  await page.locator('#height').fill('175');
  await page.getByTestId('register-next').click();
  await page.locator('#targetWeight').fill('80');
  await page.locator('#weeklyWeightGoal').fill('0.5');
  const request = page.waitForRequest((r) => r.url().endsWith('/api/clients/register'));
  await page.getByTestId('register-submit').click();
  expect((await request).postDataJSON()).toMatchObject({ referralCode: before.code });
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });

  expect((await linkNow())?.clicks).toBe(before.clicks + 1);
  const { users } = (await (await teacher.get('/api/teacher-admin/users')).json()) as { users: { name: string; teacherId: string | null }[] };
  expect(users.find((u) => u.name === 'Rui Referido')?.teacherId).toBe(teacherId);
  await teacher.dispose();
});
