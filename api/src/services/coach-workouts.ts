/**
 * A client's workout sessions as their coach reads them (issue 48, part 6; ADR 030): the latest
 * sessions with each exercise's prescription and the sets done, and this week's adherence against
 * the latest published plan. In the coach's scope of the threads: a teacher's own students, admins
 * every client.
 */
import type { ExerciseKind, Prescription } from '#protocol/conflict/workout.ts';
import type { StaffExercise, StaffWorkoutExercise, StaffWorkoutHistory, StaffWorkoutSession } from '#protocol/contract/staff.ts';
import { localDateIn } from '#protocol/domain/daily-progress.ts';
import { groupBy } from '#protocol/domain/group-by.ts';
import type { WorkoutContent } from '#protocol/domain/plan-content.ts';
import { weekAdherence, weeklyTarget } from '#protocol/domain/workout-adherence.ts';
import { parseWeeklySchedule, type ScheduleDay } from '#protocol/domain/workout-schedule.ts';
import type { SqlDatabase } from '../db/sql/port.ts';
import type { Coach } from './coach-threads.ts';
import { homeTimeZone } from './daily-progress.ts';
import type { ExerciseNames } from './exercise-names.ts';

/** Sessions a coach's view lists: a few months of a client who trains most days. */
export const COACH_WORKOUT_SESSIONS = 50;
const DAY_MS = 86_400_000;

