import { describe, expect, it } from 'vitest';
import type { WorkoutExercise, WorkoutSession, WorkoutSet } from '#protocol/conflict/workout.ts';
import { bestOfSets, bySetOrder, CHART_POINTS_MAX, exerciseHistoryPath, exercisesDone, exercisesInSessions, historyOf, thinned, type ExerciseInSession } from './exercise-history.ts';

const session = (id: string, startedAt: string, overrides: Partial<WorkoutSession> = {}): WorkoutSession => ({
  id,
  planId: null,
  weekday: null,
  startedAt,
  endedAt: startedAt,
  exerciseCount: 0,
  setCount: 0,
  deleted: false,
  hlcs: {},
  ...overrides,
});
const exercise = (id: string, sessionId: string, exerciseKey: string, overrides: Partial<WorkoutExercise> = {}): WorkoutExercise => ({
  id,
  sessionId,
  exerciseKey,
  name: exerciseKey,
  kind: 'load',
  prescription: null,
  position: 0,
  skipped: false,
  note: null,
  deleted: false,
  hlcs: {},
  ...overrides,
});
const set = (id: string, exerciseId: string, position: number, figures: Partial<Pick<WorkoutSet, 'reps' | 'loadKg' | 'seconds' | 'deleted'>>): WorkoutSet => ({
  id,
  sessionId: 'unused',
  exerciseId,
  position,
  reps: null,
  loadKg: null,
  seconds: null,
  doneAt: '2026-11-01T12:00:00.000Z',
  deleted: false,
  hlcs: {},
  ...figures,
});
const done = (startedAt: string, sets: ExerciseInSession['sets'], overrides: Partial<ExerciseInSession> = {}): ExerciseInSession => ({
  exercise: overrides.exerciseKey ?? 'agachamento',
  exerciseKey: 'agachamento',
  name: 'Agachamento',
  sessionId: startedAt,
  startedAt,
  endedAt: startedAt,
  sets,
  ...overrides,
});

describe('exercisesInSessions', () => {
  it('leaves out discarded sessions, removed exercises and sets, and exercises with no set done', () => {
    const sessions = [session('s1', '2026-11-01T12:00:00.000Z'), session('s2', '2026-11-03T12:00:00.000Z', { deleted: true })];
    const exercises = [exercise('e1', 's1', 'supino'), exercise('e2', 's1', 'remada', { deleted: true }), exercise('e3', 's2', 'supino'), exercise('e4', 's1', 'prancha', { skipped: true })];
    const sets = [set('a', 'e1', 1, { loadKg: 40, reps: 8 }), set('b', 'e1', 0, { loadKg: 42.5, reps: 6 }), set('c', 'e1', 2, { loadKg: 99, reps: 1, deleted: true }), set('d', 'e2', 0, { loadKg: 30, reps: 10 }), set('e', 'e3', 0, { loadKg: 50, reps: 5 })];
    expect(exercisesInSessions(sessions, exercises, sets)).toEqual([
      {
        exercise: 'supino',
        exerciseKey: 'supino',
        name: 'supino',
        sessionId: 's1',
        startedAt: '2026-11-01T12:00:00.000Z',
        endedAt: '2026-11-01T12:00:00.000Z',
        sets: [
          { loadKg: 42.5, reps: 6, seconds: null },
          { loadKg: 40, reps: 8, seconds: null },
        ],
      },
    ]);
  });

  it('counts an exercise added twice to a session once, its sets in the order of the session', () => {
    const exercises = [exercise('later', 's1', 'supino', { position: 3, name: 'Supino de novo' }), exercise('first', 's1', 'supino', { position: 0, name: 'Supino' })];
    const sets = [set('a', 'later', 0, { loadKg: 50, reps: 5 }), set('b', 'first', 0, { loadKg: 40, reps: 8 })];
    const [only, ...rest] = exercisesInSessions([session('s1', '2026-11-01T12:00:00.000Z', { endedAt: null })], exercises, sets);
    expect(rest).toEqual([]);
    expect(only).toMatchObject({ name: 'Supino', endedAt: null, sets: [{ loadKg: 40 }, { loadKg: 50 }] });
  });

  it('counts two names of one exercise (a coach merged them) once per session, under the exercise they name', () => {
    const exercises = [exercise('e1', 's1', 'supino reto', { position: 0 }), exercise('e2', 's1', 'supino com barra', { position: 1 }), exercise('e3', 's1', 'remada', { position: 2 })];
    const sets = [set('a', 'e1', 0, { loadKg: 40, reps: 8 }), set('b', 'e2', 0, { loadKg: 45, reps: 6 }), set('c', 'e3', 0, { loadKg: 30, reps: 10 })];
    const exerciseOf = (key: string) => (key.startsWith('supino') ? 'x1' : key);
    const done = exercisesInSessions([session('s1', '2026-11-01T12:00:00.000Z')], exercises, sets, exerciseOf);
    expect(done.map(({ exercise, exerciseKey, sets }) => [exercise, exerciseKey, sets.length])).toEqual([
      ['x1', 'supino reto', 2],
      ['remada', 'remada', 1],
    ]);
  });
});

