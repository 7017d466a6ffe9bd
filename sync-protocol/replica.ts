/**
 * A device's copy of the user's data, whatever stores it (IndexedDB in the PWA, memory in the
 * property tests). Local writes apply at once through the same conflict rules the server runs;
 * a pull writes the server's rows and then replays the still-pending mutations on top (rebase).
 * Every rule is idempotent, so replaying a mutation onto a row that already reflects it is a no-op.
 */
import type { DailyProgress, WeightRecord } from './conflict/rules.ts';
import { mutatorNamed, type Mutation } from './mutations/envelope.ts';
import { runMutatorAsync, type AsyncMutatorStorage } from './mutations/mutator.ts';
import type { ProfileDto } from './contract/clients.ts';
import type { DietPlanDto, WorkoutPlanDto } from './contract/plans.ts';
import type { SubscriptionDto } from './contract/subscriptions.ts';
import { isTombstone, type PulledChanges } from './contract/sync.ts';
import type { NotificationDto } from './contract/tracking.ts';

/** Storage of one replica. Implementations run all calls of one operation in one transaction. */
export interface ReplicaStore {
  /**
   * What the mutators read and write (../mutations/storage.ts), answering with promises; a pull
   * writes its weight records, days and notifications through it too.
   */
  mutable: AsyncMutatorStorage;
  /** The rest of a pull's rows: the server's word, written as they are. */
  putProfile(profile: ProfileDto): Promise<void>;
  putDiet(diet: DietPlanDto): Promise<void>;
  deleteDiet(id: string): Promise<void>;
  putWorkout(workout: WorkoutPlanDto): Promise<void>;
  deleteWorkout(id: string): Promise<void>;
  putSubscription(subscription: SubscriptionDto): Promise<void>;
  /** Drops everything (full resync). */
  clear(): Promise<void>;
}

/** Applies one mutation to the replica with its mutator, as the server will; returns whether anything changed. */
export async function applyLocally(store: ReplicaStore, mutation: Mutation, now: number = Date.now()): Promise<boolean> {
  const mutator = mutatorNamed(mutation.name);
  if (!mutator) return false;
  const context = { id: mutation.id, hlc: mutation.hlc, localDate: mutation.localDate, now };
  const result = await runMutatorAsync(mutator.apply(mutation.args as never, context), store.mutable);
  return result.ok && result.changed;
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
  const { weightRecords, dailyProgress, notifications } = store.mutable;
  for (const record of changes.weightRecords) await weightRecords.put(record);
  for (const day of changes.dailyProgress) await dailyProgress.put(day);
  for (const notification of changes.notifications) await notifications.put(notification);
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
    mutable: {
      weightRecords: {
        get: async (id) => weights.get(id),
        insert: async (record) => {
          if (weights.has(record.id)) return 'exists';
          weights.set(record.id, record);
          return 'inserted';
        },
        put: async (record) => void weights.set(record.id, record),
      },
      dailyProgress: {
        get: async (localDate) => days.get(localDate),
        put: async (day) => void days.set(day.localDate, day),
      },
      profile: {
        get: async () => profile.value,
        patch: async (fields, profileHlcs) => void (profile.value = profile.value && { ...profile.value, ...fields, profileHlcs }),
      },
      notifications: {
        get: async (id) => notifications.get(id),
        put: async (notification) => void notifications.set(notification.id, notification as NotificationDto),
      },
    },
    putProfile: async (value) => void (profile.value = value),
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
