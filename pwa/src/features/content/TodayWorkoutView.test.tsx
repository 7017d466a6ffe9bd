import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { weekdayOf } from '#protocol/domain/check-ins.ts';
import { provideMutators } from '#protocol/mutations/envelope.ts';
import { LATER_MUTATORS } from '#protocol/mutations/later-mutators.ts';
import { recordMutation, todayLocalDate } from '#pwa/db/local-writes.ts';
import { aWorkoutPlan } from '#pwa/test/factories.ts';
import { messagesWith, renderInApp, setUpScreenTests, setUpUserDb } from '#pwa/test/screen-harness.tsx';
import { loadContentMessages } from './i18n/messages.ts';
import { TodayWorkoutView } from './TodayWorkoutView.tsx';

setUpScreenTests();
// The workout's mutators, as a page loads them (sync/user-data.ts).
provideMutators(async () => LATER_MUTATORS);
const userDb = setUpUserDb();

const WEEKDAYS = ['Domingo', 'Segunda-feira', 'Terça-feira', 'Quarta-feira', 'Quinta-feira', 'Sexta-feira', 'Sábado'];
const TODAY = aWorkoutPlan({ weeklySchedule: JSON.stringify([{ day: WEEKDAYS[weekdayOf(todayLocalDate())], workout: { exercises: [{ name: 'Agachamento', sets: '3', reps: '12' }] } }]) });

const renderView = async () =>
  renderInApp(
    await messagesWith(loadContentMessages),
    <MemoryRouter>
      <TodayWorkoutView workout={TODAY} />
    </MemoryRouter>,
  );

describe("TodayWorkoutView's way into the session (issue 48)", () => {
  it("starts today's workout on /workout", async () => {
    await renderView();
    const start = await screen.findByTestId('start-today-workout');
    expect(start.textContent).toBe('Começar treino');
    expect(start.getAttribute('href')).toBe('/workout');
  });

  it('offers to resume a session left open rather than start another', async () => {
    await recordMutation(userDb(), 'workout.start', { id: '0193a1b2-0000-7000-8000-0000000000a1', startedAt: new Date().toISOString() });
    await renderView();
    expect((await screen.findByText('Continuar treino')).getAttribute('href')).toBe('/workout');
  });
});
