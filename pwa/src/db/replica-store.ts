import type { ReplicaStore } from '#protocol/replica.ts';
import type { UserDb } from './user-db.ts';

/** The replica rules of sync-protocol on IndexedDB; call inside a transaction over `db.replicaTables`. */
export function dexieStore(db: UserDb): ReplicaStore {
  return {
    getWeight: (id) => db.weightRecords.get(id),
    putWeight: async (record) => void (await db.weightRecords.put(record)),
    getDay: (localDate) => db.dailyProgress.get(localDate),
    putDay: async (day) => void (await db.dailyProgress.put(day)),
    getProfile: async () => (await db.profile.toArray())[0],
    putProfile: async (profile) => void (await db.profile.put(profile)),
    getNotification: (id) => db.notifications.get(id),
    putNotification: async (notification) => void (await db.notifications.put(notification)),
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
