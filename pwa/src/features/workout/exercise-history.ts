import type { WorkoutExercise, WorkoutSession, WorkoutSet } from '#protocol/conflict/workout.ts';
import { groupBy } from '#protocol/domain/group-by.ts';
import { bestSet, bestsOf, volumeKg } from '#protocol/domain/lift-records.ts';

/**
 * An exercise's history (issue 48, item 5; ADR 030): what it followed across sessions and plan
 * versions is the exercise its `exerciseKey` names: the key itself, or the id the server's
 * exercise names give it (a published plan's, or two names a coach merged). Figures are in kg: the screen converts them to the client's units.
 */

/** Sets in their session's order; two phones that logged a set at one place agree by id (the sync property test met it). */
export const bySetOrder = (a: Pick<WorkoutSet, 'position' | 'id'>, b: Pick<WorkoutSet, 'position' | 'id'>) => a.position - b.position || a.id.localeCompare(b.id);

/** A set as the history reads it. */
export type LoggedSet = Pick<WorkoutSet, 'reps' | 'loadKg' | 'seconds'>;

/** One exercise as done in one session, with the sets done in their order. */
export interface ExerciseInSession {
  /** The exercise it is, whichever of its names was done (`exerciseOfName`). */
  exercise: string;
  exerciseKey: string;
  /** The name shown that day. */
  name: string;
  sessionId: string;
  startedAt: string;
  /** null while the session is open. */
  endedAt: string | null;
  sets: LoggedSet[];
}

/**
 * The exercises done in these sessions, one per session and exercise (`exerciseOf` its key): discarded sessions, removed
 * exercises and removed sets left out, and so are exercises with no set done (skipped, or not
 * begun), which lifted nothing. An exercise added twice to one session counts once, its sets
 * together in the session's order.
 */
export function exercisesInSessions(
  sessions: readonly WorkoutSession[],
  exercises: readonly WorkoutExercise[],
  sets: readonly WorkoutSet[],
  exerciseOf: (exerciseKey: string) => string = (exerciseKey) => exerciseKey,
): ExerciseInSession[] {
  const live = new Map(sessions.filter((session) => !session.deleted).map((session) => [session.id, session]));
  const setsOf = groupBy(
    sets.filter((set) => !set.deleted),
    (set) => set.exerciseId,
  );
  const done = new Map<string, ExerciseInSession>();
  const inOrder = exercises.filter((exercise) => !exercise.deleted && live.has(exercise.sessionId)).sort((a, b) => a.position - b.position || a.id.localeCompare(b.id));
  for (const exercise of inOrder) {
    const mine = (setsOf.get(exercise.id) ?? []).sort(bySetOrder).map(({ reps, loadKg, seconds }) => ({ reps, loadKg, seconds }));
    if (mine.length === 0) continue;
    const key = `${exercise.sessionId}\n${exerciseOf(exercise.exerciseKey)}`;
    const already = done.get(key);
    if (already) {
      already.sets.push(...mine);
      continue;
    }
    const session = live.get(exercise.sessionId)!;
    done.set(key, { exercise: exerciseOf(exercise.exerciseKey), exerciseKey: exercise.exerciseKey, name: exercise.name, sessionId: session.id, startedAt: session.startedAt, endedAt: session.endedAt, sets: mine });
  }
  return [...done.values()];
}

/**
 * The best of a session's sets: the highest Epley estimate; with no load, the most reps (body
 * weight), else the longest time.
 */
export function bestOfSets(sets: readonly LoggedSet[]): LoggedSet | null {
  const most = (figure: (set: LoggedSet) => number | null) =>
    sets.reduce<LoggedSet | null>((best, set) => ((figure(set) ?? 0) > (best ? (figure(best) ?? 0) : 0) ? set : best), null);
  return bestSet(sets) ?? most((set) => set.reps) ?? most((set) => set.seconds);
}

export interface SessionFigures extends ExerciseInSession {
  best: LoggedSet | null;
  oneRepMaxKg: number | null;
  volumeKg: number;
  heaviestKg: number | null;
}

/** A figure of a session, for the chart. */
export interface SeriesPoint {
  startedAt: string;
  kg: number;
}

export interface ExerciseHistory {
  /** The latest name it was done under. */
  name: string;
  /** Newest first. */
  sessions: SessionFigures[];
  /** All-time bests. */
  heaviestKg: number | null;
  oneRepMaxKg: number | null;
  best: LoggedSet | null;
  /** Oldest first; sessions without a load have no point. */
  oneRepMaxSeries: SeriesPoint[];
  volumeSeries: SeriesPoint[];
}

