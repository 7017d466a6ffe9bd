import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { json, messagesWith, renderInApp, setUpScreenTests, stubApi } from '#pwa/test/screen-harness.tsx';
import { PaymentPending, PaymentsCard, usePayments } from './PaymentsCard.tsx';
import { loadSubscriptionMessages } from './i18n/messages.ts';

/** As My Plan places them: the pending notice over the plan, the payments under it. */
function Payments() {
  const { orders, pending } = usePayments();
  return (
    <>
      <PaymentPending order={pending} />
      <PaymentsCard orders={orders} />
    </>
  );
}

setUpScreenTests();

const order = (status: string) => ({
  id: 'o1', planId: 'monthly', amount: 999, currency: 'USD', provider: 'stripe', status, createdAt: '2026-11-24T15:00:00.000Z',
  method: status === 'paid' ? 'card' : null, receiptUrl: status === 'paid' ? 'https://pay.stripe.test/receipts/ch_1' : null,
});

describe('PaymentsCard (issue 18)', () => {
  it('back from the checkout, reads "Payment under review" until the provider settles the order, then says the plan is on', async () => {
    const answers = [order('pending'), order('paid')];
    stubApi({ 'GET /orders': () => json({ orders: [answers.length > 1 ? answers.shift() : answers[0]] }) });
    renderInApp(
      await messagesWith(loadSubscriptionMessages, 'en-US'),
      <MemoryRouter initialEntries={['/subscription?order=o1']}>
        <Payments />
      </MemoryRouter>,
      'en-US',
    );
    expect((await screen.findByTestId('payment-pending')).textContent).toContain('Payment under review');
    expect(within(screen.getByTestId('payment-row')).getByText('Under review')).toBeTruthy();
    expect(screen.getByTestId('payment-row').textContent).toContain('$9.99');
    await waitFor(() => expect(screen.queryByTestId('payment-pending')).toBeNull(), { timeout: 6_000 });
    expect(within(screen.getByTestId('payment-row')).getByText('Paid')).toBeTruthy();
    expect((await screen.findByTestId('toast')).textContent).toContain('Plan activated!');
    expect(screen.getByTestId('payment-row').textContent).toContain('Card');
    expect(screen.getByTestId('payment-receipt').getAttribute('href')).toBe('https://pay.stripe.test/receipts/ch_1');
  });

  it('shows nothing for a client who never paid through a checkout', async () => {
    const calls = stubApi({ 'GET /orders': () => json({ orders: [] }) });
    renderInApp(await messagesWith(loadSubscriptionMessages, 'pt-BR'), <MemoryRouter><Payments /></MemoryRouter>, 'pt-BR');
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByTestId('payments')).toBeNull();
  });
});
