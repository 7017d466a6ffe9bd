import 'fake-indexeddb/auto';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useUserDb } from '#pwa/db/current.ts';
import { todayLocalDate } from '#pwa/db/local-writes.ts';
import { UserDb } from '#pwa/db/user-db.ts';
import { loadMessages } from '#pwa/i18n/messages.ts';
import { HydrationEnd, startHydrating } from '#pwa/lib/hydration.ts';
import { renderInApp, setUpScreenTests } from '#pwa/test/screen-harness.tsx';
import { DailyTrackingCard } from './DailyTrackingCard.tsx';

setUpScreenTests();

afterEach(async () => {
  const db = useUserDb.getState().db;
  useUserDb.setState({ db: null });
  await db?.delete();
});

const switchOf = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;

describe('DailyTrackingCard while the device’s day is being read', () => {
  it('takes no tap before the day is read (a tap would start from a blank day and save over it), then shows the day as stored', async () => {
    // The shell renders before the device's database is open (a reload at the gym, a cheap phone).
    renderInApp(await loadMessages('pt-BR'), <DailyTrackingCard />);
    const card = await screen.findByTestId('daily-tracking');
    expect(card.getAttribute('aria-busy')).toBe('true');
    expect(switchOf('toggle-workout').disabled).toBe(true);
    expect(switchOf('toggle-diet').disabled).toBe(true);
    fireEvent.click(switchOf('toggle-diet'));
    expect(screen.queryByTestId('unsaved-flag')).toBeNull();

    const db = new UserDb('daily-tracking-card');
    const localDate = todayLocalDate();
    await db.dailyProgress.put({ localDate, workoutCompleted: true, dietFollowed: false, mood: 4, energy: 3, isCompleted: false, hlcs: {} });
    useUserDb.setState({ db });

    await waitFor(() => expect(card.getAttribute('aria-busy')).toBe('false'));
    expect(switchOf('toggle-workout').checked).toBe(true);
    expect(switchOf('toggle-workout').disabled).toBe(false);
    expect(screen.getByTestId('slider-mood').getAttribute('aria-valuenow')).toBe('4');
    expect(screen.queryByTestId('unsaved-flag')).toBeNull();
  });

  it('is open to taps at once on a day with nothing stored yet', async () => {
    useUserDb.setState({ db: new UserDb('daily-tracking-card-empty') });
    renderInApp(await loadMessages('pt-BR'), <DailyTrackingCard />);
    const card = await screen.findByTestId('daily-tracking');
    await waitFor(() => expect(card.getAttribute('aria-busy')).toBe('false'));
    fireEvent.click(switchOf('toggle-diet'));
    expect(switchOf('toggle-diet').checked).toBe(true);
    expect(screen.getByTestId('unsaved-flag')).toBeTruthy();
  });
});

describe('DailyTrackingCard in the dashboard the build rendered', () => {
  it('holds its controls’ place in the page (below a phone’s fold, they kept the page from arriving in one round trip), and shows them once the page has hydrated', async () => {
    const messages = await loadMessages('pt-BR');
    const page = (
      <IntlProvider locale="pt-BR" messages={messages}>
        <DailyTrackingCard />
        <HydrationEnd />
      </IntlProvider>
    );
    startHydrating();
    const html = renderToString(page);
    expect(html).toContain('Acompanhamento diário');
    expect(html).toContain('data-testid="daily-tracking-placeholder"');
    expect(html).not.toContain('toggle-workout');

    useUserDb.setState({ db: new UserDb('daily-tracking-card-hydrating') });
    const container = document.body.appendChild(Object.assign(document.createElement('div'), { innerHTML: html }));
    const mismatches: unknown[] = [];
    const root = await act(async () => hydrateRoot(container, page, { onRecoverableError: (error) => mismatches.push(error) }));
    onTestFinished(() => {
      act(() => root.unmount());
      container.remove();
    });
    const card = screen.getByTestId('daily-tracking');
    await waitFor(() => expect(card.getAttribute('aria-busy')).toBe('false'));
    expect(mismatches).toEqual([]);
    expect(screen.queryByTestId('daily-tracking-placeholder')).toBeNull();
    fireEvent.click(switchOf('toggle-diet'));
    expect(switchOf('toggle-diet').checked).toBe(true);
  });
});
