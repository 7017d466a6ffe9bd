import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useUserDb } from '#pwa/db/current.ts';
import { todayLocalDate } from '#pwa/db/local-writes.ts';
import { UserDb } from '#pwa/db/user-db.ts';
import { loadMessages } from '#pwa/i18n/messages.ts';
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
