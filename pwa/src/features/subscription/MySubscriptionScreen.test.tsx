import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { json, renderInApp, setUpScreenTests, stubApi, setUpUserDb } from '#pwa/test/screen-harness.tsx';
import { aPaidSubscription } from '#pwa/test/factories.ts';
import { MySubscriptionScreen } from './MySubscriptionScreen.tsx';

const messages = setUpScreenTests();

const PAID = aPaidSubscription();

setUpUserDb((db) => db.subscriptions.put(PAID));

const renderScreen = (support: { whatsapp: string | null; email: string | null }) => {
  const calls = stubApi({ 'GET /plans': () => json({ plans: [], support }), 'GET /orders': () => json({ orders: [] }) });
  renderInApp(
    messages(),
    <MemoryRouter>
      <MySubscriptionScreen />
    </MemoryRouter>,
  );
  return calls;
};

describe('MySubscriptionScreen: billing help', () => {
  it('offers the contacts the server has', async () => {
    renderScreen({ whatsapp: null, email: 'ajuda@coach.example' });
    fireEvent.click(await screen.findByTestId('manage-billing'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('link', { name: 'Suporte por e-mail' }).getAttribute('href')).toBe('mailto:ajuda@coach.example');
    expect(within(dialog).queryByRole('link', { name: /WhatsApp/ })).toBeNull();
  });

  it('hides billing help when the server has no contact, without telling the client about configuration', async () => {
    const calls = renderScreen({ whatsapp: null, email: null });
    await screen.findByTestId('subscription-card');
    await waitFor(() => expect(calls.map((call) => call.key).sort()).toEqual(['GET /orders', 'GET /plans']));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20))); // its answer is rendered
    expect(screen.queryByTestId('manage-billing')).toBeNull();
    expect(document.body.textContent).not.toMatch(/não configurado/);
  });
});