it('bySetOrder puts sets by place, and two phones’ sets at one place by id, whatever order they were read in', () => {
  const sets = [
    { id: 'b', position: 0 },
    { id: 'c', position: 1 },
    { id: 'a', position: 0 },
  ];
  expect([...sets].sort(bySetOrder).map((set) => set.id)).toEqual(['a', 'b', 'c']);
  expect([...sets].reverse().sort(bySetOrder).map((set) => set.id)).toEqual(['a', 'b', 'c']);
});

describe('bestOfSets', () => {
  it("is the highest Epley estimate with a load; else the most reps; else the longest time", () => {
    expect(bestOfSets([{ loadKg: 100, reps: 1, seconds: null }, { loadKg: 90, reps: 5, seconds: null }])).toEqual({ loadKg: 90, reps: 5, seconds: null });
    expect(bestOfSets([{ loadKg: null, reps: 12, seconds: null }, { loadKg: null, reps: 15, seconds: null }])).toEqual({ loadKg: null, reps: 15, seconds: null });
    expect(bestOfSets([{ loadKg: null, reps: null, seconds: 45 }, { loadKg: null, reps: null, seconds: 60 }])).toEqual({ loadKg: null, reps: null, seconds: 60 });
    expect(bestOfSets([])).toBeNull();
  });
});

describe('historyOf', () => {
  const history = historyOf([
    done('2026-11-01T12:00:00.000Z', [
      { loadKg: 40, reps: 8, seconds: null },
      { loadKg: 40, reps: 8, seconds: null },
    ]),
    done('2026-11-08T12:00:00.000Z', [
      { loadKg: 45, reps: 6, seconds: null },
      { loadKg: 50, reps: 1, seconds: null },
    ], { name: 'Agachamento livre', endedAt: null }),
    done('2026-11-04T12:00:00.000Z', [{ loadKg: null, reps: 20, seconds: null }]),
  ])!;

  it('lists the sessions newest first, each with its best set, estimate and volume, under the latest name', () => {
    expect(history.name).toBe('Agachamento livre');
    expect(history.sessions.map((s) => [s.startedAt.slice(0, 10), s.best, s.oneRepMaxKg, s.volumeKg])).toEqual([
      ['2026-11-08', { loadKg: 45, reps: 6, seconds: null }, 54, 320],
      ['2026-11-04', { loadKg: null, reps: 20, seconds: null }, null, 0],
      ['2026-11-01', { loadKg: 40, reps: 8, seconds: null }, 40 * (1 + 8 / 30), 640],
    ]);
  });

  it('holds the all-time bests: the heaviest load and the best estimate may come from different sets', () => {
    expect(history.heaviestKg).toBe(50);
    expect(history.oneRepMaxKg).toBe(54);
    expect(history.best).toEqual({ loadKg: 45, reps: 6, seconds: null });
  });

  it('gives the 1-rep max and volume series oldest first, without the sessions that had no load', () => {
    expect(history.oneRepMaxSeries).toEqual([
      { startedAt: '2026-11-01T12:00:00.000Z', kg: 40 * (1 + 8 / 30) },
      { startedAt: '2026-11-08T12:00:00.000Z', kg: 54 },
    ]);
    expect(history.volumeSeries).toEqual([
      { startedAt: '2026-11-01T12:00:00.000Z', kg: 640 },
      { startedAt: '2026-11-08T12:00:00.000Z', kg: 320 },
    ]);
  });

  it('is null for an exercise never done', () => {
    expect(historyOf([])).toBeNull();
  });
});

