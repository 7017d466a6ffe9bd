import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { weekdayOf } from '#protocol/domain/check-ins.ts';
import { todayLocalDate } from '#pwa/db/local-writes.ts';
import { aPaidSubscription, aProfile, aWorkoutPlan } from '#pwa/test/factories.ts';
import { setUpScreenTests } from '#pwa/test/screen-harness.tsx';
import { renderWorkoutScreen as renderScreen, setUpWorkoutDb, WEEKDAYS } from './workout-screen-harness.tsx';

setUpScreenTests();

const today = weekdayOf(todayLocalDate());
/** Today's day of the plan: a lift with a load and a plank for time. */
const PLAN = aWorkoutPlan({
  id: '0193a1b2-0000-7000-8000-0000000000f1',
  weeklySchedule: JSON.stringify([
    {
      day: WEEKDAYS[today],
      workout: {
        name: 'Pernas',
        exercises: [
          { name: 'Agachamento', sets: '2', reps: '8-12', rest: '60s', notes: 'Desça devagar' },
          { name: 'Prancha', sets: '1', reps: '45s', rest: '30s' },
        ],
      },
    },
    { day: WEEKDAYS[(today + 2) % 7], workout: { name: 'Costas', exercises: [{ name: 'Remada', sets: '3', reps: '10' }] } },
  ]),
});

const userDb = setUpWorkoutDb(PLAN);
const outbox = async () => (await userDb().outbox.toArray()).map((m) => [m.name, m.args] as [string, Record<string, unknown>]);


const exerciseCard = async (name: string) => (await screen.findAllByTestId('session-exercise')).find((card) => within(card).queryByRole('heading', { name }))!;

