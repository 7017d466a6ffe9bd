/**
 * Diet freshness for the admin's list of users (SPEC §4): a diet is valid for 30 days from its
 * publication day. Days count in calendar days of the reader's time zone, so "published today"
 * means today where the professional is.
 */
import { dayNumber, localDateIn } from './daily-progress.ts';

export const DIET_VALIDITY_DAYS = 30;

export type DietFreshness =
  | { state: 'noDiet' }
  /** 30 on the publication day, 0 on the last valid day. */
  | { state: 'upToDate'; daysRemaining: number }
  /** 1 the day after the last valid day. */
  | { state: 'overdue'; daysOverdue: number };

/** From the publication instants of a user's published diets (any order); drafts are not passed. */
export function dietFreshness(publishedAt: readonly string[], today: string, timeZone: string): DietFreshness {
  const instants = publishedAt.map((at) => Date.parse(at)).filter((at) => Number.isFinite(at));
  if (instants.length === 0) return { state: 'noDiet' };
  const published = localDateIn(timeZone, new Date(Math.max(...instants)));
  const remaining = DIET_VALIDITY_DAYS - (dayNumber(today) - dayNumber(published));
  return remaining >= 0 ? { state: 'upToDate', daysRemaining: Math.min(remaining, DIET_VALIDITY_DAYS) } : { state: 'overdue', daysOverdue: -remaining };
}