describe('exercisesDone', () => {
  it('lists each key once, the latest done first, under its latest name with its best set of all time', () => {
    const list = exercisesDone([
      done('2026-11-01T12:00:00.000Z', [{ loadKg: 60, reps: 5, seconds: null }]),
      done('2026-11-02T12:00:00.000Z', [{ loadKg: null, reps: null, seconds: 45 }], { exerciseKey: 'prancha', name: 'Prancha' }),
      done('2026-11-03T12:00:00.000Z', [{ loadKg: 50, reps: 5, seconds: null }], { name: 'Agachamento livre' }),
    ]);
    expect(list).toEqual([
      { exerciseKey: 'agachamento', name: 'Agachamento livre', lastStartedAt: '2026-11-03T12:00:00.000Z', best: { loadKg: 60, reps: 5, seconds: null } },
      { exerciseKey: 'prancha', name: 'Prancha', lastStartedAt: '2026-11-02T12:00:00.000Z', best: { loadKg: null, reps: null, seconds: 45 } },
    ]);
  });

  it('lists two names of one exercise once, under the latest name, whose key opens the history of both', () => {
    const list = exercisesDone([
      done('2026-11-01T12:00:00.000Z', [{ loadKg: 60, reps: 5, seconds: null }], { exercise: 'x1', exerciseKey: 'supino reto', name: 'Supino reto' }),
      done('2026-11-03T12:00:00.000Z', [{ loadKg: 50, reps: 5, seconds: null }], { exercise: 'x1', exerciseKey: 'supino com barra', name: 'Supino com barra' }),
    ]);
    expect(list).toEqual([{ exerciseKey: 'supino com barra', name: 'Supino com barra', lastStartedAt: '2026-11-03T12:00:00.000Z', best: { loadKg: 60, reps: 5, seconds: null } }]);
  });
});

it('exerciseHistoryPath encodes the key for the URL', () => {
  expect(exerciseHistoryPath('supino reto 45º')).toBe('/workout?exercise=supino%20reto%2045%C2%BA');
});

describe('thinned', () => {
  const day = (i: number) => new Date(Date.UTC(2025, 0, 1) + i * 2 * 86_400_000).toISOString();
  const series = Array.from({ length: 300 }, (_, i) => ({ startedAt: day(i), kg: 60 + (i % 7) + (i === 123 ? 40 : 0) }));

  it('keeps a short series as it is', () => {
    expect(thinned(series.slice(0, CHART_POINTS_MAX))).toEqual(series.slice(0, CHART_POINTS_MAX));
  });

  it('draws two years in at most the points a phone shows, oldest first, with the best of each run and the latest session', () => {
    const points = thinned(series);
    expect(points.length).toBeLessThanOrEqual(CHART_POINTS_MAX);
    expect(points.at(-1)).toEqual(series.at(-1));
    expect(points[0]!.startedAt >= series[0]!.startedAt).toBe(true);
    expect(points.map((point) => point.startedAt)).toEqual([...points.map((point) => point.startedAt)].sort());
    expect(points).toContainEqual(series[123]);
  });
});
