import { expect, type Page } from '@playwright/test';

export class ShellPage {
  constructor(readonly page: Page) {}

  readonly sidebar = () => this.page.getByTestId('sidebar');
  readonly heading = () => this.page.getByRole('heading', { level: 1 });
  readonly toast = () => this.page.getByTestId('toast');

  async expectOnDashboard(greeting: string) {
    await expect(this.page).toHaveURL(/\/dashboard$/);
    await expect(this.heading()).toHaveText(greeting);
  }

  async logout() {
    await this.page.getByTestId('header-logout').click();
    await expect(this.page).toHaveURL(/\/login$/);
  }
}
