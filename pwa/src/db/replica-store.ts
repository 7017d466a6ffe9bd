import type { NotificationDto } from '#protocol/contract/tracking.ts';
import type { ReplicaStore } from '#protocol/replica.ts';
import type { UserDb } from './user-db.ts';

/** The replica and the mutators' storage port on IndexedDB; call inside a transaction over the tables used. */
export function dexieStore(db: UserDb): ReplicaStore {
  const profile = async () => (await db.profile.toArray())[0];
  return {
    mutable: {
      weightRecords: {
        get: (id) => db.weightRecords.get(id),
        // A device holds only its user's records: an id it has is this user's.
        insert: async (record) => ((await db.weightRecords.get(record.id)) ? 'exists' : (await db.weightRecords.add(record), 'inserted')),
        put: async (record) => void (await db.weightRecords.put(record)),
      },
      dailyProgress: {
        get: (localDate) => db.dailyProgress.get(localDate),
        put: async (day) => void (await db.dailyProgress.put(day)),
      },
      profile: {
        get: profile,
        patch: async (fields, profileHlcs) => {
          const current = await profile();
          if (current) await db.profile.put({ ...current, ...fields, profileHlcs });
        },
      },
      notifications: {
        get: (id) => db.notifications.get(id),
        put: async (notification) => void (await db.notifications.put(notification as NotificationDto)),
      },
    },
    putProfile: async (value) => void (await db.profile.put(value)),
    putDiet: async (diet) => void (await db.diets.put(diet)),
    deleteDiet: (id) => db.diets.delete(id),
    putWorkout: async (workout) => void (await db.workouts.put(workout)),
    deleteWorkout: (id) => db.workouts.delete(id),
    putSubscription: async (subscription) => void (await db.subscriptions.put(subscription)),
    clear: async () => {
      await Promise.all([db.weightRecords.clear(), db.dailyProgress.clear(), db.notifications.clear(), db.diets.clear(), db.workouts.clear(), db.subscriptions.clear()]);
    },
  };
}
