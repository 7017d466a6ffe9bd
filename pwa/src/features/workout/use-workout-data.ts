import { useEffect, useMemo } from 'react';
import type { WorkoutExercise, WorkoutSession, WorkoutSet } from '#protocol/conflict/workout.ts';
import { exerciseOfName, namesOfExercise } from '#protocol/domain/exercise-name.ts';
import type { WorkoutPlanDto } from '#protocol/contract/plans.ts';
import { bestsOf, type ExerciseBests } from '#protocol/domain/lift-records.ts';
import { useCurrentDb } from '#pwa/db/current.ts';
import { sharedLiveQuery, useLiveData, useSharedLiveData, type SharedLiveQuery } from '#pwa/db/live-data.ts';
import type { UserDb } from '#pwa/db/user-db.ts';
import { usePublishedWorkouts } from '#pwa/db/use-content.ts';
import { bringFiguresUpToDate, figuresInSessions } from './exercise-sessions.ts';
import { bySetOrder, exercisesDoneOf, historyOfFigures, type ExerciseDone, type ExerciseHistory } from './exercise-history.ts';

/**
 * The sets of these exercises: one indexed read per exercise in a single read transaction. Dexie
 * walks `anyOf` a row at a time; for two years of one exercise (300 sessions) that read took
 * 0.6 s at 4× CPU slowdown, these 0.13–0.2 s (bench/workout-session.mjs).
 */
async function setsOfExercises(db: UserDb, exerciseIds: readonly string[]): Promise<WorkoutSet[]> {
  const sets = db.synced('workoutSets');
  return (await db.transaction('r', sets, () => Promise.all(exerciseIds.map((id) => sets.where('exerciseId').equals(id).toArray())))).flat();
}

/** The latest published workout in the reader's language, and as its author wrote it (the names an exercise's history follows). */
export interface WorkoutPlanInHand {
  plan: WorkoutPlanDto;
  asWritten: WorkoutPlanDto;
}

/** The client's latest published workout plan on this device; null for none, undefined while loading. */
export function useWorkoutPlan(): WorkoutPlanInHand | null | undefined {
  const db = useCurrentDb();
  const plans = usePublishedWorkouts();
  const latest = plans?.[0];
  // The same plan as stored, untranslated: the names an exercise's history follows whatever the reader's language.
  const asWritten = useLiveData(async () => (db && latest ? ((await db.workouts.get(latest.id)) ?? null) : undefined), [db, latest?.id, latest?.publishedAt]);
  if (plans === undefined) return undefined;
  if (!latest) return null;
  return asWritten?.id === latest.id ? { plan: latest, asWritten } : undefined;
}

export interface SessionExercise extends WorkoutExercise {
  /** Its sets done, by place. */
  sets: WorkoutSet[];
}

export interface SessionInHand {
  session: WorkoutSession;
  /** Its exercises in their order, removed ones left out. */
  exercises: SessionExercise[];
}

/** A session with its exercises and sets; null when it is unknown or discarded, undefined while loading. */
export function useWorkoutSession(sessionId: string | null): SessionInHand | null | undefined {
  const db = useCurrentDb();
  return useLiveData(async () => {
    if (!db) return undefined;
    if (!sessionId) return null;
    const [session, exercises, sets] = await Promise.all([
      db.synced('workoutSessions').get(sessionId),
      db.synced('workoutExercises').where('sessionId').equals(sessionId).toArray(),
      db.synced('workoutSets').where('sessionId').equals(sessionId).toArray(),
    ]);
    if (!session || session.deleted) return null;
    const live = sets.filter((set) => !set.deleted).sort(bySetOrder);
    return {
      session,
      exercises: exercises
        .filter((exercise) => !exercise.deleted)
        .sort((a, b) => a.position - b.position || a.id.localeCompare(b.id))
        .map((exercise) => ({ ...exercise, sets: live.filter((set) => set.exerciseId === exercise.id) })),
    };
  }, [db, sessionId]);
}

/** An exercise's past: the sets of the last session that had it, and the bests of every session before. */
export interface ExercisePast {
  lastSets: WorkoutSet[];
  bests: ExerciseBests;
}

/**
 * The past of each of these exercises (by `exerciseKey`, and every other name of it) in the sessions started before `before`,
 * discarded ones and removed sets left out: what a set is pre-filled from and what a record beats.
 */
