import type { CheckIn } from '#protocol/conflict/rules.ts';
import { checkInDue, checkInWeek, type Weekday } from '#protocol/domain/check-ins.ts';
import { localDateIn } from '#protocol/domain/daily-progress.ts';
import { useCurrentDb } from '#pwa/db/current.ts';
import { useLiveData } from '#pwa/db/live-data.ts';
import { deviceTimeZone } from '#pwa/db/local-writes.ts';

export interface CheckInWeek {
  /** The week the card is about (its check-in day): asked for, or filled this week; null shows nothing. */
  week: string | null;
  /** This week's check-in on this device, once filled (the newest, if two devices both sent one). */
  filled: CheckIn | null;
  /** Whether it still waits in the outbox. */
  waiting: boolean;
  /** The teacher's own questions, asked after the six. */
  questions: string[];
}

/**
 * The client's check-in for the week on this device's calendar (issue 22, part 2), from the
 * profile's check-in day and the check-ins on the device: offline too; undefined while loading.
 */
export function useCheckInWeek(today: string): CheckInWeek | undefined {
  const db = useCurrentDb();
  return useLiveData(async () => {
    if (!db) return undefined;
    const profile = (await db.profile.toArray())[0];
    // Check-ins are a client's report to their coach: staff on their own dashboard are asked nothing.
    if (!profile?.createdAt || profile.checkInDay === undefined || profile.role !== 'user') return { week: null, filled: null, waiting: false, questions: [] };
    const week = checkInWeek(today, profile.checkInDay as Weekday);
    const [ofWeek, outbox] = await Promise.all([db.synced('checkIns').where('week').equals(week).toArray(), db.outbox.toArray()]);
    const filled = ofWeek.sort((a, b) => a.createdAt.localeCompare(b.createdAt)).at(-1) ?? null;
    const registeredOn = localDateIn(deviceTimeZone(), new Date(profile.createdAt));
    const due = checkInDue({ today, checkInDay: profile.checkInDay as Weekday, registeredOn, weeksDone: filled ? [week] : [] });
    const waiting = filled !== null && outbox.some((m) => m.name === 'checkin.submit' && m.args.id === filled.id);
    return { week: due ?? (filled ? week : null), filled, waiting, questions: profile.checkInQuestions ?? [] };
  }, [db, today]);
}
