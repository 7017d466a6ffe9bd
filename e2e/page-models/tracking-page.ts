import { expect, type Page } from '@playwright/test';

/** The dashboard's tracking widgets and the sync status in the header. */
export class TrackingPage {
  constructor(readonly page: Page) {}

  readonly card = () => this.page.getByTestId('daily-tracking');
  readonly syncStatus = () => this.page.getByTestId('sync-status');

  /**
   * Reloads the dashboard and waits until the tracking card has read the device's day. A reload
   * under the CI's full load has taken 7 s to paint, so this wait is longer than an expectation's.
   */
  async reopen() {
    await this.page.reload();
    await expect(this.card()).toHaveAttribute('aria-busy', 'false', { timeout: 20_000 });
  }

  async recordWeight(weight: string, notes?: string) {
    await this.page.getByTestId('record-weight').first().click();
    await this.page.getByTestId('weight-input').fill(weight);
    if (notes) await this.page.getByTestId('weight-notes').fill(notes);
    await this.page.getByTestId('weight-save').click();
    await expect(this.page.getByTestId('weight-form')).toHaveCount(0);
  }

  /** Moves a 1–5 slider with the keyboard, as a person without a mouse would. */
  async setLevel(field: 'mood' | 'energy', value: number) {
    const slider = this.page.getByTestId(`slider-${field}`);
    await slider.focus();
    const current = Number(await slider.getAttribute('aria-valuenow'));
    const key = value > current ? 'ArrowRight' : 'ArrowLeft';
    for (let i = 0; i < Math.abs(value - current); i++) await slider.press(key);
    await expect(slider).toHaveAttribute('aria-valuenow', String(value));
  }

  async pending(): Promise<number> {
    return Number(await this.syncStatus().getAttribute('data-pending'));
  }

  async waitUntilSynced() {
    await expect(this.syncStatus()).toHaveAttribute('data-pending', '0', { timeout: 20_000 });
  }
}
