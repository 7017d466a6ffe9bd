import type { APIRequestContext, APIResponse, Browser, BrowserContext, Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expect, test } from '../fixtures.ts';
import { E2E_AI_KEY } from '../secrets.ts';

/**
 * Stored XSS (issue 8): every free-text field a user can fill holds an `<img onerror>` payload,
 * and every screen that shows those fields renders it as text. Two layers are checked apart:
 * React never turns the text into an element, and the page reports no Content-Security-Policy
 * violation (so the CSP also lets the app itself run untouched).
 */
const PAYLOAD = '<img src=x onerror="window.__xss=1">';
const tagged = (field: string) => `${field} ${PAYLOAD}`;

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function api(playwright: { request: { newContext: (o: object) => Promise<APIRequestContext> } }, baseURL: string) {
  return playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
}

async function ok(response: Promise<APIResponse>, what: string) {
  const r = await response;
  expect(r.status(), `${what}: ${await r.text()}`).toBeLessThan(300);
  return r;
}

/** A browser context signed in with the cookies of an API context, watching for CSP violations. */
async function contextOf(browser: Browser, request: APIRequestContext): Promise<BrowserContext> {
  const context = await browser.newContext({ storageState: await request.storageState(), locale: 'pt-BR', serviceWorkers: 'block' });
  await context.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (event) => w.__csp.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  return context;
}

async function expectInert(page: Page, where: string) {
  await expect(page.locator('img[src="x"]'), `${where}: no element made from the payload`).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss), `${where}: the payload never ran`).toBeUndefined();
  expect(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp), `${where}: no CSP violation`).toEqual([]);
}

test('a payload in every free-text field is shown as text on every screen that shows it, and nothing breaks the CSP', async ({ browser, playwright, baseURL }) => {
  test.setTimeout(150_000);
  const base = baseURL as string;

  // A teacher whose name, expertise and bio carry the payload.
  const teacher = await api(playwright, base);
  await ok(
    teacher.post('/api/teachers/register', {
      data: {
        name: tagged('Professor'),
        email: `xss.teacher.${unique()}@example.com`,
        phone: '+55 11 97777-6666',
        cpf: '52998224725',
        password: 'senha-forte-1',
        confirmPassword: 'senha-forte-1',
        expertise: tagged('Especialidade'),
        bio: tagged('Bio'),
        aiKey: E2E_AI_KEY,
      },
    }),
    'teacher registration',
  );
  const code = ((await (await teacher.get('/api/teacher/referral-links')).json()) as { referralLinks: { code: string }[] }).referralLinks[0]?.code;

  // The teacher's student: name, motivation, previous attempts and a weight note carry it too.
  const client = await api(playwright, base);
  const clientResponse = await ok(
    client.post('/api/clients/register', {
      data: { name: tagged('Cliente'), email: `xss.client.${unique()}@example.com`, password: 'senha-forte-1', height: 170, currentWeight: 80, targetWeight: 70, weeklyWeightGoal: 0.5, referralCode: code },
    }),
    'client registration',
  );
  const clientId = ((await clientResponse.json()) as { client: { id: string } }).client.id;
  await ok(client.put('/api/clients/profile', { data: { motivation: tagged('Motivação'), previousAttempts: tagged('Tentativas') } }), 'profile');
  await ok(client.post('/api/weight-records', { data: { weight: 79.5, notes: tagged('Nota') } }), 'weight record');
  await ok(client.post('/api/subscriptions', { data: { planId: 'monthly' } }), 'demo-mode purchase');

  // The admin writes a diet and a workout whose every text field carries it, and publishes both.
  const admin = await api(playwright, base);
  await ok(admin.post('/api/clients/login', { data: { email: DEMO.admin.email, password: DEMO_PASSWORD } }), 'admin login');
  const diet = await ok(
    admin.post(`/api/admin/users/${clientId}/diet`, {
      data: {
        title: tagged('Dieta'),
        description: tagged('Descrição'),
        dailyCalories: 1700,
        macros: tagged('Macros'),
        meals: `Café da manhã (07:00 - 350 kcal)\nAlimentos: ${tagged('Refeição')}`,
        weeklyMenu: tagged('Cardápio'),
        tips: tagged('Dica'),
        substitutions: tagged('Substituição'),
      },
    }),
    'diet',
  );
  await ok(admin.post(`/api/teacher-admin/diet/${((await diet.json()) as { diet: { id: string } }).diet.id}/publish`), 'diet publication');
  const workout = await ok(
    admin.post(`/api/admin/users/${clientId}/workout`, {
      data: {
        title: tagged('Treino'),
        description: tagged('Descrição do treino'),
        duration: tagged('Duração'),
        frequency: tagged('Frequência'),
        weeklySchedule: `Segunda: ${tagged('Agachamento')} 3x12`,
        progressionTips: tagged('Progressão'),
        safetyNotes: tagged('Segurança'),
      },
    }),
    'workout',
  );
  await ok(admin.post(`/api/teacher-admin/workout/${((await workout.json()) as { workout: { id: string } }).workout.id}/publish`), 'workout publication');

  // The client's screens.
  const clientContext = await contextOf(browser, client);
  const page = await clientContext.newPage();
  await page.goto('/dashboard');
  await expect(page.getByTestId('my-diet')).toContainText('Dieta', { timeout: 20_000 });
  await expectInert(page, '/dashboard');
  await page.goto('/profile');
  await expect(page.getByTestId('profile-view')).toContainText(tagged('Cliente'));
  await expectInert(page, '/profile');
  await page.goto('/progress');
  await expect(page.getByTestId('weight-history')).toBeVisible({ timeout: 20_000 });
  await expectInert(page, '/progress');
  await page.goto('/content?tab=diets');
  await page.getByTestId('diet-details').click();
  await expect(page.getByTestId('diet-detail-dialog')).toContainText(tagged('Substituição'));
  await expectInert(page, 'the diet dialog');
  await page.goto('/diet');
  await expect(page.getByTestId('meal-card').first()).toContainText(tagged('Refeição'));
  await expectInert(page, '/diet');
  await page.goto('/content?tab=workouts');
  await page.getByTestId('workout-open').click();
  await expect(page.getByTestId('workout-dialog')).toContainText(tagged('Segurança'));
  await expectInert(page, 'the workout dialog');
  await clientContext.close();

  // The admin panel, with the client open.
  const adminContext = await contextOf(browser, admin);
  const adminPage = await adminContext.newPage();
  await adminPage.goto('/admin');
  await adminPage.getByTestId('admin-user-list').locator('[data-testid^="admin-user-"]').filter({ hasText: tagged('Cliente') }).click();
  await expect(adminPage.getByTestId('admin-user-name')).toHaveText(tagged('Cliente'));
  await expect(adminPage.getByTestId('admin-user-detail')).toContainText(tagged('Dieta'));
  await expectInert(adminPage, '/admin');
  await adminContext.close();

  // The teacher's dashboard: the student and the commission's description.
  const teacherContext = await contextOf(browser, teacher);
  const teacherPage = await teacherContext.newPage();
  await teacherPage.goto('/teacher-dashboard');
  await teacherPage.getByTestId('teacher-tab-students').click();
  await expect(teacherPage.getByTestId('teacher-students-table')).toContainText(tagged('Cliente'));
  await teacherPage.getByTestId('teacher-tab-commissions').click();
  await expect(teacherPage.getByTestId('teacher-ledger-table')).toContainText(tagged('Cliente'));
  await expectInert(teacherPage, '/teacher-dashboard');
  await teacherContext.close();

  await Promise.all([teacher.dispose(), client.dispose(), admin.dispose()]);
});