describe('WorkoutScreen (issue 48)', () => {
  it("starts today's day of the plan: the session and its exercises in the plan's order, in the outbox", async () => {
    await renderScreen();
    expect(within(await screen.findByTestId('chosen-day')).getByText('Agachamento')).toBeTruthy();
    fireEvent.click(within(screen.getByTestId('chosen-day')).getByTestId('start-workout'));
    await screen.findByTestId('workout-session');
    const names = (await outbox()).map(([name]) => name);
    expect(names).toEqual(['workout.start', 'workoutExercise.add', 'workoutExercise.add']);
    const [start, squat, plank] = (await outbox()).map(([, args]) => args);
    expect(start).toMatchObject({ planId: PLAN.id, weekday: today });
    expect(squat).toMatchObject({ name: 'Agachamento', exerciseKey: 'agachamento', kind: 'load', position: 0, prescription: { sets: '2', reps: '8-12', rest: '60s' } });
    expect(plank).toMatchObject({ name: 'Prancha', kind: 'time', position: 1 });
    expect(within(await exerciseCard('Agachamento')).getByText('Desça devagar')).toBeTruthy();
  });

  it('logs a set typed with a comma: one workoutSet.add in kg, the rest timer from the plan, and a double tap counted once', async () => {
    await renderScreen();
    fireEvent.click(within(await screen.findByTestId('chosen-day')).getByTestId('start-workout'));
    const squat = await exerciseCard('Agachamento');
    const [first] = within(squat).getAllByTestId('set-row');
    expect((within(first!).getByTestId('set-reps') as HTMLInputElement).value).toBe('8');
    fireEvent.change(within(first!).getByTestId('set-load'), { target: { value: '42,5' } });
    fireEvent.click(within(first!).getByTestId('set-done'));
    fireEvent.click(within(first!).getByTestId('set-done'));
    await waitFor(async () => expect((await outbox()).filter(([name]) => name === 'workoutSet.add')).toHaveLength(1));
    const [, set] = (await outbox()).find(([name]) => name === 'workoutSet.add')!;
    expect(set).toMatchObject({ position: 0, reps: 8, loadKg: 42.5, seconds: null });
    expect((await screen.findByTestId('rest-left')).textContent).toMatch(/^(1:00|0:59)$/);
    await waitFor(() => expect(within(squat).getAllByTestId('set-row')[0]!.getAttribute('data-done')).toBe('true'));
    // The next set starts as the one just done: one tap when it goes the same.
    expect((within(within(squat).getAllByTestId('set-row')[1]!).getByTestId('set-load') as HTMLInputElement).value).toBe('42,5');
    // Nothing else was written by the second tap: no removal of the set just done.
    expect((await outbox()).some(([name]) => name === 'workoutSet.remove')).toBe(false);
  });

  it('names a wrong figure under its field and writes nothing', async () => {
    await renderScreen();
    fireEvent.click(within(await screen.findByTestId('chosen-day')).getByTestId('start-workout'));
    const [first] = within(await exerciseCard('Agachamento')).getAllByTestId('set-row');
    fireEvent.change(within(first!).getByTestId('set-load'), { target: { value: '4o' } });
    fireEvent.change(within(first!).getByTestId('set-reps'), { target: { value: '' } });
    fireEvent.click(within(first!).getByTestId('set-done'));
    expect(await within(first!).findByText('Por favor, informe uma carga válida.')).toBeTruthy();
    expect((await outbox()).some(([name]) => name === 'workoutSet.add')).toBe(false);
  });

  it('resumes an open session after a reload, with what was typed in a set not yet done', async () => {
    await renderScreen();
    fireEvent.click(within(await screen.findByTestId('chosen-day')).getByTestId('start-workout'));
    const [, second] = within(await exerciseCard('Agachamento')).getAllByTestId('set-row');
    fireEvent.change(within(second!).getByTestId('set-load'), { target: { value: '45' } });
    const { cleanup } = await import('@testing-library/react');
    cleanup();
    await renderScreen();
    const [, again] = within(await exerciseCard('Agachamento')).getAllByTestId('set-row');
    expect((within(again!).getByTestId('set-load') as HTMLInputElement).value).toBe('45');
  });

  it("finishes with the summary and marks today's workout done through the tracking's own change", async () => {
    await renderScreen('en-US');
    fireEvent.click(within(await screen.findByTestId('chosen-day')).getByTestId('start-workout'));
    const [plankSet] = within(await exerciseCard('Prancha')).getAllByTestId('set-row');
    expect((within(plankSet!).getByTestId('set-seconds') as HTMLInputElement).value).toBe('45');
    fireEvent.click(within(plankSet!).getByTestId('set-done'));
    await waitFor(async () => expect((await outbox()).filter(([name]) => name === 'workoutSet.add')).toHaveLength(1));
    fireEvent.click(screen.getByTestId('finish-workout'));
    fireEvent.click(await screen.findByTestId('confirm-dialog-confirm'));
    await screen.findByTestId('workout-summary');
    const names = (await outbox()).map(([name]) => name);
    expect(names.slice(-2)).toEqual(['workout.finish', 'progress.set']);
    expect((await outbox()).at(-1)![1]).toEqual({ field: 'workoutCompleted', value: true });
    expect((await userDb().dailyProgress.get(todayLocalDate()))?.workoutCompleted).toBe(true);
    expect(screen.getByTestId('summary-sets').textContent).toBe('1 of 3');
    expect(screen.getByTestId('where').textContent).toMatch(/^\/workout\?summary=/);
  });

  it('breaks a record against an earlier session, in pounds for a client in the US system', async () => {
    await userDb().profile.put(aProfile({ unitSystem: 'us' }));
    {
      await renderScreen('en-US');
      fireEvent.click(within(await screen.findByTestId('chosen-day')).getByTestId('start-workout'));
      let [first] = within(await exerciseCard('Agachamento')).getAllByTestId('set-row');
      expect(within(first!).getByLabelText('Set 1: Load (lb)')).toBeTruthy();
      fireEvent.change(within(first!).getByTestId('set-load'), { target: { value: '135' } });
      fireEvent.click(within(first!).getByTestId('set-done'));
      await waitFor(async () => expect((await outbox()).filter(([name]) => name === 'workoutSet.add')).toHaveLength(1));
      fireEvent.click(screen.getByTestId('finish-workout'));
      fireEvent.click(await screen.findByTestId('confirm-dialog-confirm'));
      await screen.findByTestId('workout-summary');
      expect(screen.queryAllByTestId('summary-record')).toHaveLength(0);

      // A second session a moment later: pre-filled from the first, then heavier.
      const { cleanup } = await import('@testing-library/react');
      cleanup();
      await act(() => new Promise((resolve) => setTimeout(resolve, 5)));
      await renderScreen('en-US');
      fireEvent.click(within(await screen.findByTestId('chosen-day')).getByTestId('start-workout'));
      [first] = within(await exerciseCard('Agachamento')).getAllByTestId('set-row');
      await waitFor(() => expect((within(first!).getByTestId('set-load') as HTMLInputElement).value).toBe('135'));
      expect(within(await exerciseCard('Agachamento')).getByTestId('last-time').textContent).toBe('Last time: 135 lb × 8');
      fireEvent.change(within(first!).getByTestId('set-load'), { target: { value: '145' } });
      fireEvent.click(within(first!).getByTestId('set-done'));
      await waitFor(async () => expect((await outbox()).filter(([name]) => name === 'workoutSet.add')).toHaveLength(2));
      fireEvent.click(screen.getByTestId('finish-workout'));
      fireEvent.click(await screen.findByTestId('confirm-dialog-confirm'));
      await screen.findByTestId('workout-summary');
      const records = screen.getAllByTestId('summary-record').map((record) => record.textContent);
      expect(records).toContain('Heaviest load: 145 lb (was 135 lb)');
      // An estimate reads to 0.1, as every weight shown.
      expect(records).toContainEqual(expect.stringMatching(/^Best estimated 1-rep max: \d+(\.\d)? lb \(was \d+(\.\d)? lb\)$/));
      expect(screen.getAllByTestId('summary-exercise')[0]!.textContent).toContain("1 set · best 145 lb × 8 · last time 135 lb × 8Heaviest load");
    }
  });

  it('discards a session: a workout.discard, and the start again', async () => {
    await renderScreen('es-AR');
    fireEvent.click(within(await screen.findByTestId('chosen-day')).getByTestId('start-workout'));
    fireEvent.click(await screen.findByTestId('discard-workout'));
    fireEvent.click(await screen.findByTestId('confirm-dialog-confirm'));
    await screen.findByTestId('workout-start');
    expect((await outbox()).at(-1)![0]).toBe('workout.discard');
  });

  it('closes a session left open for more than 12 hours at its last set', async () => {
    const started = new Date(Date.now() - 13 * 60 * 60 * 1000);
    const { recordMutation } = await import('#pwa/db/local-writes.ts');
    const db = userDb();
    await recordMutation(db, 'workout.start', { id: '0193a1b2-0000-7000-8000-0000000000a1', startedAt: started.toISOString() }, started);
    await recordMutation(db, 'workoutExercise.add', { id: '0193a1b2-0000-7000-8000-0000000000a2', sessionId: '0193a1b2-0000-7000-8000-0000000000a1', exerciseKey: 'remada', name: 'Remada', kind: 'load', position: 0 }, started);
    const lastSet = new Date(started.getTime() + 40 * 60 * 1000);
    await recordMutation(db, 'workoutSet.add', { id: '0193a1b2-0000-7000-8000-0000000000a3', sessionId: '0193a1b2-0000-7000-8000-0000000000a1', exerciseId: '0193a1b2-0000-7000-8000-0000000000a2', position: 0, reps: 10, loadKg: 30, seconds: null, doneAt: lastSet.toISOString() }, lastSet);
    await renderScreen();
    await waitFor(async () => expect((await outbox()).at(-1)).toEqual(['workout.finish', { id: '0193a1b2-0000-7000-8000-0000000000a1', endedAt: lastSet.toISOString() }]));
    await screen.findByTestId('workout-start');
  });

  it('shows the activation prompt without a paid plan', async () => {
    await userDb().subscriptions.clear();
    await userDb().subscriptions.put(aPaidSubscription({ price: 0, isTrial: true }));
    await renderScreen();
    expect((await screen.findByTestId('activation-gate')).getAttribute('data-gate')).toBe('trial');
  });
});
