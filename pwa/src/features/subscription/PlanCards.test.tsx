import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { json, messagesWith, renderInApp, setUpScreenTests, stubApi } from '#pwa/test/screen-harness.tsx';
import { PlanCards } from './PlanCards.tsx';
import type { PlanOffer } from '#protocol/contract/plans.ts';
import { loadSubscriptionMessages } from './i18n/messages.ts';

setUpScreenTests();

const FEATURES = ['personalDiet', 'personalWorkout', 'weightHistory'];
const offer = (overrides: Partial<PlanOffer>): PlanOffer => ({
  id: 'monthly',
  displayKey: 'monthly-basic',
  durationMonths: 1,
  price: 9990,
  originalPrice: null,
  currency: 'BRL',
  mostPopular: false,
  features: FEATURES,
  paymentLink: null,
  checkout: false,
  pix: false,
  ...overrides,
});
const PLANS = [
  offer({}),
  offer({ id: 'quarterly', displayKey: 'quarterly-premium', durationMonths: 3, mostPopular: true }),
  offer({ id: 'annual', displayKey: 'annual-complete', durationMonths: 12, features: [...FEATURES, 'support247'] }),
];

describe('PlanCards (issue 17: /plan-upgrade was 2,870 px tall on a phone)', () => {
  it('lists the features every plan has once, under the cards, and on a card only what its plan adds', async () => {
    const messages = await messagesWith(loadSubscriptionMessages, 'es-AR');
    renderInApp(
      messages,
      <MemoryRouter>
        <PlanCards plans={PLANS} failed={false} retry={() => {}} />
      </MemoryRouter>,
      'es-AR',
    );
    const shared = screen.getByTestId('plan-features');
    expect(within(shared).getByText('Todos los planes incluyen')).toBeTruthy();
    expect(within(shared).getAllByRole('listitem')).toHaveLength(FEATURES.length);
    expect(within(screen.getByTestId('plan-monthly')).queryAllByRole('listitem')).toHaveLength(0);
    expect(within(screen.getByTestId('plan-annual')).getAllByRole('listitem')).toHaveLength(1);
  });

  it('shows no feature list where features are not wanted (My Plan’s chooser)', async () => {
    renderInApp(
      await messagesWith(loadSubscriptionMessages, 'pt-BR'),
      <MemoryRouter>
        <PlanCards plans={PLANS} failed={false} retry={() => {}} showFeatures={false} />
      </MemoryRouter>,
      'pt-BR',
    );
    expect(screen.queryByTestId('plan-features')).toBeNull();
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
  });

  it('sends a plan paid at a provider’s checkout there, through an order the server prices (issue 18)', async () => {
    const calls = stubApi({ 'POST /orders': () => json({ order: { id: 'o1' }, checkoutUrl: 'https://checkout.stripe.test/c/pay/cs_1' }, 201) });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderInApp(
      await messagesWith(loadSubscriptionMessages, 'en-US'),
      <MemoryRouter>
        <PlanCards plans={[offer({ currency: 'USD', price: 999, checkout: true })]} failed={false} retry={() => {}} />
      </MemoryRouter>,
      'en-US',
    );
    fireEvent.click(within(screen.getByTestId('plan-monthly')).getByRole('button'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.test/c/pay/cs_1'));
    expect(calls.map((c) => [c.key, c.body])).toEqual([['POST /orders', { planId: 'monthly' }]]);
  });
});

