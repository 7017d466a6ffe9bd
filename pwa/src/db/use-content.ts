import { useIntl } from 'react-intl';
import type { Locale } from '#protocol/i18n/locales.ts';
import { sharedLiveQuery, useLiveData, useSharedLiveData, type SharedLiveQuery } from './live-data.ts';
import type { ProfileDto } from '#protocol/contract/clients.ts';
import type { NotificationDto } from '#protocol/contract/tracking.ts';
import type { DietPlanDto, WorkoutPlanDto } from '#protocol/contract/plans.ts';
import { useCurrentDb } from './current.ts';
import type { UserDb } from './user-db.ts';

/** Newest publication first; only published plans ever reach a client (SPEC §4). */
const byPublication = <T extends { status: string; publishedAt: string | null; createdAt: string }>(plans: T[]) =>
  plans
    .filter((plan) => plan.status === 'published')
    .sort((a, b) => (b.publishedAt ?? b.createdAt).localeCompare(a.publishedAt ?? a.createdAt));

/** A plan in the reader's language when it was translated for it on publishing (ADR 024), else as written. */
function inLanguage<P extends DietPlanDto | WorkoutPlanDto>(plan: P, locale: string): P {
  const words = plan.translations[locale as Locale];
  return words ? { ...plan, ...words.details, title: words.title, description: words.description, content: words.content } : plan;
}

/** The client's published diets on this device, newest first, in the reader's language; undefined while loading. */
export function usePublishedDiets(): DietPlanDto[] | undefined {
  const db = useCurrentDb();
  const { locale } = useIntl();
  return useLiveData(async () => (db ? byPublication(await db.diets.toArray()).map((diet) => inLanguage(diet, locale)) : undefined), [db, locale]);
}

/** The client's published workouts on this device, newest first, in the reader's language; undefined while loading. */
export function usePublishedWorkouts(): WorkoutPlanDto[] | undefined {
  const db = useCurrentDb();
  const { locale } = useIntl();
  return useLiveData(async () => (db ? byPublication(await db.workouts.toArray()).map((workout) => inLanguage(workout, locale)) : undefined), [db, locale]);
}

/** Notifications on this device, newest first (read state includes pending local changes). */
export function useNotifications(): NotificationDto[] | undefined {
  const db = useCurrentDb();
  return useLiveData(async () => (db ? (await db.notifications.orderBy('createdAt').reverse().toArray()) : undefined), [db]);
}

const profileReads = new WeakMap<UserDb, SharedLiveQuery<Partial<ProfileDto>>>();

/** The live read of a database's profile that every component reading it shares. */
function profileRead(db: UserDb): SharedLiveQuery<Partial<ProfileDto>> {
  let read = profileReads.get(db);
  if (!read) {
    read = sharedLiveQuery(async () => (await db.profile.toArray())[0] ?? {});
    profileReads.set(db, read);
  }
  return read;
}

/** The profile as this device holds it (pending edits included); empty before the first pull. One read for the whole app. */
export function useLocalProfile(): Partial<ProfileDto> | undefined {
  const db = useCurrentDb();
  return useSharedLiveData(db ? profileRead(db) : null);
}
