import { dailyPercent, dailyPoints, localDateIn, monthlyProgress, trainingOn } from '#protocol/domain/daily-progress.ts';
import { emptyDay } from '#protocol/conflict/rules.ts';
import { checkTimeZone } from '#protocol/mutations/fields.ts';
import { validationError } from '#protocol/errors.ts';
import type { AppDeps } from '../deps.ts';

/** Where a client's "today" is when the device did not say: their country's main time zone. */
export const COUNTRY_TIME_ZONES: Record<string, string> = {
  BR: 'America/Sao_Paulo',
  AR: 'America/Argentina/Buenos_Aires',
  US: 'America/New_York',
};

export const homeTimeZone = (countryCode: string): string => COUNTRY_TIME_ZONES[countryCode] ?? 'America/Sao_Paulo';

/**
 * The zone a request names (`timeZone` from the device: 400 when Intl does not know it), else
 * the home zone of the caller's country, asked for only when needed.
 */
export function requestTimeZone(asked: unknown, homeCountry: () => string): string {
  if (asked === undefined) return homeTimeZone(homeCountry());
  const zone = checkTimeZone(asked);
  if (!zone.ok) throw validationError([{ field: 'timeZone', key: zone.key }]);
  return zone.value;
}

export function todayFor(countryCode: string, now: number, timeZone?: string): string {
  return localDateIn(timeZone ?? homeTimeZone(countryCode), new Date(now));
}

/** SPEC §3 daily progress for one local date, with the month's progress and today's plan flags. */
export async function progressSummary(deps: AppDeps, userId: string, localDate: string) {
  const day = (await deps.dailyProgress.day(userId, localDate)) ?? emptyDay(localDate);
  const month = localDate.slice(0, 7);
  const completed = await deps.dailyProgress.completedDates(userId, `${month}-01`, `${month}-31`);
  const workout = (await deps.plans.publishedWorkouts(userId))[0];
  const diets = await deps.plans.publishedDiets(userId);
  return {
    localDate,
    workoutCompleted: day.workoutCompleted,
    dietFollowed: day.dietFollowed,
    mood: day.mood,
    energy: day.energy,
    isCompleted: day.isCompleted,
    points: dailyPoints(day),
    percent: dailyPercent(day),
    hasWorkoutToday: workout ? trainingOn(workout.content.schedule, localDate) !== null : false,
    hasDietToday: diets.length > 0,
    monthlyProgress: monthlyProgress(completed, month),
  };
}
