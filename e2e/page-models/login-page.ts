import { expect, type Page } from '@playwright/test';

const LANGUAGE_NAMES = { 'pt-BR': 'Português (BR)', 'es-AR': 'Español (AR)', 'en-US': 'English (US)' } as const;

export class LoginPage {
  constructor(readonly page: Page) {}

  readonly email = () => this.page.getByTestId('login-email');
  readonly password = () => this.page.getByTestId('login-password');
  readonly submit = () => this.page.getByTestId('login-submit');
  readonly languageMenu = () => this.page.getByTestId('language-menu');

  async open() {
    await this.page.goto('/login');
    await expect(this.submit()).toBeVisible();
  }

  /** Picks a language from the dropdown and checks that the dropdown closed. */
  async chooseLanguage(locale: keyof typeof LANGUAGE_NAMES) {
    await this.languageMenu().click();
    await this.page.getByRole('menuitem', { name: LANGUAGE_NAMES[locale] }).click();
    await expect(this.page.getByRole('menu')).toHaveCount(0);
    await expect(this.languageMenu()).toContainText(LANGUAGE_NAMES[locale]);
  }

  async signIn(email: string, password: string) {
    await this.email().fill(email);
    await this.password().fill(password);
    await this.submit().click();
  }
}
