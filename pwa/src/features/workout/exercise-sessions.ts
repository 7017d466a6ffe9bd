import type { WorkoutExercise, WorkoutSession, WorkoutSet } from '#protocol/conflict/workout.ts';
import { groupBy } from '#protocol/domain/group-by.ts';
import { bestsOf, volumeKg } from '#protocol/domain/lift-records.ts';
import type { ExerciseSessionRow, UserDb } from '#pwa/db/user-db.ts';
import { bestOfSets, bySetOrder, type ExerciseInSession, type LoggedSet, type SessionFigures } from './exercise-history.ts';

export type { ExerciseSessionRow } from '#pwa/db/user-db.ts';

/**
 * Each exercise as done in each session, with its figures, computed when its rows change rather
 * than from every set at each opening of its history (issue 48, ADR 030): the device's own store
 * `exerciseSessions`, derived from the synced workout tables and never synced itself.
 *
 * The signed-in pages only note which sessions are due (`figuresDue`: the replica store puts a
 * session there beside each write of its rows, in the write's transaction, whether the write is
 * local, pulled or replayed); this code, loaded with /workout only, brings the due sessions' rows
 * up to date when the workout's screens read them (`bringFiguresUpToDate`). A reset empties the
 * store with the synced tables; the pulled rows note their sessions again. A store empty while
 * sessions are held (created by version 11's upgrade) is built whole.
 *
 * A row is one session and one name (`exerciseKey`), as the rows are written: which names are one
 * exercise is read when the history is (`exerciseNames`, merged by a coach at any time), and two
 * names of one exercise in one session are put back together in the session's order (`parts`).
 */

export const exerciseSessionId = (sessionId: string, exerciseKey: string) => `${sessionId}\n${exerciseKey}`;

const byPlace = (a: Pick<WorkoutExercise, 'position' | 'id'>, b: Pick<WorkoutExercise, 'position' | 'id'>) => a.position - b.position || a.id.localeCompare(b.id);

/** A set's figures: the best, the estimated 1RM, the volume and the heaviest load. */
function figuresOfSets(sets: LoggedSet[]): Pick<ExerciseSessionRow, 'best' | 'oneRepMaxKg' | 'volumeKg' | 'heaviestKg'> {
  const bests = bestsOf(sets);
  return { best: bestOfSets(sets), oneRepMaxKg: bests.oneRepMaxKg, volumeKg: volumeKg(sets), heaviestKg: bests.heaviestKg };
}

/**
 * The store's rows for these sessions (every exercise and set of each given): discarded sessions,
 * removed exercises and sets, and exercises with no set done are left out, as the history does.
 */
export function exerciseSessionRows(sessions: readonly (WorkoutSession | undefined)[], exercises: readonly WorkoutExercise[], sets: readonly WorkoutSet[]): ExerciseSessionRow[] {
  const live = new Map(sessions.flatMap((session) => (session && !session.deleted ? [[session.id, session] as const] : [])));
  const setsOf = groupBy(
    sets.filter((set) => !set.deleted),
    (set) => set.exerciseId,
  );
  const rows = new Map<string, ExerciseSessionRow>();
  for (const exercise of exercises.filter((exercise) => !exercise.deleted && live.has(exercise.sessionId)).sort(byPlace)) {
    const mine = (setsOf.get(exercise.id) ?? []).sort(bySetOrder).map(({ reps, loadKg, seconds }) => ({ reps, loadKg, seconds }));
    if (mine.length === 0) continue;
    const id = exerciseSessionId(exercise.sessionId, exercise.exerciseKey);
    const part = { position: exercise.position, id: exercise.id, sets: mine.length };
    const row = rows.get(id);
    if (row) {
      row.parts.push(part);
      row.sets.push(...mine);
    } else {
      const { startedAt, endedAt } = live.get(exercise.sessionId)!;
      rows.set(id, { id, sessionId: exercise.sessionId, startedAt, endedAt, exerciseKey: exercise.exerciseKey, name: exercise.name, parts: [part], sets: mine, best: null, oneRepMaxKg: null, volumeKg: 0, heaviestKg: null });
    }
  }
  return [...rows.values()].map((row) => ({ ...row, ...figuresOfSets(row.sets) }));
}

