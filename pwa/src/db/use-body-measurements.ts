import type { BodyMeasurement } from '#protocol/conflict/rules.ts';
import { hasSomeMeasurement } from '#protocol/mutations/measurement-add.ts';
import { useCurrentDb } from './current.ts';
import { useLiveData } from './live-data.ts';

/**
 * The body measurements on this device, newest first, pending changes included; deleted ones and
 * ones corrected down to nothing left out. Undefined while loading.
 */
export function useBodyMeasurements(): BodyMeasurement[] | undefined {
  const db = useCurrentDb();
  return useLiveData(
    async () => (db ? (await db.synced('bodyMeasurements').orderBy('createdAt').reverse().toArray()).filter((m) => !m.deleted && hasSomeMeasurement(m)) : undefined),
    [db],
  );
}