export function useExercisePasts(keys: readonly string[], before: WorkoutSession | null | undefined): ReadonlyMap<string, ExercisePast> | undefined {
  const db = useCurrentDb();
  const keyList = [...new Set(keys)].sort().join('\n');
  return useLiveData(async () => {
    if (!db || !before) return undefined;
    const asked = keyList === '' ? [] : keyList.split('\n');
    // The rows of these exercises' ids alone, by the table's indexes: this reruns at every set done.
    const named = await db.synced('exerciseNames').where('nameKey').anyOf(asked).toArray();
    const names = await db.synced('exerciseNames').where('exerciseId').anyOf([...new Set(named.map((name) => name.exerciseId))]).toArray();
    const namesOf = new Map(asked.map((key) => [key, namesOfExercise(key, names)]));
    const wanted = [...new Set([...namesOf.values()].flat())];
    const exercises = (await db.synced('workoutExercises').where('exerciseKey').anyOf(wanted).toArray()).filter((exercise) => !exercise.deleted && exercise.sessionId !== before.id);
    const sessions = new Map(
      (await db.synced('workoutSessions').bulkGet([...new Set(exercises.map((exercise) => exercise.sessionId))]))
        .filter((session): session is WorkoutSession => session !== undefined && !session.deleted && session.startedAt < before.startedAt)
        .map((session) => [session.id, session]),
    );
    const earlier = exercises.filter((exercise) => sessions.has(exercise.sessionId));
    const sets = (await setsOfExercises(db, earlier.map((exercise) => exercise.id))).filter((set) => !set.deleted);
    const pasts = new Map<string, ExercisePast>();
    for (const [key, itsNames] of namesOf) {
      const mine = earlier.filter((exercise) => itsNames.includes(exercise.exerciseKey));
      const mySets = sets.filter((set) => mine.some((exercise) => exercise.id === set.exerciseId));
      const last = mine
        .filter((exercise) => mySets.some((set) => set.exerciseId === exercise.id))
        .sort((a, b) => (sessions.get(b.sessionId)?.startedAt ?? '').localeCompare(sessions.get(a.sessionId)?.startedAt ?? ''))[0];
      pasts.set(key, {
        lastSets: last ? mySets.filter((set) => set.exerciseId === last.id).sort(bySetOrder) : [],
        bests: bestsOf(mySets),
      });
    }
    return pasts;
  }, [db, keyList, before?.id, before?.startedAt]);
}

/**
 * An exercise's history on this device (pending changes included), by its key and every other
 * name of it; null when it was never done. From the figures kept per session (ADR 030): one small
 * row per session, where the sets themselves were 4,000 rows for two years of one exercise. The
 * names and this name's figures are read in one round trip, other names' (a coach's merge) after.
 */
export async function readHistory(db: UserDb, exerciseKey: string): Promise<ExerciseHistory | null> {
  const [namesTable, figures] = [db.synced('exerciseNames'), db.exerciseSessions];
  const rows = await db.transaction('r', [namesTable, figures], async () => {
    const [names, own] = await Promise.all([namesTable.toArray(), figures.where('exerciseKey').equals(exerciseKey).toArray()]);
    const others = await Promise.all(namesOfExercise(exerciseKey, names).slice(1).map((name) => figures.where('exerciseKey').equals(name).toArray()));
    return own.concat(...others);
  });
  // Every name read is this one exercise: a session that had two of them counts once.
  return historyOfFigures(figuresInSessions(rows, () => exerciseKey));
}

/** Every exercise done on this device, the latest first, each once under its latest name. */
export async function readExercisesDone(db: UserDb): Promise<ExerciseDone[]> {
  const [rows, names] = await Promise.all([db.exerciseSessions.toArray(), db.synced('exerciseNames').toArray()]);
  return exercisesDoneOf(figuresInSessions(rows, exerciseOfName(names)));
}

/**
 * Keeps the exercises' figures up to date while a screen that reads them shows: at once, and
 * whenever a write or a pull notes a session as due (ADR 030).
 */
export function useFiguresUpToDate(): void {
  const db = useCurrentDb();
  // A new object at each change of the notes, so that a note made while they were brought up to date is seen.
  const due = useLiveData(async () => (db ? { count: await db.figuresDue.count() } : undefined), [db]);
  useEffect(() => {
    // At once too, before the count is known: the screen's own read, begun after, waits for it.
    if (db && (due?.count ?? 1) > 0) void bringFiguresUpToDate(db).catch((error: unknown) => console.error('exercise-figures', error));
  }, [db, due]);
}

const historyReads = new WeakMap<UserDb, Map<string, SharedLiveQuery<ExerciseHistory | null>>>();

/** The live read of an exercise's history, shared by the screen and the tap that opens it. */
function historyRead(db: UserDb, exerciseKey: string): SharedLiveQuery<ExerciseHistory | null> {
  let reads = historyReads.get(db);
  if (!reads) historyReads.set(db, (reads = new Map()));
  let read = reads.get(exerciseKey);
  if (!read) reads.set(exerciseKey, (read = sharedLiveQuery(() => readHistory(db, exerciseKey))));
  return read;
}

/** How long a read begun by a tap waits for its screen to follow it. */
const WARM_MS = 5_000;

/**
 * Begins reading an exercise's history when the finger lands on what opens it: the read runs while
 * the navigation renders, and the screen often mounts with its history in hand (ADR 030).
 */
export function warmExerciseHistory(db: UserDb | null, exerciseKey: string): void {
  if (!db) return;
  // Begun before the read, which waits for it: the history opens on its figures up to date.
  void bringFiguresUpToDate(db).catch((error: unknown) => console.error('exercise-figures', error));
  const stop = historyRead(db, exerciseKey).subscribe(() => {});
  setTimeout(stop, WARM_MS);
}

/** An exercise's history on this device; null when it was never done, undefined while loading. */
export function useExerciseHistory(exerciseKey: string): ExerciseHistory | null | undefined {
  const db = useCurrentDb();
  useFiguresUpToDate();
  const read = useMemo(() => (db ? historyRead(db, exerciseKey) : null), [db, exerciseKey]);
  return useSharedLiveData(read);
}

/** Every exercise done on this device, the latest first; undefined while loading. */
export function useExercisesDone(): ExerciseDone[] | undefined {
  const db = useCurrentDb();
  useFiguresUpToDate();
  return useLiveData(async () => (db ? readExercisesDone(db) : undefined), [db]);
}
