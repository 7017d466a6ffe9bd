import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { StaffExercise, StaffWorkoutExercise, StaffWorkoutHistory, StaffWorkoutSession } from '#protocol/contract/staff.ts';
import type { Locale } from '#protocol/i18n/locales.ts';
import { useSession, type Client } from '#pwa/lib/session.ts';
import { openPokeRelay } from '#pwa/sync/live-pokes.ts';
import { json, messagesWith, renderInApp, setUpScreenTests, stubStaffApi } from '#pwa/test/screen-harness.tsx';
import { ClientWorkoutsCard, WORKOUTS_PAGE } from './ClientWorkoutsCard.tsx';
import { loadAdminMessages } from './i18n/messages.ts';

setUpScreenTests();

const anExercise = (over: Partial<StaffWorkoutExercise> = {}): StaffWorkoutExercise => ({
  id: 'e1',
  exerciseKey: 'supino reto',
  name: 'Supino reto',
  kind: 'load',
  prescription: { sets: '4', reps: '8-10', rest: '90s' },
  position: 0,
  skipped: false,
  note: null,
  sets: [8, 8, 7].map((reps, k) => ({ id: `s${k}`, position: k, reps, loadKg: 40, seconds: null, doneAt: `2026-11-23T10:0${2 + k}:00.000Z` })),
  ...over,
});

const aSession = (over: Partial<StaffWorkoutSession> = {}): StaffWorkoutSession => ({
  id: 'w1',
  planId: 'p1',
  weekday: 1,
  dayName: 'Treino A - Peito',
  startedAt: '2026-11-23T10:00:00.000Z',
  endedAt: '2026-11-23T10:52:00.000Z',
  exercises: [anExercise()],
  ...over,
});

const aHistory = (over: Partial<StaffWorkoutHistory> = {}): StaffWorkoutHistory => ({ sessions: [aSession()], adherence: { weekStart: '2026-11-23', done: 2, target: 3 }, exercises: [], ...over });

async function renderCard(locale: Locale = 'pt-BR') {
  renderInApp(await messagesWith(loadAdminMessages, locale), <ClientWorkoutsCard clientId="u1" />, locale);
  return screen.findByTestId('admin-workouts');
}

/** The card once its history has arrived: its shell paints first, the adherence line with the history. */
async function showCard(locale: Locale = 'pt-BR') {
  const card = await renderCard(locale);
  await within(card).findByTestId('admin-workouts-adherence');
  return card;
}

const exerciseLines = async () => (await screen.findAllByTestId('admin-workout-exercise')).map((line) => line.textContent);

