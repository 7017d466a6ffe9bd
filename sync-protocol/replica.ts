/**
 * A device's copy of the user's data, whatever stores it (IndexedDB in the PWA, memory in the
 * property tests). Local writes apply at once through the same conflict rules the server runs;
 * a pull writes the server's rows and then replays the still-pending mutations on top (rebase).
 * Every rule is idempotent, so replaying a mutation onto a row that already reflects it is a no-op.
 */
import {
  applyNotificationRead,
  applyProfileFields,
  applyProgressComplete,
  applyProgressSet,
  applyWeightAdd,
  applyWeightDelete,
  applyWeightUpdate,
  type DailyProgress,
  type WeightRecord,
} from './conflict/rules.ts';
import type { Mutation } from './mutations/envelope.ts';
import type { ProfileDto } from './contract/clients.ts';
import type { DietPlanDto, WorkoutPlanDto } from './contract/plans.ts';
import type { SubscriptionDto } from './contract/subscriptions.ts';
import { isTombstone, type PulledChanges } from './contract/sync.ts';
import type { NotificationDto } from './contract/tracking.ts';

/** Storage of one replica. Implementations run all calls of one operation in one transaction. */
export interface ReplicaStore {
  getWeight(id: string): Promise<WeightRecord | undefined>;
  putWeight(record: WeightRecord): Promise<void>;
  getDay(localDate: string): Promise<DailyProgress | undefined>;
  putDay(day: DailyProgress): Promise<void>;
  getProfile(): Promise<ProfileDto | undefined>;
  putProfile(profile: ProfileDto): Promise<void>;
  getNotification(id: string): Promise<NotificationDto | undefined>;
  putNotification(notification: NotificationDto): Promise<void>;
  putDiet(diet: DietPlanDto): Promise<void>;
  deleteDiet(id: string): Promise<void>;
  putWorkout(workout: WorkoutPlanDto): Promise<void>;
  deleteWorkout(id: string): Promise<void>;
  putSubscription(subscription: SubscriptionDto): Promise<void>;
  /** Drops everything (full resync). */
  clear(): Promise<void>;
}

/** Applies one mutation to the replica; returns whether anything changed. */
export async function applyLocally(store: ReplicaStore, mutation: Mutation): Promise<boolean> {
  switch (mutation.name) {
    case 'weight.add': {
      const outcome = applyWeightAdd(await store.getWeight(mutation.args.id), mutation.args);
      if (outcome.ok && outcome.changed) await store.putWeight(outcome.row);
      return outcome.ok && outcome.changed;
    }
    case 'weight.update': {
      const outcome = applyWeightUpdate(await store.getWeight(mutation.args.id), mutation.args, mutation.hlc);
      if (outcome.ok && outcome.changed) await store.putWeight(outcome.row);
      return outcome.ok && outcome.changed;
    }
    case 'weight.delete': {
      const outcome = applyWeightDelete(await store.getWeight(mutation.args.id));
      if (outcome.ok && outcome.changed) await store.putWeight(outcome.row);
      return outcome.ok && outcome.changed;
    }
    case 'progress.set': {
      const outcome = applyProgressSet(await store.getDay(mutation.localDate), mutation.localDate, mutation.args, mutation.hlc);
      if (outcome.ok && outcome.changed) await store.putDay(outcome.row);
      return outcome.ok && outcome.changed;
    }
    case 'progress.complete': {
      const outcome = applyProgressComplete(await store.getDay(mutation.localDate), mutation.localDate, mutation.hlc);
      if (outcome.ok && outcome.changed) await store.putDay(outcome.row);
      return outcome.ok && outcome.changed;
    }
    case 'profile.update': {
      const profile = await store.getProfile();
      if (!profile) return false;
      const { updates, hlcs } = applyProfileFields(profile.profileHlcs, mutation.args.fields as Record<string, unknown>, mutation.hlc);
      if (Object.keys(updates).length === 0) return false;
      await store.putProfile({ ...profile, ...updates, profileHlcs: hlcs });
      return true;
    }
    case 'notification.read': {
      const outcome = applyNotificationRead(await store.getNotification(mutation.args.id));
      if (outcome.ok && outcome.changed) await store.putNotification(outcome.row);
      return outcome.ok && outcome.changed;
    }
  }
}

