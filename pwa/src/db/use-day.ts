import { useLiveData } from './live-data.ts';
import { emptyDay } from '#protocol/conflict/rules.ts';
import { useUserDb } from './current.ts';

/** A day's progress as stored on this device (confirmed plus pending changes). */
export function useDay(localDate: string) {
  const db = useUserDb((s) => s.db);
  return useLiveData(() => db?.dailyProgress.get(localDate), [db, localDate]) ?? emptyDay(localDate);
}
