import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { SubscriptionDto } from '#protocol/contract/subscriptions.ts';
import { loadMessages } from '#pwa/i18n/messages.ts';
import { renderInApp, setUpScreenTests, setUpUserDb } from '#pwa/test/screen-harness.tsx';
import { SubscriptionBanners } from './SubscriptionBanners.tsx';

setUpScreenTests();

const HOUR = 3_600_000;
const subscription = (overrides: Partial<SubscriptionDto>): SubscriptionDto => ({
  id: 'sub-1',
  planId: 'trial',
  price: 0,
  currencyCode: 'BRL',
  status: 'active',
  startDate: new Date(Date.now() - HOUR).toISOString(),
  endDate: new Date(Date.now() + 23 * HOUR + 30 * 60_000).toISOString(),
  isTrial: true,
  daysRemaining: 1,
  ...overrides,
});

const userDb = setUpUserDb();

async function renderBanners(locale: 'pt-BR' | 'es-AR' | 'en-US') {
  renderInApp(
    await loadMessages(locale),
    <MemoryRouter>
      <SubscriptionBanners fallback={<p data-testid="install-banner">install</p>} />
    </MemoryRouter>,
    locale,
  );
}

describe('SubscriptionBanners: one banner at a time (issue 17: three stacked banners pushed the greeting below the fold)', () => {
  it('tells a trial client, in one banner, that the trial ends and what a plan brings; no install banner beside it', async () => {
    await userDb().subscriptions.put(subscription({}));
    await renderBanners('es-AR');
    const banner = await screen.findByTestId('banner-activation');
    expect(banner.textContent).toContain('prueba gratis de 24 horas, que termina en 23 horas');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.queryByTestId('install-banner')).toBeNull();
  });

  it('shows an expired plan’s banner alone, not the activation banner too', async () => {
    const past = new Date(Date.now() - 48 * HOUR).toISOString();
    await userDb().subscriptions.put(subscription({ planId: 'monthly', price: 2990, isTrial: false, status: 'inactive', startDate: past, endDate: past }));
    await renderBanners('pt-BR');
    await screen.findByTestId('banner-expired');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('says nothing of the plan on a device that has not pulled yet: an empty table there is no answer (a new phone showed “activate your plan” until its first pull, moving the page down and up)', async () => {
    await renderBanners('pt-BR');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
    expect(screen.queryByTestId('install-banner')).toBeNull();
    // The first pull has run, and this client has no plan: now the banner is the truth.
    await userDb().setMeta('lastSyncAt', new Date().toISOString());
    await screen.findByTestId('banner-activation');
  });

  it('leaves the place to the install banner when no plan banner applies', async () => {
    await userDb().subscriptions.put(subscription({ planId: 'quarterly', price: 6990, isTrial: false, endDate: new Date(Date.now() + 60 * 24 * HOUR).toISOString() }));
    await renderBanners('en-US');
    await screen.findByTestId('install-banner');
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
  });
});
