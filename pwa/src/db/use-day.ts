import { useLiveData } from './live-data.ts';
import { emptyDay } from '#protocol/conflict/rules.ts';
import { useCurrentDb } from './current.ts';

/**
 * A day's progress as stored on this device (confirmed plus pending changes); a day with nothing
 * stored is the empty day. undefined while the device is still reading it: a blank day shown
 * meanwhile would take a tap and save its blanks over what is stored.
 */
export function useDay(localDate: string) {
  const db = useCurrentDb();
  return useLiveData(async () => (db ? ((await db.dailyProgress.get(localDate)) ?? emptyDay(localDate)) : undefined), [db, localDate]);
}
