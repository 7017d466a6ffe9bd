import type { WorkoutSession } from '#protocol/conflict/workout.ts';
import { useCurrentDb } from './current.ts';
import { useLiveData } from './live-data.ts';
import type { UserDb } from './user-db.ts';

/**
 * The workout sessions still open on this device (issue 48), pending changes included: /workout
 * resumes the newest, and today's workout view offers to resume it rather than start another.
 */
export async function openSessions(db: UserDb): Promise<WorkoutSession[]> {
  return (await db.synced('workoutSessions').toArray()).filter((session) => !session.deleted && session.endedAt === null);
}

/** The newest session still open; null for none, undefined while loading. */
export function useOpenSession(): WorkoutSession | null | undefined {
  const db = useCurrentDb();
  return useLiveData(async () => (db ? ((await openSessions(db)).sort((a, b) => b.startedAt.localeCompare(a.startedAt))[0] ?? null) : undefined), [db]);
}