/**
 * Writes a pull's rows (the server's word), then replays the pending mutations on top. With
 * `reset`, the replica is emptied first: a full resync after the server lost or refused history.
 */
export async function applyPull(
  store: ReplicaStore,
  changes: PulledChanges,
  pending: readonly Mutation[],
  reset: boolean,
): Promise<void> {
  if (reset) await store.clear();
  if (changes.profile) await store.putProfile(changes.profile);
  for (const record of changes.weightRecords) await store.putWeight(record);
  for (const day of changes.dailyProgress) await store.putDay(day);
  for (const notification of changes.notifications) await store.putNotification(notification);
  for (const diet of changes.diets) await (isTombstone(diet) ? store.deleteDiet(diet.id) : store.putDiet(diet));
  for (const workout of changes.workouts) await (isTombstone(workout) ? store.deleteWorkout(workout.id) : store.putWorkout(workout));
  for (const subscription of changes.subscriptions) await store.putSubscription(subscription);
  for (const mutation of pending) await applyLocally(store, mutation);
}

/**
 * The latest HLC among the pulled rows' field stamps: the device's clock receives it, so that a
 * change made after seeing these rows orders after them, whatever the device's wall clock says.
 */
export function latestHlc(changes: Pick<PulledChanges, 'profile' | 'dailyProgress' | 'weightRecords'>): string | null {
  let latest: string | null = null;
  const consider = (stamps: Record<string, string | undefined> | undefined) => {
    for (const hlc of Object.values(stamps ?? {})) if (hlc !== undefined && (latest === null || hlc > latest)) latest = hlc;
  };
  if (changes.profile) consider(changes.profile.profileHlcs);
  for (const day of changes.dailyProgress) consider(day.hlcs);
  for (const record of changes.weightRecords) consider(record.hlcs);
  return latest;
}

/** A replica in memory: the property tests' devices, and a reference for the IndexedDB one. */
export function createMemoryStore(): ReplicaStore & {
  weights: Map<string, WeightRecord>;
  days: Map<string, DailyProgress>;
  profile: { value: ProfileDto | undefined };
  notifications: Map<string, NotificationDto>;
  diets: Map<string, { id: string }>;
  workouts: Map<string, { id: string }>;
  subscriptions: Map<string, { id: string }>;
} {
  const weights = new Map<string, WeightRecord>();
  const days = new Map<string, DailyProgress>();
  const notifications = new Map<string, NotificationDto>();
  const diets = new Map<string, { id: string }>();
  const workouts = new Map<string, { id: string }>();
  const subscriptions = new Map<string, { id: string }>();
  const profile: { value: ProfileDto | undefined } = { value: undefined };
  return {
    weights,
    days,
    profile,
    notifications,
    diets,
    workouts,
    subscriptions,
    getWeight: async (id) => weights.get(id),
    putWeight: async (record) => void weights.set(record.id, record),
    getDay: async (localDate) => days.get(localDate),
    putDay: async (day) => void days.set(day.localDate, day),
    getProfile: async () => profile.value,
    putProfile: async (value) => void (profile.value = value),
    getNotification: async (id) => notifications.get(id),
    putNotification: async (n) => void notifications.set(n.id, n),
    putDiet: async (diet) => void diets.set(diet.id, diet),
    deleteDiet: async (id) => void diets.delete(id),
    putWorkout: async (workout) => void workouts.set(workout.id, workout),
    deleteWorkout: async (id) => void workouts.delete(id),
    putSubscription: async (subscription) => void subscriptions.set(subscription.id, subscription),
    clear: async () => {
      weights.clear();
      days.clear();
      notifications.clear();
      diets.clear();
      workouts.clear();
      subscriptions.clear();
      profile.value = undefined;
    },
  };
}
