/**
 * Weekly check-ins (issue 22, part 2; ADR 028): which week a check-in belongs to and when the
 * dashboard asks for one, on the client's own calendar (the device's local dates, so a week
 * starts at the client's midnight, not the server's).
 */

/** 0 Sunday … 6 Saturday, as `Date.getUTCDay` counts. */
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const DAY_MS = 86_400_000;
const toDays = (localDate: string) => Date.UTC(Number(localDate.slice(0, 4)), Number(localDate.slice(5, 7)) - 1, Number(localDate.slice(8, 10))) / DAY_MS;
const fromDays = (days: number) => new Date(days * DAY_MS).toISOString().slice(0, 10);

/** The weekday of a 'YYYY-MM-DD'. */
export const weekdayOf = (localDate: string): Weekday => new Date(toDays(localDate) * DAY_MS).getUTCDay() as Weekday;

/** Days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number => toDays(to) - toDays(from);

/**
 * The week a day belongs to, named by its check-in day: the latest date on or before `localDate`
 * that falls on `checkInDay`. A check-in filled late (the day after) still counts for that week.
 */
export function checkInWeek(localDate: string, checkInDay: Weekday): string {
  const back = (weekdayOf(localDate) - checkInDay + 7) % 7;
  return fromDays(toDays(localDate) - back);
}

/**
 * Whether the dashboard asks for this week's check-in: from the check-in day until one is filled
 * or the next check-in day comes; never in the client's first days, before a week has begun
 * after they registered (there is nothing to report yet).
 */
export function checkInDue({ today, checkInDay, registeredOn, weeksDone }: { today: string; checkInDay: Weekday; registeredOn: string; weeksDone: readonly string[] }): string | null {
  const week = checkInWeek(today, checkInDay);
  if (week <= registeredOn || weeksDone.includes(week)) return null;
  return week;
}
