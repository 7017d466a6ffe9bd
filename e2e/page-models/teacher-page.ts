import { expect, type Locator, type Page } from '@playwright/test';

export type TeacherTab = 'overview' | 'students' | 'referral' | 'commissions' | 'payouts';
export type TeacherFigure = 'totalStudents' | 'activeStudents' | 'totalCommissions' | 'thisMonthCommissions' | 'availableToWithdraw' | 'pendingPayouts';
export type TeacherRegistrationField = 'name' | 'email' | 'phone' | 'cpf' | 'cuit' | 'password' | 'confirmPassword' | 'expertise' | 'bio' | 'aiKey';

/**
 * /teacher-dashboard (SPEC §2: overview, students, referral, commissions, payouts) and the
 * teacher registration at /professor-cadastro. Language-independent: everything is found by
 * test id; money and dates are read as the page shows them (Intl's non-breaking spaces kept).
 */
export class TeacherPage {
  constructor(readonly page: Page) {}

  readonly toast = () => this.page.getByTestId('toast');
  readonly loadError = () => this.page.getByTestId('teacher-load-error');
  readonly retry = () => this.page.getByTestId('teacher-retry');

  // ---- Dashboard ----

  /** Opens the dashboard and waits for the overview's figures. */
  async openDashboard() {
    await this.page.goto('/teacher-dashboard');
    await expect(this.tab('overview')).toBeVisible({ timeout: 15_000 });
    await expect(this.figure('totalStudents')).toBeVisible({ timeout: 15_000 });
  }

  /** A tab's button; `openTab` selects it. */
  readonly tab = (name: TeacherTab) => this.page.getByTestId(`teacher-tab-${name}`);

  async openTab(name: TeacherTab) {
    await this.tab(name).click();
    await expect(this.tab(name)).toHaveAttribute('aria-selected', 'true');
  }

  /** One of the six overview figures; a money figure has one line per currency. */
  readonly figure = (name: TeacherFigure) => this.page.getByTestId(`teacher-figure-${name}`);

  readonly aiKeyStatus = () => this.page.getByTestId('ai-key-status');

  /** Stores (or replaces) the teacher's AI key from the overview; the caller checks the toast. */
  async saveAiKey(key: string) {
    await this.page.getByTestId('ai-key-input').fill(key);
    await this.page.getByTestId('ai-key-save').click();
  }

  async removeAiKey() {
    await this.page.getByTestId('ai-key-remove').click();
  }

  /** Opens the students tab and returns its rows once the table is there. */
  async students(): Promise<Locator> {
    await this.openTab('students');
    await expect(this.page.getByTestId('teacher-students-table')).toBeVisible();
    return this.page.getByTestId('teacher-student-row');
  }

  /** Opens the referral tab and returns the link's parts, each a locator to assert on. */
  async referral() {
    await this.openTab('referral');
    await expect(this.page.getByTestId('referral-link')).toBeVisible();
    return {
      link: this.page.getByTestId('referral-link'),
      code: this.page.getByTestId('referral-code'),
      qr: this.page.getByTestId('referral-qr'),
      copy: this.page.getByTestId('referral-copy'),
      /** Only where the browser has Web Share (not desktop Linux Chromium). */
      share: this.page.getByTestId('referral-share'),
      clicks: this.page.getByTestId('referral-clicks'),
      conversions: this.page.getByTestId('referral-conversions'),
      rate: this.page.getByTestId('referral-rate'),
    };
  }

  /** Types a new code (the field upper-cases it) and saves it; the caller checks the toast or the field's message. */
  async editCode(code: string) {
    if (!(await this.page.getByTestId('referral-code-input').isVisible())) await this.openTab('referral');
    await this.page.getByTestId('referral-code-input').fill(code);
    await this.page.getByTestId('referral-code-save').click();
  }

  /** Opens the commissions tab and returns its rows once the table is there. */
  async ledgerRows(): Promise<Locator> {
    await this.openTab('commissions');
    await expect(this.page.getByTestId('teacher-ledger-table')).toBeVisible();
    return this.page.getByTestId('teacher-ledger-row');
  }

  /** The request button of a currency on the payouts tab (disabled below that currency's minimum). */
  readonly payoutButton = (currency: string) => this.page.getByTestId(`payout-request-${currency}`);
  /** The minimum note shown under a disabled request button. */
  readonly payoutMinimum = (currency: string) => this.page.getByTestId(`payout-minimum-${currency}`);

  /** Asks for the whole available balance of `currency`; the caller checks the toast. */
  async requestPayout(currency: string) {
    if (!(await this.payoutButton(currency).isVisible())) await this.openTab('payouts');
    await expect(this.payoutButton(currency)).toBeEnabled();
    await this.payoutButton(currency).click();
  }

  /** Opens the payouts tab and returns its rows once the table is there. */
  async payoutRows(): Promise<Locator> {
    if (!(await this.page.getByTestId('teacher-payouts-table').isVisible())) await this.openTab('payouts');
    await expect(this.page.getByTestId('teacher-payouts-table')).toBeVisible();
    return this.page.getByTestId('teacher-payout-row');
  }

  // ---- Registration (/professor-cadastro) ----

  readonly registrationField = (field: TeacherRegistrationField) => this.page.getByTestId(`teacher-register-${field}`);
  readonly registrationSubmit = () => this.page.getByTestId('teacher-register-submit');

  /**
   * Opens /professor-cadastro signed out, fills the given fields (the country is preset from the
   * page's language, which decides whether a CPF, a CUIT or no tax number is asked; each formats
   * itself as typed) and submits. On success the app lands on /teacher-dashboard; otherwise the caller
   * checks the messages under the fields or the toast.
   */
  async register(values: Partial<Record<TeacherRegistrationField, string>>) {
    await this.page.goto('/professor-cadastro');
    await expect(this.registrationSubmit()).toBeVisible({ timeout: 15_000 });
    for (const [field, value] of Object.entries(values) as [TeacherRegistrationField, string][]) await this.registrationField(field).fill(value);
    await this.registrationSubmit().click();
  }
}