describe('the coach reads a client’s workouts (issue 48, part 6)', () => {
  it('shows the week’s adherence and each session with its date, day, duration, and each exercise’s sets against the prescription', async () => {
    stubStaffApi({
      'GET /coach/clients/u1/workout-sessions': () =>
        json(
          aHistory({
            sessions: [
              aSession({
                exercises: [
                  anExercise(),
                  anExercise({ id: 'e2', name: 'Crucifixo', prescription: { sets: '3', reps: '12', rest: null }, skipped: true, note: 'Ombro doendo', sets: [] }),
                  anExercise({ id: 'e3', name: 'Remada', prescription: null, sets: [{ id: 's9', position: 0, reps: 10, loadKg: 42.5, seconds: null, doneAt: '2026-11-23T10:40:00.000Z' }, { id: 's10', position: 1, reps: 8, loadKg: 45, seconds: null, doneAt: '2026-11-23T10:43:00.000Z' }] }),
                  anExercise({ id: 'e4', name: 'Prancha', kind: 'time', prescription: { sets: '2', reps: '45s', rest: null }, sets: [{ id: 's11', position: 0, reps: null, loadKg: null, seconds: 45, doneAt: '2026-11-23T10:48:00.000Z' }] }),
                ],
              }),
            ],
          }),
        ),
    });
    const card = await showCard();
    expect(within(card).getByTestId('admin-workouts-adherence').textContent).toBe('2 de 3 nesta semana');
    const session = within(card).getByTestId('admin-workout-session');
    expect(session.textContent).toContain('Treino A - Peito');
    expect(session.textContent).toContain('52 min');
    expect(session.textContent).toContain('23 de nov. de 2026');
    expect(await exerciseLines()).toEqual([
      'Supino reto3/4 séries · 8, 8 e 7 reps · 40 kgPrescrito: 4 × 8-10 · descanso 90s',
      'CrucifixoPulado0/3 sériesPrescrito: 3 × 12Nota do aluno: Ombro doendo',
      'RemadaFora do plano2 séries · 10 × 42,5 kg e 8 × 45 kg',
      'Prancha1/2 séries · 45 sPrescrito: 2 × 45s',
    ]);
  });

  it('marks a session still open as in progress, names a day from the weekday when the plan does not, and a session of the client’s own as free', async () => {
    stubStaffApi({
      'GET /coach/clients/u1/workout-sessions': () =>
        json(aHistory({ sessions: [aSession({ id: 'open', endedAt: null, dayName: null, weekday: 3 }), aSession({ id: 'free', planId: null, weekday: null, dayName: null, exercises: [] })] })),
    });
    await showCard();
    const [open, free] = screen.getAllByTestId('admin-workout-session') as [HTMLElement, HTMLElement];
    expect(within(open).getByTestId('admin-workout-in-progress').textContent).toBe('Em andamento');
    expect(open.textContent).toContain('quarta-feira');
    expect(open.textContent).not.toContain('52 min');
    expect(free.textContent).toContain('Treino livre');
    expect(free.textContent).toContain('Nenhum exercício registrado.');
  });

  it('speaks the viewer’s language and units: pounds for a coach in US units', async () => {
    useSession.setState({ status: 'authenticated', client: { id: 't1', name: 'Tess', email: 't@example.com', role: 'teacher', unitSystem: 'us' } as Client });
    stubStaffApi({
      'GET /coach/clients/u1/workout-sessions': () => json(aHistory({ adherence: { weekStart: '2026-11-23', done: 1, target: null }, sessions: [aSession({ startedAt: '2026-11-23T10:00:00.000Z', endedAt: '2026-11-23T11:05:00.000Z' })] })),
    });
    const card = await showCard('en-US');
    expect(within(card).getByTestId('admin-workouts-adherence').textContent).toBe('1 workout this week');
    expect(within(card).getByTestId('admin-workout-session').textContent).toContain('1 hr 5 min');
    expect(within(card).getByTestId('admin-workout-sets').textContent).toBe('3/4 sets · 8, 8, 7 reps · 88.2 lb');
  });

  it('lists the latest sessions first and earlier ones on demand, and says when there are none', async () => {
    const many = Array.from({ length: WORKOUTS_PAGE + 2 }, (_, k) => aSession({ id: `w${k}` }));
    stubStaffApi({ 'GET /coach/clients/u1/workout-sessions': () => json(aHistory({ sessions: many })) });
    await showCard();
    expect(await screen.findAllByTestId('admin-workout-session')).toHaveLength(WORKOUTS_PAGE);
    fireEvent.click(screen.getByTestId('admin-workouts-more'));
    expect(screen.getAllByTestId('admin-workout-session').map((session) => session.getAttribute('data-session-id'))).toEqual(many.map((session) => session.id));
    expect(screen.queryByTestId('admin-workouts-more')).toBeNull();
  });

  it('shows a session logged at the gym when the server pokes, without a reload', async () => {
    let history = aHistory({ sessions: [], adherence: { weekStart: '2026-11-23', done: 0, target: 3 } });
    stubStaffApi({ 'GET /coach/clients/u1/workout-sessions': () => json(history) });
    const card = await showCard();
    expect((await within(card).findByTestId('admin-workouts-empty')).textContent).toBe('Nenhum treino registrado ainda.');
    history = aHistory({ sessions: [aSession({ endedAt: null })], adherence: { weekStart: '2026-11-23', done: 0, target: 3 } });
    const relay = openPokeRelay('workouts-card-test');
    relay.announce();
    relay.close();
    await waitFor(() => expect(within(card).getByTestId('admin-workout-in-progress')).toBeTruthy());
  });

  it('says the load failed, with a retry', async () => {
    stubStaffApi({ 'GET /coach/clients/u1/workout-sessions': () => json({ error: 'Sem permissão', code: 'FORBIDDEN' }, 403) });
    const card = await renderCard();
    expect((await within(card).findByRole('alert')).textContent).toContain('Não foi possível carregar os treinos.');
  });

  it('lists the exercises done with the names each goes by; merges two names and separates one again, each answer shown', async () => {
    const supino: StaffExercise = { exerciseId: 'x1', names: [{ nameKey: 'supino reto', name: 'Supino reto' }], sessions: 3, lastDoneAt: '2026-11-23T10:00:00.000Z' };
    const barra: StaffExercise = { exerciseId: 'supino com barra', names: [{ nameKey: 'supino com barra', name: 'Supino com barra' }], sessions: 1, lastDoneAt: '2026-11-20T10:00:00.000Z' };
    const merged: StaffExercise = { ...supino, names: [...supino.names, ...barra.names], sessions: 4 };
    let history = aHistory({ exercises: [supino, barra] });
    const calls = stubStaffApi({
      'GET /coach/clients/u1/workout-sessions': () => json(history),
      'POST /coach/clients/u1/exercise-merges': () => {
        history = aHistory({ exercises: [merged] });
        return json({ exercises: history.exercises });
      },
      'POST /coach/clients/u1/exercise-separations': () => {
        history = aHistory({ exercises: [supino, barra] });
        return json({ exercises: history.exercises });
      },
    });
    const card = await showCard();
    const lines = () => within(card).getAllByTestId('admin-exercise').map((line) => line.textContent);
    await waitFor(() => expect(lines()).toEqual(['Supino reto3 sessões · última em 23 de nov. de 2026', 'Supino com barra1 sessão · última em 20 de nov. de 2026']));

    fireEvent.click(within(card).getByTestId('admin-exercises-merge'));
    const dialog = await screen.findByRole('dialog', { name: 'Juntar dois nomes de exercício' });
    const pick = async (label: string, option: string) => {
      fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: label }));
      fireEvent.click(await screen.findByRole('option', { name: option }));
    };
    await pick('Este exercício', 'Supino com barra');
    await pick('É o mesmo que', 'Supino reto');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Juntar' }));
    await waitFor(() => expect(lines()).toEqual(['Supino reto4 sessões · última em 23 de nov. de 2026Também chamado “Supino com barra”Separar']));
    expect(calls.filter((call) => call.key.startsWith('POST')).map((call) => call.body)).toEqual([{ from: 'supino com barra', into: 'supino reto' }]);

    fireEvent.click(within(card).getByRole('button', { name: 'Separar “Supino com barra”' }));
    await waitFor(() => expect(lines()).toHaveLength(2));
    expect(calls.filter((call) => call.key.startsWith('POST /coach/clients/u1/exercise-separations')).map((call) => call.body)).toEqual([{ nameKey: 'supino com barra' }]);
  });

  it('holds a name’s “Separate” while its request is out, a second tap sending nothing, and says why the server refused', async () => {
    const merged: StaffExercise = {
      exerciseId: 'x1',
      names: [
        { nameKey: 'supino reto', name: 'Supino reto' },
        { nameKey: 'supino com barra', name: 'Supino com barra' },
      ],
      sessions: 4,
      lastDoneAt: '2026-11-23T10:00:00.000Z',
    };
    let answer: (response: Response) => void = () => undefined;
    const calls = stubStaffApi({
      'GET /coach/clients/u1/workout-sessions': () => json(aHistory({ exercises: [merged] })),
      'POST /coach/clients/u1/exercise-separations': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const card = await showCard();
    const button = await within(card).findByRole('button', { name: 'Separar “Supino com barra”' });
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(true));
    expect(calls.filter((call) => call.key.startsWith('POST')).length).toBe(1);

    answer(json({ error: 'Aluno de outro professor', code: 'FORBIDDEN' }, 403));
    await waitFor(() => expect(screen.getByTestId('toast').textContent).toBe('Não foi possível separar o nome.Aluno de outro professor'));
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
  });
});