const newestFirst = (a: ExerciseInSession, b: ExerciseInSession) => b.startedAt.localeCompare(a.startedAt) || b.sessionId.localeCompare(a.sessionId);

/** One exercise's sessions, figures and all-time bests; null when it was never done. */
/** Points a phone's chart draws at most: about 5 px apart on a 390 px screen. */
export const CHART_POINTS_MAX = 60;

/**
 * A long series as a phone's chart can show it: runs of neighbouring sessions each give their
 * best, and the latest session is always its own point. Two years of sessions were 300 points
 * and their screen-reader rows, most of the history's time to open (ADR 030).
 */
export function thinned(series: readonly SeriesPoint[], max = CHART_POINTS_MAX): SeriesPoint[] {
  if (series.length <= max) return [...series];
  const latest = series.at(-1)!;
  const earlier = series.slice(0, -1);
  const run = Math.ceil(earlier.length / (max - 1));
  const points: SeriesPoint[] = [];
  for (let start = 0; start < earlier.length; start += run) {
    points.push(earlier.slice(start, start + run).reduce((best, point) => (point.kg >= best.kg ? point : best)));
  }
  return [...points, latest];
}

export function historyOf(done: readonly ExerciseInSession[]): ExerciseHistory | null {
  return historyOfFigures(
    done.map((session): SessionFigures => {
      const bests = bestsOf(session.sets);
      return { ...session, best: bestOfSets(session.sets), oneRepMaxKg: bests.oneRepMaxKg, volumeKg: volumeKg(session.sets), heaviestKg: bests.heaviestKg };
    }),
  );
}

/**
 * One exercise's history from its figures in each session (as the device keeps them,
 * `exercise-sessions.ts`): the all-time bests are the best of each session's, no set read again
 * (the first best set of the sessions newest first is the first of all their sets).
 */
export function historyOfFigures(figures: readonly SessionFigures[]): ExerciseHistory | null {
  if (figures.length === 0) return null;
  const sessions = [...figures].sort(newestFirst);
  const bests = sessions.flatMap((session) => (session.best ? [session.best] : []));
  const loaded = sessions.filter((session) => session.oneRepMaxKg !== null);
  const oldestFirst = [...sessions].reverse();
  return {
    name: sessions[0]!.name,
    sessions,
    heaviestKg: loaded.length === 0 ? null : Math.max(...loaded.map((session) => session.heaviestKg!)),
    oneRepMaxKg: loaded.length === 0 ? null : Math.max(...loaded.map((session) => session.oneRepMaxKg!)),
    best: bestOfSets(bests),
    oneRepMaxSeries: thinned(oldestFirst.flatMap((session) => (session.oneRepMaxKg === null ? [] : [{ startedAt: session.startedAt, kg: session.oneRepMaxKg }]))),
    volumeSeries: thinned(oldestFirst.flatMap((session) => (session.volumeKg > 0 ? [{ startedAt: session.startedAt, kg: session.volumeKg }] : []))),
  };
}

/** An exercise in the list of those done. */
export interface ExerciseDone {
  exerciseKey: string;
  name: string;
  lastStartedAt: string;
  best: LoggedSet | null;
}

/** Every exercise done, the latest first, each under its latest name with its best set of all time. */
export function exercisesDone(done: readonly ExerciseInSession[]): ExerciseDone[] {
  return [...groupBy([...done].sort(newestFirst), (session) => session.exercise)].map(([, sessions]) => ({
    exerciseKey: sessions[0]!.exerciseKey,
    name: sessions[0]!.name,
    lastStartedAt: sessions[0]!.startedAt,
    best: bestOfSets(sessions.flatMap((session) => session.sets)),
  }));
}

/** The same from each exercise's figures in each session: its best of all time is the best of its sessions' bests. */
export function exercisesDoneOf(figures: readonly SessionFigures[]): ExerciseDone[] {
  return [...groupBy([...figures].sort(newestFirst), (session) => session.exercise)].map(([, sessions]) => ({
    exerciseKey: sessions[0]!.exerciseKey,
    name: sessions[0]!.name,
    lastStartedAt: sessions[0]!.startedAt,
    best: bestOfSets(sessions.flatMap((session) => (session.best ? [session.best] : []))),
  }));
}

/** Where an exercise's history is. */
export const exerciseHistoryPath = (exerciseKey: string) => `/workout?exercise=${encodeURIComponent(exerciseKey)}`;
