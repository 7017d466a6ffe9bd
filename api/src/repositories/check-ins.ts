/**
 * Weekly check-ins (issue 22, part 2): the generic owned rows (./owned-rows.ts), with the instants
 * kept as milliseconds; the review's stamp is the server's to set.
 */
import type { CheckIn } from '#protocol/conflict/rules.ts';
import type { AppDatabase } from '../db/client.ts';
import { checkIns } from '../db/schema/index.ts';
import { createOwnedRows } from './owned-rows.ts';
import type { AsyncTableStorage } from './synced-tables.ts';
import type { SyncVersions } from './sync-versions.ts';
import type { StaffNotices } from '../notices/staff-notices.ts';

type CheckInRow = typeof checkIns.$inferSelect;

export const toCheckIn = ({ id, week, createdAt, weight, dietAdherence, workoutAdherence, hunger, sleep, stress, energy, note, answers, reviewedAt }: CheckInRow): CheckIn => ({
  id,
  week,
  createdAt: new Date(createdAt).toISOString(),
  weight,
  dietAdherence,
  workoutAdherence,
  hunger,
  sleep,
  stress,
  energy,
  note,
  answers,
  reviewedAt: reviewedAt === null ? null : new Date(reviewedAt).toISOString(),
});

/** `coachesChanged(clientId)` is told of a new check-in, so the coaches' open pages list it (as for messages). */
export function createCheckIns(database: Pick<AppDatabase, 'sql'>, versions: SyncVersions, coachesChanged: (clientId: string) => Promise<void> = async () => {}, staffNotices?: StaffNotices) {
  const owned = createOwnedRows(database, versions, checkIns, {
    toRow: toCheckIn,
    toColumns: ({ id: _id, createdAt, reviewedAt, ...fields }) => ({ ...fields, createdAt: Date.parse(createdAt), reviewedAt: reviewedAt === null ? null : Date.parse(reviewedAt) }),
  });
  return {
    ...owned,
    storageFor(userId: string): AsyncTableStorage<CheckIn> {
      const storage = owned.storageFor(userId);
      return {
        ...storage,
        insert: async (checkIn) => {
          const stored = await storage.insert(checkIn);
          if (stored === 'inserted') {
            await coachesChanged(userId);
            await staffNotices?.checkInSent(userId, checkIn);
          }
          return stored;
        },
      };
    },
  };
}

export type CheckIns = ReturnType<typeof createCheckIns>;
