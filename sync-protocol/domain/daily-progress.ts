/**
 * Daily check-in points and monthly progress (SPEC: daily progress). Dates are the client's
 * local calendar dates as 'YYYY-MM-DD' strings, so a day never shifts with the server's zone.
 */
import { daysInMonth, isLocalDate } from './calendar.ts';
import type { ScheduleDay } from './workout-schedule.ts';

/** Mood and energy run 1–5; 3 is the neutral answer that earns no point. */
export const NEUTRAL_LEVEL = 3;
export const MAX_POINTS = 3;

export interface DayFields {
  workoutCompleted: boolean;
  dietFollowed: boolean;
  mood: number;
  energy: number;
}

const feelingPoint = (day: DayFields) => day.mood !== NEUTRAL_LEVEL || day.energy !== NEUTRAL_LEVEL;

export function dailyPoints(day: DayFields): number {
  return Number(day.workoutCompleted) + Number(day.dietFollowed) + Number(feelingPoint(day));
}

export function dailyPercent(day: DayFields): number {
  return Math.round((dailyPoints(day) / MAX_POINTS) * 100);
}

export function pointsRequired(day: DayFields): number {
  return MAX_POINTS - dailyPoints(day);
}

export function canCompleteDay(day: DayFields): boolean {
  return dailyPoints(day) === MAX_POINTS;
}

const YEAR_MONTH = /^(\d{4})-(\d{2})$/;

export function monthlyProgress(
  completedDates: readonly string[],
  yearMonth: string,
): { percentage: number; daysCompleted: number; totalDaysInMonth: number } {
  const match = YEAR_MONTH.exec(yearMonth);
  const year = Number(match?.[1]);
  const month = Number(match?.[2]);
  if (!match || month < 1 || month > 12) throw new RangeError(`Not a 'YYYY-MM' month: ${yearMonth}`);
  const prefix = `${yearMonth}-`;
  // A day may be saved more than once (edits, replays of the offline queue): count it once.
  const days = new Set(completedDates.filter((date) => date.startsWith(prefix) && isLocalDate(date)));
  const totalDaysInMonth = daysInMonth(year, month);
  return {
    percentage: Math.round((days.size / totalDaysInMonth) * 100),
    daysCompleted: days.size,
    totalDaysInMonth,
  };
}

/**
 * One formatter per zone: building an Intl.DateTimeFormat costs far more than using one. Bounded,
 * since zone names arrive from devices (any spelling Intl accepts is a new key).
 */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

export function localDateIn(timeZone: string, at: Date): string {
  // Intl throws RangeError for an unknown zone. Parts rather than format(): the en-CA pattern
  // is locale data that browsers have changed before.
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    if (dayFormats.size >= 1000) dayFormats.clear();
    dayFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

const DAY_MS = 86_400_000;

/** Midnight UTC of a 'YYYY-MM-DD' day; setUTCFullYear keeps years 0–99 literal. */
function utcMidnight(localDate: string): Date {
  const [year, month, day] = localDate.split('-').map(Number) as [number, number, number];
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date;
}

const MINUTE_MS = 60_000;

/**
 * The first instant (to the minute) of a local day in a zone: its midnight, or the moment the day
 * begins where a clock change skips midnight. Zones sit within ±14 h of UTC, and the local date
 * only moves forward with time, so a search over that window finds it.
 */
export function startOfLocalDay(timeZone: string, localDate: string): number {
  const target = dayNumber(localDate);
  let low = (utcMidnight(localDate).getTime() - 15 * 60 * MINUTE_MS) / MINUTE_MS; // still the day before
  let high = low + 30 * 60; // already the day itself
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (dayNumber(localDateIn(timeZone, new Date(middle * MINUTE_MS))) >= target) high = middle;
    else low = middle;
  }
  return high * MINUTE_MS;
}

/** A calendar day as a count of days since 1970-01-01, so two days subtract to the days between. */
export function dayNumber(localDate: string): number {
  return Math.round(utcMidnight(localDate).getTime() / DAY_MS);
}

export function weekdayOf(localDate: string): number {
  if (!isLocalDate(localDate)) throw new RangeError(`Not a 'YYYY-MM-DD' date: ${localDate}`);
  return utcMidnight(localDate).getUTCDay();
}

/** What a workout's structured schedule has to do on `localDate`'s weekday; null on a rest day. */
export function trainingOn(schedule: readonly ScheduleDay[], localDate: string): ScheduleDay | null {
  const weekday = weekdayOf(localDate);
  return schedule.find((day) => day.weekday === weekday && (day.exercises.length > 0 || day.description !== undefined)) ?? null;
}
