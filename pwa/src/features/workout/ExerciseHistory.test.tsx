import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { weekdayOf } from '#protocol/domain/check-ins.ts';
import { recordMutation, todayLocalDate } from '#pwa/db/local-writes.ts';
import type { UserDb } from '#pwa/db/user-db.ts';
import { aProfile, aWorkoutPlan } from '#pwa/test/factories.ts';
import { setUpScreenTests } from '#pwa/test/screen-harness.tsx';
import { SESSIONS_PAGE } from './ExerciseHistoryView.tsx';
import { renderWorkoutScreen as renderScreen, setUpWorkoutDb, WEEKDAYS } from './workout-screen-harness.tsx';

setUpScreenTests();

const DAY = 24 * 60 * 60 * 1000;
const PLAN = aWorkoutPlan({
  id: '0193a1b2-0000-7000-8000-0000000000f1',
  weeklySchedule: JSON.stringify([{ day: WEEKDAYS[weekdayOf(todayLocalDate())], workout: { name: 'Pernas', exercises: [{ name: 'Agachamento', sets: '2', reps: '8' }] } }]),
});

const userDb = setUpWorkoutDb(PLAN);

let ids = 0;
const nextId = () => `0193a1b2-0000-7000-8000-${String(++ids).padStart(12, '0')}`;
type Figures = { reps: number | null; loadKg: number | null; seconds: number | null };

/** A session written as the screen writes it: started, its exercises and sets, then finished, discarded or left open; its id. */
async function logSession(db: UserDb, startedAt: Date, exercises: { name: string; kind: 'load' | 'time'; sets: Figures[]; removed?: Figures[] }[], end: 'finish' | 'discard' | 'open' = 'finish') {
  const sessionId = nextId();
  await recordMutation(db, 'workout.start', { id: sessionId, startedAt: startedAt.toISOString() }, startedAt);
  for (const [position, exercise] of exercises.entries()) {
    const exerciseId = nextId();
    await recordMutation(db, 'workoutExercise.add', { id: exerciseId, sessionId, exerciseKey: exercise.name.toLowerCase(), name: exercise.name, kind: exercise.kind, position }, startedAt);
    for (const [place, figures] of [...exercise.sets, ...(exercise.removed ?? [])].entries()) {
      const setId = nextId();
      const doneAt = new Date(startedAt.getTime() + (place + 1) * 60_000);
      await recordMutation(db, 'workoutSet.add', { id: setId, sessionId, exerciseId, position: place, ...figures, doneAt: doneAt.toISOString() }, doneAt);
      if (place >= exercise.sets.length) await recordMutation(db, 'workoutSet.remove', { id: setId }, doneAt);
    }
  }
  const endedAt = new Date(startedAt.getTime() + 30 * 60_000);
  if (end === 'finish') await recordMutation(db, 'workout.finish', { id: sessionId, endedAt: endedAt.toISOString() }, endedAt);
  if (end === 'discard') await recordMutation(db, 'workout.discard', { id: sessionId }, endedAt);
  return sessionId;
}

const load = (loadKg: number, reps: number): Figures => ({ loadKg, reps, seconds: null });
const TEN_DAYS_AGO = new Date(Date.now() - 10 * DAY);
const THREE_DAYS_AGO = new Date(Date.now() - 3 * DAY);

/** Two squat sessions (the later one with a 100 kg single removed), a plank, and a discarded session with a 200 kg single. */
async function seedHistory() {
  const db = userDb();
  await logSession(db, TEN_DAYS_AGO, [
    { name: 'Agachamento', kind: 'load', sets: [load(40, 8), load(40, 8)] },
    { name: 'Prancha', kind: 'time', sets: [{ reps: null, loadKg: null, seconds: 45 }] },
  ]);
  await logSession(db, THREE_DAYS_AGO, [{ name: 'Agachamento', kind: 'load', sets: [load(42.5, 8), load(45, 5)], removed: [load(100, 1)] }]);
  await logSession(db, new Date(Date.now() - 2 * DAY), [{ name: 'Agachamento', kind: 'load', sets: [load(200, 1)] }], 'discard');
}


const medium = (locale: string, date: Date) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(date);
const texts = (testId: string) => screen.getAllByTestId(testId).map((element) => element.textContent);