/** Above this many sessions due (a first pull), the workout tables are read whole rather than a query per session. */
const READ_WHOLE_OVER = 40;

/**
 * Computes again the figures of the sessions due, in one transaction over `figuresDue`, the store
 * and the workout tables (a write meanwhile waits, and notes its session after): the workout's
 * screens call it before they read the store, and again whenever a session is noted while they show.
 */
export async function bringFiguresUpToDate(db: UserDb): Promise<void> {
  const [sessionsTable, exercisesTable, setsTable] = [db.synced('workoutSessions'), db.synced('workoutExercises'), db.synced('workoutSets')];
  await db.transaction('rw', [db.figuresDue, db.exerciseSessions, sessionsTable, exercisesTable, setsTable], async () => {
    let ids = await db.figuresDue.toCollection().primaryKeys();
    // A store never built while sessions are held (a device upgraded to version 11, whose upgrade
    // notes nothing to keep the signed-in pages' code as it was): every session is due.
    if (ids.length === 0 && (await db.exerciseSessions.count()) === 0) ids = await sessionsTable.toCollection().primaryKeys();
    if (ids.length === 0) return;
    const whole = ids.length > READ_WHOLE_OVER;
    const due = new Set(ids);
    const ofDue = <T extends { sessionId: string }>(rows: T[]) => rows.filter((row) => due.has(row.sessionId));
    const [sessions, exercises, sets] = await Promise.all([
      sessionsTable.bulkGet(ids),
      whole ? exercisesTable.toArray().then(ofDue) : Promise.all(ids.map((id) => exercisesTable.where('sessionId').equals(id).toArray())).then((lists) => lists.flat()),
      whole ? setsTable.toArray().then(ofDue) : Promise.all(ids.map((id) => setsTable.where('sessionId').equals(id).toArray())).then((lists) => lists.flat()),
      db.exerciseSessions.where('sessionId').anyOf(ids).delete(),
    ]);
    await Promise.all([db.exerciseSessions.bulkPut(exerciseSessionRows(sessions, exercises, sets)), db.figuresDue.bulkDelete(ids)]);
  });
}

/**
 * One exercise in one session from its rows (one per name of it done that day): the figures kept
 * when it is one row, else its names' sets put back in the session's order and the figures
 * computed again. `exercise` is what the rows are grouped by.
 */
export function figuresInSession(rows: readonly ExerciseSessionRow[], exercise: string): SessionFigures {
  const done = (first: ExerciseSessionRow, sets: LoggedSet[]): ExerciseInSession => ({
    exercise,
    exerciseKey: first.exerciseKey,
    name: first.name,
    sessionId: first.sessionId,
    startedAt: first.startedAt,
    endedAt: first.endedAt,
    sets,
  });
  if (rows.length === 1) {
    const [row] = rows as [ExerciseSessionRow];
    return { ...done(row, row.sets), best: row.best, oneRepMaxKg: row.oneRepMaxKg, volumeKg: row.volumeKg, heaviestKg: row.heaviestKg };
  }
  const parts = rows.flatMap((row) => {
    let from = 0;
    return row.parts.map((part) => ({ ...part, row, sets: row.sets.slice(from, (from += part.sets)) }));
  });
  parts.sort(byPlace);
  const sets = parts.flatMap((part) => part.sets);
  return { ...done(parts[0]!.row, sets), ...figuresOfSets(sets) };
}

/**
 * The exercises done in these rows' sessions, one per session and exercise (`exerciseOf` a name).
 * The rows hold their session's dates, so no session is read (300 reads for two years of one exercise).
 */
export function figuresInSessions(rows: readonly ExerciseSessionRow[], exerciseOf: (exerciseKey: string) => string): SessionFigures[] {
  // In the order the sets' exercises are (by place), as the rows they are computed from were.
  const groups = groupBy(
    [...rows].sort((a, b) => byPlace(a.parts[0]!, b.parts[0]!)),
    (row) => `${row.sessionId}\n${exerciseOf(row.exerciseKey)}`,
  );
  return [...groups.values()].map((group) => figuresInSession(group, exerciseOf(group[0]!.exerciseKey)));
}