interface SessionRow {
  id: string;
  planId: string | null;
  weekday: number | null;
  startedAt: number;
  endedAt: number | null;
}
interface ExerciseRow {
  id: string;
  sessionId: string;
  exerciseKey: string;
  name: string;
  kind: ExerciseKind;
  prescription: string | null;
  position: number;
  skipped: number;
  note: string | null;
}
interface SetRow {
  id: string;
  exerciseId: string;
  position: number;
  reps: number | null;
  loadKg: number | null;
  seconds: number | null;
  doneAt: number;
}
/** A name the client has done an exercise under: its name in the latest session that had it, and that session. */
interface DoneRow {
  nameKey: string;
  name: string;
  /** The id it shares with the other names of its exercise, or the key itself for a name with none. */
  exerciseId: string;
  /** The sync version its row took that id at; null for a name with none. */
  since: number | null;
  startedAt: number;
  sessionId: string;
  position: number;
  /** The ids of the sessions it was done in, comma-separated (one may repeat). */
  sessions: string;
}
interface PlanRow {
  id: string;
  frequency: string | null;
  content: string | null;
  weeklySchedule: string | null;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The plan's days as stored when it was saved (ADR 024); a row older than that column is read now. */
const scheduleOf = (plan: PlanRow): ScheduleDay[] => (plan.content === null ? parseWeeklySchedule(plan.weeklySchedule) : (JSON.parse(plan.content) as WorkoutContent).schedule);

/** `IN (?, ?, …)` for a list that is not empty. */
const placeholders = (values: readonly unknown[]) => values.map(() => '?').join(', ');

export function createCoachWorkouts(db: SqlDatabase, clientFor: (coach: Coach, clientId: string) => Promise<string>, exerciseNames: ExerciseNames, now: () => number) {
  /** The name of each session's day, from the plan it followed (a later version of the plan may have renamed it). */
  async function dayNames(userId: string, sessions: readonly SessionRow[]): Promise<(session: SessionRow) => string | null> {
    const planIds = [...new Set(sessions.flatMap((session) => (session.planId === null ? [] : [session.planId])))];
    const plans =
      planIds.length === 0
        ? []
        : await db.all<PlanRow>(`SELECT id, frequency, content, weekly_schedule AS "weeklySchedule" FROM workout_plans WHERE user_id = ? AND id IN (${placeholders(planIds)})`, [userId, ...planIds]);
    const schedules = new Map(plans.map((plan) => [plan.id, scheduleOf(plan)]));
    return (session) => schedules.get(session.planId ?? '')?.find((day) => day.weekday === session.weekday)?.name ?? null;
  }

  async function exercisesBySession(userId: string, sessionIds: readonly string[]): Promise<Map<string, StaffWorkoutExercise[]>> {
    if (sessionIds.length === 0) return new Map();
    const inSessions = `session_id IN (${placeholders(sessionIds)})`;
    const setRows = await db.all<SetRow>(
      `SELECT id, exercise_id AS "exerciseId", position, reps, load_kg AS "loadKg", seconds, done_at AS "doneAt" FROM workout_sets
        WHERE user_id = ? AND deleted_at IS NULL AND ${inSessions} ORDER BY position, done_at, id`,
      [userId, ...sessionIds],
    );
    const exerciseRows = await db.all<ExerciseRow>(
      `SELECT id, session_id AS "sessionId", exercise_key AS "exerciseKey", name, kind, prescription, position, skipped, note FROM workout_exercises
        WHERE user_id = ? AND deleted_at IS NULL AND ${inSessions} ORDER BY position, id`,
      [userId, ...sessionIds],
    );
    const sets = groupBy(setRows, (set) => set.exerciseId, ({ exerciseId: _exerciseId, doneAt, ...set }) => ({ ...set, doneAt: iso(doneAt) }));
    return groupBy(
      exerciseRows,
      (exercise) => exercise.sessionId,
      ({ sessionId: _sessionId, prescription, skipped, ...exercise }) => ({
        ...exercise,
        prescription: prescription === null ? null : (JSON.parse(prescription) as Prescription),
        skipped: skipped === 1,
        sets: sets.get(exercise.id) ?? [],
      }),
    );
  }

  /**
   * Every exercise done, by the id its names share, the latest done first (in a session, in its
   * order). Its first name is the one the others were merged into (ADR 030): the name whose row has
   * held the id longest, as a merge writes only the rows that take the id.
   *
   * Each name done once, grouped in SQL: every exercise row of the client's history read into JS
   * and sorted cost 5 ms at 300 sessions and 18 ms at 1,000, on each poke of an open view. A name's
   * figures come from one pass over its rows (the latest start, the sessions' ids, so a session
   * that had two names of one exercise counts once); its name as written, and its place, from its
   * row in that latest session, found by index.
   */
  async function exercisesDone(userId: string): Promise<StaffExercise[]> {
    const rows = await db.all<DoneRow>(
      `SELECT g.exercise_key AS "nameKey", l.name, g.exercise_id AS "exerciseId", g.since, g.started_at AS "startedAt", ls.id AS "sessionId", l.position, g.sessions
        FROM (SELECT e.exercise_key, max(COALESCE(n.exercise_id, e.exercise_key)) AS exercise_id, max(n.version) AS since, max(s.started_at) AS started_at, string_agg(s.id, ',') AS sessions
            FROM workout_exercises e JOIN workout_sessions s ON s.id = e.session_id AND s.user_id = e.user_id
            LEFT JOIN exercise_names n ON n.user_id = e.user_id AND n.name_key = e.exercise_key
            WHERE e.user_id = ? AND e.deleted_at IS NULL AND s.deleted_at IS NULL AND EXISTS (SELECT 1 FROM workout_sets t WHERE t.exercise_id = e.id AND t.deleted_at IS NULL)
            GROUP BY e.exercise_key) g
          CROSS JOIN workout_sessions ls CROSS JOIN workout_exercises l
        WHERE ls.user_id = ? AND ls.started_at = g.started_at AND ls.deleted_at IS NULL
          AND l.session_id = ls.id AND l.user_id = ls.user_id AND l.exercise_key = g.exercise_key AND l.deleted_at IS NULL
          AND EXISTS (SELECT 1 FROM workout_sets t WHERE t.exercise_id = l.id AND t.deleted_at IS NULL)`,
      [userId, userId],
    );
    const latestFirst = (a: DoneRow, b: DoneRow) => b.startedAt - a.startedAt || b.sessionId.localeCompare(a.sessionId) || a.position - b.position;
    // A latest session may hold a name twice (or two sessions start at one instant): its first row stands.
    const seen = new Set<string>();
    const done = rows.sort(latestFirst).filter((row) => !seen.has(row.nameKey) && seen.add(row.nameKey));
    return [...groupBy(done, (row) => row.exerciseId)].map(([exerciseId, names]) => {
      const into = names.reduce((held, row) => ((row.since ?? Infinity) < (held.since ?? Infinity) ? row : held));
      return {
        exerciseId,
        names: [into, ...names.filter((row) => row !== into)].map(({ nameKey, name }) => ({ nameKey, name })),
        sessions: new Set(names.flatMap((row) => row.sessions.split(','))).size,
        lastDoneAt: iso(names[0]?.startedAt ?? 0),
      };
    });
  }

  return {
    /** 404 for no such client, 403 for one outside the coach's scope (`clientFor`). */
    async history(coach: Coach, clientId: string): Promise<StaffWorkoutHistory> {
      const userId = await clientFor(coach, clientId);
      const at = now();
      const rows = await db.all<SessionRow>(
        'SELECT id, plan_id AS "planId", weekday, started_at AS "startedAt", ended_at AS "endedAt" FROM workout_sessions WHERE user_id = ? AND deleted_at IS NULL ORDER BY started_at DESC, id DESC LIMIT ?',
        [userId, COACH_WORKOUT_SESSIONS],
      );
      const dayName = await dayNames(userId, rows);
      const exercises = await exercisesBySession(userId, rows.map((row) => row.id));
      const sessions: StaffWorkoutSession[] = rows.map((row) => ({
        id: row.id,
        planId: row.planId,
        weekday: row.weekday,
        dayName: dayName(row),
        startedAt: iso(row.startedAt),
        endedAt: row.endedAt === null ? null : iso(row.endedAt),
        exercises: exercises.get(row.id) ?? [],
      }));
      const timeZone = homeTimeZone((await db.get<{ country_code: string }>('SELECT country_code FROM users WHERE id = ?', [userId]))?.country_code ?? '');
      const plan = await db.get<PlanRow>(
        `SELECT id, frequency, content, weekly_schedule AS "weeklySchedule" FROM workout_plans WHERE user_id = ? AND status = 'published' AND deleted_at IS NULL
          ORDER BY published_at DESC, id DESC LIMIT 1`,
        [userId],
      );
      // A week back and a day more: the week's first day in any zone is within it.
      const finished = await db.all<{ started_at: number }>(
        'SELECT started_at FROM workout_sessions WHERE user_id = ? AND deleted_at IS NULL AND ended_at IS NOT NULL AND started_at >= ?',
        [userId, at - 8 * DAY_MS],
      );
      const adherence = weekAdherence({
        finishedStarts: finished.map((row) => iso(row.started_at)),
        today: localDateIn(timeZone, new Date(at)),
        timeZone,
        target: plan ? weeklyTarget({ frequency: plan.frequency, schedule: scheduleOf(plan) }) : null,
      });
      return { sessions, adherence, exercises: await exercisesDone(userId) };
    },

    /** Two of the client's exercise names as one exercise from now on, history included (ADR 030); the exercises as they then are. */
    async merge(coach: Coach, clientId: string, from: string, into: string): Promise<StaffExercise[]> {
      const userId = await clientFor(coach, clientId);
      await exerciseNames.merge(userId, from, into);
      return exercisesDone(userId);
    },

    /** A merged name as an exercise of its own again. */
    async separate(coach: Coach, clientId: string, nameKey: string): Promise<StaffExercise[]> {
      const userId = await clientFor(coach, clientId);
      await exerciseNames.separate(userId, nameKey);
      return exercisesDone(userId);
    },
  };
}

export type CoachWorkouts = ReturnType<typeof createCoachWorkouts>;
