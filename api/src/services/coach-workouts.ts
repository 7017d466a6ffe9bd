/**
 * A client's workout sessions as their coach reads them (issue 48, part 6; ADR 030): the latest
 * sessions with each exercise's prescription and the sets done, and this week's adherence against
 * the latest published plan. In the coach's scope of the threads: a teacher's own students, admins
 * every client.
 */
import type Database from 'better-sqlite3';
import type { ExerciseKind, Prescription } from '#protocol/conflict/workout.ts';
import type { StaffExercise, StaffWorkoutExercise, StaffWorkoutHistory, StaffWorkoutSession } from '#protocol/contract/staff.ts';
import { localDateIn } from '#protocol/domain/daily-progress.ts';
import { groupBy } from '#protocol/domain/group-by.ts';
import type { WorkoutContent } from '#protocol/domain/plan-content.ts';
import { weekAdherence, weeklyTarget } from '#protocol/domain/workout-adherence.ts';
import { parseWeeklySchedule, type ScheduleDay } from '#protocol/domain/workout-schedule.ts';
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
  /** The row ids of the sessions it was done in, comma-separated. */
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

export function createCoachWorkouts(sqlite: Database.Database, clientFor: (coach: Coach, clientId: string) => string, exerciseNames: ExerciseNames, now: () => number) {
  const countryOf = sqlite.prepare<[string], string>('SELECT country_code FROM users WHERE id = ?').pluck();
  const sessionsOf = sqlite.prepare<[string, number], SessionRow>(
    'SELECT id, plan_id AS planId, weekday, started_at AS startedAt, ended_at AS endedAt FROM workout_sessions WHERE user_id = ? AND deleted_at IS NULL ORDER BY started_at DESC, id DESC LIMIT ?',
  );
  const exercisesOf = sqlite.prepare<[string, string], ExerciseRow>(
    `SELECT id, session_id AS sessionId, exercise_key AS exerciseKey, name, kind, prescription, position, skipped, note FROM workout_exercises
      WHERE user_id = ? AND deleted_at IS NULL AND session_id IN (SELECT value FROM json_each(?)) ORDER BY position, id`,
  );
  const setsOf = sqlite.prepare<[string, string], SetRow>(
    `SELECT id, exercise_id AS exerciseId, position, reps, load_kg AS loadKg, seconds, done_at AS doneAt FROM workout_sets
      WHERE user_id = ? AND deleted_at IS NULL AND session_id IN (SELECT value FROM json_each(?)) ORDER BY position, done_at, id`,
  );
  // Each name done once, grouped in SQL: every exercise row of the client's history read
  // into JS and sorted cost 5 ms at 300 sessions and 18 ms at 1,000, on each poke of an open view;
  // this 25–35% less, the rest the rows' reading. The bare columns are the latest session's row's
  // (SQLite's max()); the sessions' row ids, so a session that had two names of one exercise counts once.
  const doneOf = sqlite.prepare<[string], DoneRow>(
    `SELECT e.exercise_key AS nameKey, e.name, COALESCE(n.exercise_id, e.exercise_key) AS exerciseId, n.version AS since, MAX(s.started_at) AS startedAt, s.id AS sessionId, e.position,
      group_concat(DISTINCT s.rowid) AS sessions
      FROM workout_exercises e JOIN workout_sessions s ON s.id = e.session_id AND s.user_id = e.user_id
      LEFT JOIN exercise_names n ON n.user_id = e.user_id AND n.name_key = e.exercise_key
      WHERE e.user_id = ? AND e.deleted_at IS NULL AND s.deleted_at IS NULL AND EXISTS (SELECT 1 FROM workout_sets t WHERE t.exercise_id = e.id AND t.deleted_at IS NULL)
      GROUP BY e.exercise_key`,
  );
  const plansOf = sqlite.prepare<[string, string], PlanRow>(
    'SELECT id, frequency, content, weekly_schedule AS weeklySchedule FROM workout_plans WHERE user_id = ? AND id IN (SELECT value FROM json_each(?))',
  );
  const latestPlanOf = sqlite.prepare<[string], PlanRow>(
    "SELECT id, frequency, content, weekly_schedule AS weeklySchedule FROM workout_plans WHERE user_id = ? AND status = 'published' AND deleted_at IS NULL ORDER BY published_at DESC, id DESC LIMIT 1",
  );
  // A week back and a day more: the week's first day in any zone is within it.
  const finishedSinceOf = sqlite
    .prepare<[string, number], number>('SELECT started_at FROM workout_sessions WHERE user_id = ? AND deleted_at IS NULL AND ended_at IS NOT NULL AND started_at >= ?')
    .pluck();

  /** The name of each session's day, from the plan it followed (a later version of the plan may have renamed it). */
  function dayNames(userId: string, sessions: readonly SessionRow[]): (session: SessionRow) => string | null {
    const planIds = [...new Set(sessions.flatMap((session) => (session.planId === null ? [] : [session.planId])))];
    const schedules = new Map(plansOf.all(userId, JSON.stringify(planIds)).map((plan) => [plan.id, scheduleOf(plan)]));
    return (session) => schedules.get(session.planId ?? '')?.find((day) => day.weekday === session.weekday)?.name ?? null;
  }

  function exercisesBySession(userId: string, sessionIds: string): Map<string, StaffWorkoutExercise[]> {
    const sets = groupBy(setsOf.all(userId, sessionIds), (set) => set.exerciseId, ({ exerciseId: _exerciseId, doneAt, ...set }) => ({ ...set, doneAt: iso(doneAt) }));
    return groupBy(
      exercisesOf.all(userId, sessionIds),
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
   */
  function exercisesDone(userId: string): StaffExercise[] {
    const latestFirst = (a: DoneRow, b: DoneRow) => b.startedAt - a.startedAt || b.sessionId.localeCompare(a.sessionId) || a.position - b.position;
    return [...groupBy(doneOf.all(userId).sort(latestFirst), (row) => row.exerciseId)].map(([exerciseId, rows]) => {
      const into = rows.reduce((held, row) => ((row.since ?? Infinity) < (held.since ?? Infinity) ? row : held));
      return {
        exerciseId,
        names: [into, ...rows.filter((row) => row !== into)].map(({ nameKey, name }) => ({ nameKey, name })),
        sessions: new Set(rows.flatMap((row) => row.sessions.split(','))).size,
        lastDoneAt: iso(rows[0]?.startedAt ?? 0),
      };
    });
  }

  return {
    /** 404 for no such client, 403 for one outside the coach's scope (`clientFor`). */
    history(coach: Coach, clientId: string): StaffWorkoutHistory {
      const userId = clientFor(coach, clientId);
      const at = now();
      const rows = sessionsOf.all(userId, COACH_WORKOUT_SESSIONS);
      const dayName = dayNames(userId, rows);
      const exercises = exercisesBySession(userId, JSON.stringify(rows.map((row) => row.id)));
      const sessions: StaffWorkoutSession[] = rows.map((row) => ({
        id: row.id,
        planId: row.planId,
        weekday: row.weekday,
        dayName: dayName(row),
        startedAt: iso(row.startedAt),
        endedAt: row.endedAt === null ? null : iso(row.endedAt),
        exercises: exercises.get(row.id) ?? [],
      }));
      const timeZone = homeTimeZone(countryOf.get(userId) ?? '');
      const plan = latestPlanOf.get(userId);
      const adherence = weekAdherence({
        finishedStarts: finishedSinceOf.all(userId, at - 8 * DAY_MS).map(iso),
        today: localDateIn(timeZone, new Date(at)),
        timeZone,
        target: plan ? weeklyTarget({ frequency: plan.frequency, schedule: scheduleOf(plan) }) : null,
      });
      return { sessions, adherence, exercises: exercisesDone(userId) };
    },

    /** Two of the client's exercise names as one exercise from now on, history included (ADR 030); the exercises as they then are. */
    merge(coach: Coach, clientId: string, from: string, into: string): StaffExercise[] {
      const userId = clientFor(coach, clientId);
      exerciseNames.merge(userId, from, into);
      return exercisesDone(userId);
    },

    /** A merged name as an exercise of its own again. */
    separate(coach: Coach, clientId: string, nameKey: string): StaffExercise[] {
      const userId = clientFor(coach, clientId);
      exerciseNames.separate(userId, nameKey);
      return exercisesDone(userId);
    },
  };
}

export type CoachWorkouts = ReturnType<typeof createCoachWorkouts>;
