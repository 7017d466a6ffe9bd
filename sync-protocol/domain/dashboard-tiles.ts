/**
 * The four tiles of the dashboard (SPEC §2): workout pending today, diet pending today (1 or 0
 * each), days in the app and goal progress. Pure, so the figures are the same offline.
 */
import { isLocalDate } from './calendar.ts';
import { dayNumber } from './daily-progress.ts';

/** Calendar days from the registration day to today, both counted: registering today is day 1. */
export function daysInApp(registrationDate: string, today: string): number {
  if (!isLocalDate(registrationDate) || !isLocalDate(today)) return 0;
  return Math.max(1, dayNumber(today) - dayNumber(registrationDate) + 1);
}

export interface TileInputs {
  /** Today's weekday has training in the published workout. */
  workoutScheduledToday: boolean;
  hasPublishedDiet: boolean;
  workoutCompleted: boolean;
  dietFollowed: boolean;
}

/** 1 while something is due today and not yet done, else 0. */
export function pendingToday(inputs: TileInputs): { workout: 0 | 1; diet: 0 | 1 } {
  return {
    workout: inputs.workoutScheduledToday && !inputs.workoutCompleted ? 1 : 0,
    diet: inputs.hasPublishedDiet && !inputs.dietFollowed ? 1 : 0,
  };
}
