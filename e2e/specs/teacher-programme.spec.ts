import type { Browser, Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expect, registerClient, teacherAtDesk, test, type Locale } from '../fixtures.ts';
import { LoginPage } from '../page-models/login-page.ts';
import { TeacherPage } from '../page-models/teacher-page.ts';

/** Intl puts no-break spaces in money ('R$ 209,93'). */
const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ').trim();

/** The annual plan in each language's currency and the teacher's 70% of it, rounded down (ADR 013). */
const MONEY: Record<Locale, { commission: string; paid: string; pending: string; countryCode: 'BR' | 'AR' | 'US' }> = {
  'pt-BR': { commission: 'R$ 209,93', paid: 'Pago', pending: 'Pendente', countryCode: 'BR' }, // 70% of R$ 299,90
  'es-AR': { commission: '$ 60.770', paid: 'Pagado', pending: 'Pendiente', countryCode: 'AR' }, // 70% of $ 86.814 = 60.769,80, shown without decimals
  'en-US': { commission: '$55.99', paid: 'Paid', pending: 'Pending', countryCode: 'US' }, // 70% of $79.99 = 55.993
};

async function newPage(browser: Browser, locale: Locale): Promise<Page> {
  const context = await browser.newContext({ locale });
  return context.newPage();
}

for (const locale of Object.keys(MONEY) as Locale[]) {
  test(`in ${locale}, a teacher's link brings a paying student, the commission is paid out, and every figure matches the ledger`, async ({ browser, baseURL }) => {
    test.setTimeout(150_000);
    const money = MONEY[locale];
    const stamp = `${locale}.${Date.now().toString(36)}`;

    // A new teacher registers at /professor-cadastro and lands on their dashboard.
    const teacherPage = await newPage(browser, locale);
    const teacher = new TeacherPage(teacherPage);
    await teacher.register({
      name: `Paula Personal ${locale}`,
      email: `paula.${stamp}@example.com`,
      phone: '+55 11 95555-4444',
      // The country follows the page's language: a CPF in Brazil, a CUIT/CUIL in Argentina, none in the US.
      ...({ BR: { cpf: '52998224725' }, AR: { cuit: '20123456786' }, US: {} } as const)[money.countryCode],
      password: 'senha-forte-1',
      confirmPassword: 'senha-forte-1',
      expertise: 'Emagrecimento',
    });
    await expect(teacherPage).toHaveURL(/\/teacher-dashboard$/, { timeout: 20_000 });
    const referral = await teacher.referral();
    const code = (await referral.code.innerText()).trim();
    expect(code).toMatch(/^PAULAPER\d+$/);
    await expect(referral.qr).toBeVisible();
    await expect(referral.clicks).toHaveText('0');

    // A visitor follows the link, registers and buys the annual plan in demo mode.
    const visitorPage = await newPage(browser, locale);
    await visitorPage.goto(`/r/${code}`);
    await expect(visitorPage).toHaveURL(new RegExp(`/cadastro\\?ref=${code}$`));
    await registerClient(visitorPage.context().request, baseURL as string, { name: `Rita ${locale}`, countryCode: money.countryCode });
    // The first signed-in load starts the trial and returns to /dashboard (SPEC §4); then the plans.
    await visitorPage.goto('/dashboard');
    await expect(visitorPage.getByTestId('banner-activation')).toBeVisible({ timeout: 20_000 });
    await visitorPage.goto('/plan-upgrade');
    await visitorPage.getByTestId('choose-annual').click();
    await expect(visitorPage).toHaveURL(/\/subscription$/, { timeout: 20_000 });
    await visitorPage.context().close();

    // The teacher sees the student, one click, one conversion and the commission.
    await teacher.openDashboard();
    await expect(teacher.figure('totalStudents')).toContainText('1');
    expect(plain(await teacher.figure('totalCommissions').innerText())).toContain(money.commission);
    expect(plain(await teacher.figure('availableToWithdraw').innerText())).toContain(money.commission);
    const students = await teacher.students();
    await expect(students).toHaveCount(1);
    await expect(students.first()).toContainText(`Rita ${locale}`);
    const link = await teacher.referral();
    await expect(link.clicks).toHaveText('1');
    await expect(link.conversions).toHaveText('1');
    expect(plain(await link.rate.innerText())).toMatch(/^100 ?%$/);
    const ledger = await teacher.ledgerRows();
    await expect(ledger).toHaveCount(1);
    expect(plain(await ledger.first().innerText())).toContain(money.commission);
    await expect(ledger.first()).toContainText(money.pending);

    // The balance is above the minimum: the teacher asks for it.
    await teacher.openTab('payouts');
    const currency = { 'pt-BR': 'BRL', 'es-AR': 'ARS', 'en-US': 'USD' }[locale];
    await teacher.requestPayout(currency);
    const payouts = await teacher.payoutRows();
    await expect(payouts).toHaveCount(1);
    expect(plain(await payouts.first().innerText())).toContain(money.commission);
    // Nothing left to withdraw: no enabled request button.
    await expect(teacherPage.locator(`[data-testid="payout-request-${currency}"]:not([disabled])`)).toHaveCount(0);

    // An admin processes and completes it from /admin.
    const adminPage = await newPage(browser, 'pt-BR');
    const login = new LoginPage(adminPage);
    await login.open();
    await login.signIn(DEMO.admin.email, DEMO_PASSWORD);
    await expect(adminPage).toHaveURL(/\/dashboard$/);
    await adminPage.goto('/admin');
    const row = adminPage.getByTestId('admin-payout-row').filter({ hasText: `Paula Personal ${locale}` });
    await row.getByTestId('admin-payout-processing').click();
    await expect(row.getByTestId('admin-payout-completed')).toBeVisible();
    await row.getByTestId('admin-payout-completed').click();
    await expect(row.getByTestId('admin-payout-completed')).toHaveCount(0);

    // The admin also approves the new teacher (ADR 013), who was marked as awaiting it.
    const listed = adminPage.getByTestId('admin-user-list').locator('[data-testid^="admin-user-"]').filter({ hasText: `Paula Personal ${locale}` });
    await expect(listed.getByTestId('admin-teacher-pending-chip')).toBeVisible();
    await listed.click();
    await adminPage.getByTestId('admin-approve-teacher').click();
    await expect(adminPage.getByTestId('admin-teacher-approved')).toBeVisible();
    await expect(listed.getByTestId('admin-teacher-pending-chip')).toHaveCount(0);
    await adminPage.context().close();

    // The entry shows paid.
    await teacher.openDashboard();
    expect(plain(await teacher.figure('pendingPayouts').innerText()).includes(money.commission)).toBe(false);
    expect(plain(await teacher.figure('totalCommissions').innerText())).toContain(money.commission);
    const paid = await teacher.ledgerRows();
    await expect(paid.first()).toContainText(money.paid);
    await teacherPage.context().close();
  });
}

for (const locale of Object.keys(MONEY) as Locale[]) {
  test(`in ${locale} on a 1280 px laptop, the students table shows who needs attention without scrolling sideways: each name with its figures`, async ({ browser }) => {
    const { desk: context, teacher: page } = await teacherAtDesk(browser, locale);
    const teacher = new TeacherPage(page);
    await teacher.openDashboard();
    // Other journeys of the run bring the demo teacher students too: at least the demo's are listed.
    await expect((await teacher.students()).first()).toBeVisible();
    const table = page.getByTestId('teacher-students-table');
    const container = await table.evaluate((el) => (el.parentElement as HTMLElement).getBoundingClientRect().right);
    for (const column of ['name', 'lastWeighIn', 'trend', 'tracking', 'checkIn', 'lastOpen']) {
      const header = await table.getByTestId(`teacher-students-table-sort-${column}`).boundingBox();
      expect(header && header.x + header.width, column).toBeLessThanOrEqual(container);
    }
    await context.close();
  });
}