describe("an exercise's history (issue 48, item 5)", () => {
  it('shows the sessions newest first with their sets and best set, the all-time bests and the charts, in pt-BR', async () => {
    await seedHistory();
    await renderScreen('pt-BR', '/workout?exercise=agachamento');
    await screen.findByTestId('history-heaviest');
    expect(screen.getByRole('heading', { level: 1, name: 'Agachamento' })).toBeTruthy();
    // The removed 100 kg set and the discarded session's 200 kg count for nothing.
    expect(screen.getByTestId('history-heaviest').textContent).toBe('45 kg');
    expect(screen.getByTestId('history-one-rep-max').textContent).toBe('53,8 kg');
    expect(screen.getByTestId('history-session-count').textContent).toBe('2');
    expect(texts('history-session-date')).toEqual([medium('pt-BR', THREE_DAYS_AGO), medium('pt-BR', TEN_DAYS_AGO)]);
    expect(texts('history-session-sets')).toEqual(['42,5 kg × 8 · 45 kg × 5', '40 kg × 8 · 40 kg × 8']);
    expect(texts('history-session-best')).toEqual(['Melhor série: 42,5 kg × 8 · 1RM estimada 53,8 kg', 'Melhor série: 40 kg × 8 · 1RM estimada 50,7 kg']);
    expect(within(screen.getAllByTestId('history-session')[0]!).getByText('2 séries · volume 565 kg')).toBeTruthy();
    // The charts have a name, and a table of their figures for screen readers.
    expect(screen.getByRole('img', { name: '1RM estimada por treino, em kg' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Volume por treino, em kg' })).toBeTruthy();
    expect(screen.getByTestId('one-rep-max-chart-last-value').textContent).toBe('53,8');
    expect(screen.getByTestId('volume-chart-last-value').textContent).toBe('565');
    expect(screen.getAllByTestId('volume-chart-dot')).toHaveLength(2);

    fireEvent.click(screen.getByTestId('history-back'));
    await screen.findByTestId('workout-start');
    expect(screen.getByTestId('where').textContent).toBe('/workout');
  });

  it('says the figures in pounds in en-US for a client in the US system', async () => {
    await userDb().profile.put(aProfile({ unitSystem: 'us' }));
    await seedHistory();
    await renderScreen('en-US', '/workout?exercise=agachamento');
    // 45 kg is 99.2 lb; Epley's 42.5 kg × 8 is 53.83 kg, 118.7 lb; 565 kg lifted is 1,245.6 lb.
    expect((await screen.findByTestId('history-heaviest')).textContent).toBe('99.2 lb');
    expect(screen.getByTestId('history-one-rep-max').textContent).toBe('118.7 lb');
    expect(texts('history-session-date')).toEqual([medium('en-US', THREE_DAYS_AGO), medium('en-US', TEN_DAYS_AGO)]);
    expect(texts('history-session-sets')).toEqual(['93.7 lb × 8 · 99.2 lb × 5', '88.2 lb × 8 · 88.2 lb × 8']);
    expect(texts('history-session-best')[0]).toBe('Best set: 93.7 lb × 8 · est. 1-rep max 118.7 lb');
    expect(within(screen.getAllByTestId('history-session')[0]!).getByText('2 sets · volume 1,246 lb')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Estimated 1-rep max per session, in lb' })).toBeTruthy();
    expect(screen.getByTestId('volume-chart-last-value').textContent).toBe('1,246');
  });

  it("lists the exercises done under the start, each leading to its history; a time exercise's best is its longest time", async () => {
    await seedHistory();
    await renderScreen('pt-BR', '/workout');
    const list = await screen.findByTestId('exercises-done');
    expect(within(list).getByRole('heading', { name: 'Exercícios feitos' })).toBeTruthy();
    expect(within(list).getAllByTestId('exercise-done').map((item) => item.textContent)).toEqual([
      `Agachamentoúltima vez ${medium('pt-BR', THREE_DAYS_AGO)} · melhor 42,5 kg × 8`,
      `Pranchaúltima vez ${medium('pt-BR', TEN_DAYS_AGO)} · melhor 45 s`,
    ]);
    fireEvent.click(within(list).getAllByTestId('exercise-done')[1]!);
    expect((await screen.findByTestId('history-best-set')).textContent).toBe('45 s');
    expect(screen.getByTestId('where').textContent).toBe('/workout?exercise=prancha');
    // No load, no chart of loads.
    expect(screen.queryByTestId('one-rep-max-chart')).toBeNull();
  });

  it("links a session's 'last time' to the history, where the open session shows in progress, and comes back to it", async () => {
    await seedHistory();
    await renderScreen('pt-BR', '/workout');
    fireEvent.click(within(await screen.findByTestId('chosen-day')).getByTestId('start-workout'));
    const lastTime = await screen.findByTestId('last-time');
    expect(lastTime.textContent).toBe('Última vez: 42,5 kg × 8 · 45 kg × 5');
    expect(lastTime.getAttribute('href')).toBe('/workout?exercise=agachamento');
    // A set done today, pre-filled from last time: 42,5 kg × 8.
    fireEvent.click(screen.getAllByTestId('set-done')[0]!);
    await waitFor(async () => expect((await userDb().outbox.toArray()).at(-1)?.name).toBe('workoutSet.add'));
    fireEvent.click(lastTime);
    await screen.findByTestId('exercise-history');
    await waitFor(() => expect(screen.getAllByTestId('history-session')).toHaveLength(3));
    const [today] = screen.getAllByTestId('history-session');
    expect(within(today!).getByText('Em andamento')).toBeTruthy();
    expect(within(today!).getByTestId('history-session-sets').textContent).toBe('42,5 kg × 8');
    fireEvent.click(screen.getByTestId('history-back'));
    await screen.findByTestId('workout-session');
  });

  it('shows the latest sessions a page at a time, and the earlier ones on request', async () => {
    for (let day = SESSIONS_PAGE + 1; day >= 1; day--) await logSession(userDb(), new Date(Date.now() - day * DAY), [{ name: 'Agachamento', kind: 'load', sets: [load(40 + day, 5)] }]);
    await renderScreen('pt-BR', '/workout?exercise=agachamento');
    await screen.findByTestId('history-heaviest');
    expect(screen.getAllByTestId('history-session')).toHaveLength(SESSIONS_PAGE);
    expect(screen.getByTestId('history-session-count').textContent).toBe(String(SESSIONS_PAGE + 1));
    fireEvent.click(screen.getByTestId('history-earlier'));
    expect(screen.getAllByTestId('history-session')).toHaveLength(SESSIONS_PAGE + 1);
    // The oldest session, the last card: its load was 40 kg and a kilogram more for each day back.
    expect(texts('history-session-sets').at(-1)).toBe(`${40 + SESSIONS_PAGE + 1} kg × 5`);
    expect(screen.queryByTestId('history-earlier')).toBeNull();
  });

  it('says when an exercise was never done on this device', async () => {
    await renderScreen('es-AR', '/workout?exercise=remada');
    expect((await screen.findByTestId('history-never')).textContent).toBe('Todavía no hay series de este ejercicio en este dispositivo.');
    await waitFor(() => expect(screen.getByTestId('history-back').getAttribute('href')).toBe('/workout'));
  });

  it('follows every name of one exercise the coach merged: one history, one entry in the list, and "last time" from either name', async () => {
    await seedHistory();
    const db = userDb();
    await logSession(db, new Date(Date.now() - DAY), [{ name: 'Agachamento livre', kind: 'load', sets: [load(50, 6)] }]);
    // As a pull brings them after the merge: both names share the exercise's id.
    await db.synced('exerciseNames').bulkPut([
      { id: nextId(), nameKey: 'agachamento', exerciseId: 'x-squat' },
      { id: nextId(), nameKey: 'agachamento livre', exerciseId: 'x-squat' },
    ]);
    await renderScreen('pt-BR', '/workout?exercise=agachamento');
    await waitFor(() => expect(screen.getByTestId('history-session-count').textContent).toBe('3'));
    expect(texts('history-session-sets')[0]).toBe('50 kg × 6');

    cleanup();
    await renderScreen('pt-BR', '/workout');
    const list = await screen.findByTestId('exercises-done');
    await waitFor(() => expect(within(list).getAllByTestId('exercise-done').map((item) => item.textContent?.split('última')[0])).toEqual(['Agachamento livre', 'Prancha']));

    // Today's plan says "Agachamento": its last time is the session under the other name.
    fireEvent.click(within(await screen.findByTestId('chosen-day')).getByTestId('start-workout'));
    expect((await screen.findByTestId('last-time')).textContent).toContain('50 kg × 6');
  });

  it('reads, for what a session beat, only the names of its exercises, not every name on the device', async () => {
    const db = userDb();
    await logSession(db, new Date(Date.now() - DAY), [{ name: 'Agachamento livre', kind: 'load', sets: [load(50, 6)] }]);
    await db.synced('exerciseNames').bulkPut([
      { id: nextId(), nameKey: 'agachamento', exerciseId: 'x-squat' },
      { id: nextId(), nameKey: 'agachamento livre', exerciseId: 'x-squat' },
      ...Array.from({ length: 30 }, (_, k) => ({ id: nextId(), nameKey: `outro ${k}`, exerciseId: `x-${k}` })),
    ]);
    const today = await logSession(db, new Date(Date.now() - 40 * 60_000), [{ name: 'Agachamento', kind: 'load', sets: [load(55, 6)] }]);
    const read = new Set<string>();
    db.synced('exerciseNames').hook('reading', (name) => {
      read.add(name.nameKey);
      return name;
    });
    await renderScreen('pt-BR', `/workout?summary=${today}`);
    await waitFor(() => expect(screen.getAllByTestId('summary-record').map((record) => record.textContent)).toContain('Maior carga: 55 kg (antes 50 kg)'));
    expect([...read].sort()).toEqual(['agachamento', 'agachamento livre']);
  });
});
