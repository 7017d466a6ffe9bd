import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { messagesWith, renderInApp, setUpScreenTests } from '#pwa/test/screen-harness.tsx';
import { aWorkoutPlan } from '#pwa/test/factories.ts';
import { loadContentMessages } from './i18n/messages.ts';
import { WorkoutDialog } from './WorkoutDialog.tsx';

setUpScreenTests();

// Written in Portuguese by the trainer; the weekday is the reader's, whatever the author typed.
const workout = aWorkoutPlan({
  weeklySchedule: JSON.stringify([
    { day: 'Segunda-feira', workout: { name: 'Treino A', exercises: [{ name: 'Agachamento', sets: '3', reps: '12' }] } },
    { day: 'Quarta', workout: { exercises: [{ name: 'Supino', sets: '4', reps: '10' }] } },
  ]),
});

describe('WorkoutDialog', () => {
  it.each([
    ['es-AR', ['Lunes · Treino A', 'Miércoles']],
    ['en-US', ['Monday · Treino A', 'Wednesday']],
    ['pt-BR', ['Segunda-feira · Treino A', 'Quarta-feira']],
  ] as const)('names each training day by its weekday in %s, and offers to do that day', async (locale, headings) => {
    renderInApp(
      await messagesWith(loadContentMessages, locale),
      <MemoryRouter>
        <WorkoutDialog workout={workout} onClose={() => undefined} />
      </MemoryRouter>,
      locale,
    );
    const days = await screen.findAllByTestId('schedule-day');
    expect(days.map((day) => day.querySelector('.MuiListItemText-primary')?.textContent)).toEqual(headings);
    fireEvent.click(days[0] as HTMLElement);
    expect((await screen.findByTestId('workout-day-dialog')).querySelector('#workout-day-title')?.textContent).toBe(headings[0]);
    // Monday's session, whatever today is ("do another day", issue 48).
    expect(screen.getByTestId('do-this-day').getAttribute('href')).toBe('/workout?day=1');
  });
});
