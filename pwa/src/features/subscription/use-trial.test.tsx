import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { json, setUpScreenTests, stubApi } from '#pwa/test/screen-harness.tsx';
import { useTrialOnFirstLoad } from './use-trial.ts';

setUpScreenTests();

function Screen({ userId }: { userId: string }) {
  useTrialOnFirstLoad(userId);
  return <output data-testid="path">{useLocation().pathname}</output>;
}

const trial = { id: 'sub_trial', planId: 'trial', price: 0, isTrial: true, status: 'active' };

describe('useTrialOnFirstLoad (SPEC §4)', () => {
  it('starts the trial of a client without a subscription and keeps them on the screen they opened by its address', async () => {
    const calls = stubApi({ 'GET /subscriptions/active': () => json({ subscription: null }), 'POST /subscriptions/trial': () => json({ subscription: trial }, 201) });
    render(
      <MemoryRouter initialEntries={['/settings']}>
        <Screen userId="user_deep_link" />
      </MemoryRouter>,
    );
    await waitFor(() => expect(calls.map((c) => c.key)).toContain('POST /subscriptions/trial'));
    await new Promise((resolve) => setTimeout(resolve, 50)); // what followed the trial has run
    expect(screen.getByTestId('path').textContent).toBe('/settings');
  });

  it('takes a trial already started on another device as done, not as an error', async () => {
    const calls = stubApi({
      'GET /subscriptions/active': () => json({ subscription: null }),
      'POST /subscriptions/trial': () => json({ error: 'Teste indisponível', code: 'TRIAL_UNAVAILABLE', details: [] }, 409),
    });
    render(
      <MemoryRouter initialEntries={['/dashboard']}>
        <Screen userId="user_second_device" />
      </MemoryRouter>,
    );
    await waitFor(() => expect(calls.map((c) => c.key)).toContain('POST /subscriptions/trial'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(vi.mocked(console.error)).not.toHaveBeenCalled();
  });

  it('asks once per signed-in client and page, and says nothing when they already have a subscription', async () => {
    const calls = stubApi({ 'GET /subscriptions/active': () => json({ subscription: trial }) });
    const { rerender } = render(
      <MemoryRouter initialEntries={['/dashboard']}>
        <Screen userId="user_subscribed" />
      </MemoryRouter>,
    );
    await waitFor(() => expect(calls).toHaveLength(1));
    rerender(
      <MemoryRouter initialEntries={['/dashboard']}>
        <Screen userId="user_subscribed" />
      </MemoryRouter>,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.map((c) => c.key)).toEqual(['GET /subscriptions/active']);
  });
});
