import { useLiveData } from './live-data.ts';
import type { ProfileDto } from '#protocol/contract/clients.ts';
import type { NotificationDto } from '#protocol/contract/tracking.ts';
import type { DietPlanDto, WorkoutPlanDto } from '#protocol/contract/plans.ts';
import { useUserDb } from './current.ts';

/** Newest publication first; only published plans ever reach a client (SPEC §4). */
const byPublication = <T extends { status: string; publishedAt: string | null; createdAt: string }>(plans: T[]) =>
  plans
    .filter((plan) => plan.status === 'published')
    .sort((a, b) => (b.publishedAt ?? b.createdAt).localeCompare(a.publishedAt ?? a.createdAt));

/** The client's published diets on this device, newest first; undefined while loading. */
export function usePublishedDiets(): DietPlanDto[] | undefined {
  const db = useUserDb((s) => s.db);
  return useLiveData(async () => (db ? byPublication(await db.diets.toArray()) : undefined), [db]);
}

/** The client's published workouts on this device, newest first; undefined while loading. */
export function usePublishedWorkouts(): WorkoutPlanDto[] | undefined {
  const db = useUserDb((s) => s.db);
  return useLiveData(async () => (db ? byPublication(await db.workouts.toArray()) : undefined), [db]);
}

/** Notifications on this device, newest first (read state includes pending local changes). */
export function useNotifications(): NotificationDto[] | undefined {
  const db = useUserDb((s) => s.db);
  return useLiveData(async () => (db ? (await db.notifications.orderBy('createdAt').reverse().toArray()) : undefined), [db]);
}

/** The profile as this device holds it (pending edits included); empty before the first pull. */
export function useLocalProfile(): Partial<ProfileDto> | undefined {
  const db = useUserDb((s) => s.db);
  return useLiveData(async () => (db ? ((await db.profile.toArray())[0] ?? {}) : undefined), [db]);
}
