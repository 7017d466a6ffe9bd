import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { loadMessages } from '#pwa/i18n/messages.ts';
import { renderInApp, setUpScreenTests } from '#pwa/test/screen-harness.tsx';
import { PlanCards } from './PlanCards.tsx';
import type { PlanOffer } from './use-plans.ts';

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
  ...overrides,
});
const PLANS = [
  offer({}),
  offer({ id: 'quarterly', displayKey: 'quarterly-premium', durationMonths: 3, mostPopular: true }),
  offer({ id: 'annual', displayKey: 'annual-complete', durationMonths: 12, features: [...FEATURES, 'support247'] }),
];

describe('PlanCards (issue 17: /plan-upgrade was 2,870 px tall on a phone)', () => {
  it('lists the features every plan has once, under the cards, and on a card only what its plan adds', async () => {
    const messages = await loadMessages('es-AR');
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
      await loadMessages('pt-BR'),
      <MemoryRouter>
        <PlanCards plans={PLANS} failed={false} retry={() => {}} showFeatures={false} />
      </MemoryRouter>,
      'pt-BR',
    );
    expect(screen.queryByTestId('plan-features')).toBeNull();
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
  });
});
