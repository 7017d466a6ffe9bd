/**
 * A week's workout adherence, as the coach reads it (issue 48, part 6; ADR 030): the sessions a
 * student finished this week against the sessions their plan asks for in a week.
 *
 * - The weekly target is the plan's frequency as its author typed it ("3x por semana", "4 days a
 *   week", "tres veces por semana", "2 a 3 vezes"); a range gives its lower bound, the least the
 *   coach asks for (as the rest does, ./rest-time.ts). A frequency that does not read as 1 to 7
 *   sessions a week falls back to the training days of the plan's weekly schedule.
 * - The week is the student's own, Monday to Sunday on their calendar: a programme's week is laid
 *   out from Monday, and a session made up on Sunday counts with the week it closes.
 */
import { checkInWeek } from './check-ins.ts';
import { localDateIn } from './daily-progress.ts';
import { foldText } from './fold.ts';
import type { ScheduleDay } from './workout-schedule.ts';

const MONDAY = 1;
export const MAX_WEEKLY_SESSIONS = 7;

const WORD_NUMBERS: Record<string, number> = {
  um: 1, uma: 1, un: 1, una: 1, uno: 1, one: 1,
  dois: 2, duas: 2, dos: 2, two: 2,
  tres: 3, three: 3,
  quatro: 4, cuatro: 4, four: 4,
  cinco: 5, five: 5,
  seis: 6, six: 6,
  sete: 7, siete: 7, seven: 7,
};
const NUMBER = `\\d+|${Object.keys(WORD_NUMBERS).join('|')}`;
/** What follows a count of sessions: "3x", "3 vezes", "4 days", "5 treinos", "3/semana", "3 por semana". */
const COUNTED = `x|×|vez|vezes|veces|times|dias|days?|treinos?|entrenamientos?|workouts?|sess(?:oes|ao|iones|ion|ions?)|\\/\\s*sem(?:ana)?|por\\s+semana|(?:a|per)\\s+week`;
/** Between a range's bounds: "2-3x", "2 a 3 vezes", "3 or 4 days". */
const RANGE = `(?:\\s*(?:-|–|a|ao|to|ou|o|or|e|y)\\s*(?:${NUMBER}))?`;
const SESSIONS = new RegExp(`(?<![\\w.,])(${NUMBER})${RANGE}\\s*(?:${COUNTED})(?![a-z])`);
const DAILY = /\b(?:diariamente|diario|todos\s+os\s+dias|todos\s+los\s+dias|every\s*day|daily)\b/;
const TWICE = /\btwice\b/;
/** "a cada 2 dias", "every other day": an interval, not a count of sessions in a week. */
const INTERVAL = /\b(?:cada|every)\s+(?:\d+|other|outro|otro)\b/;

const inWeek = (sessions: number): number | null => (Number.isInteger(sessions) && sessions >= 1 && sessions <= MAX_WEEKLY_SESSIONS ? sessions : null);

/** The sessions a week that a plan's frequency text asks for, or null when it does not say. */
export function readWeeklyFrequency(text: string | null | undefined): number | null {
  if (typeof text !== 'string') return null;
  const folded = foldText(text).trim();
  if (folded === '' || INTERVAL.test(folded)) return null;
  if (/^\d+$/.test(folded)) return inWeek(Number(folded));
  if (DAILY.test(folded)) return MAX_WEEKLY_SESSIONS;
  if (TWICE.test(folded)) return 2;
  const count = SESSIONS.exec(folded)?.[1];
  if (count === undefined) return null;
  return inWeek(WORD_NUMBERS[count] ?? Number(count));
}

/** The weekdays of a schedule with exercises to do: its rest days ("Domingo: Descanso") have none. */
export function trainingDaysOf(schedule: readonly ScheduleDay[]): number {
  return new Set(schedule.filter((day) => day.exercises.length > 0).map((day) => day.weekday)).size;
}

/** The sessions a week a plan asks for: its frequency, else its training days; null when neither says. */
export function weeklyTarget(plan: { frequency: string | null; schedule: readonly ScheduleDay[] }): number | null {
  return readWeeklyFrequency(plan.frequency) ?? inWeek(trainingDaysOf(plan.schedule));
}

/** The Monday that begins the week of a 'YYYY-MM-DD'. */
export const trainingWeekOf = (localDate: string): string => checkInWeek(localDate, MONDAY);

export interface WeekAdherence {
  /** The Monday of the student's current week. */
  weekStart: string;
  /** Sessions finished this week, counted on the day each started. */
  done: number;
  /** Sessions the plan asks for in a week; null with no published plan or none readable. */
  target: number | null;
}

/**
 * This week's adherence from the start instants of the finished sessions (any, in any order), on
 * the student's calendar (`timeZone`, `today`).
 */
export function weekAdherence({ finishedStarts, today, timeZone, target }: { finishedStarts: readonly string[]; today: string; timeZone: string; target: number | null }): WeekAdherence {
  const weekStart = trainingWeekOf(today);
  const done = finishedStarts.filter((startedAt) => {
    const day = localDateIn(timeZone, new Date(startedAt));
    return day >= weekStart && day <= today;
  }).length;
  return { weekStart, done, target };
}
