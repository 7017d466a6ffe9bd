import { useLiveData } from './live-data.ts';
import type { WeightRecord } from '#protocol/conflict/rules.ts';
import { weightProgress, type WeightProgress } from '#protocol/domain/weight-progress.ts';
import { useSession } from '#pwa/lib/session.ts';
import { useUserDb } from './current.ts';
import { useLocalProfile } from './use-content.ts';

/** The weight records on this device, deleted ones left out; undefined while loading. */
export function useWeightRecords(): WeightRecord[] | undefined {
  const db = useUserDb((s) => s.db);
  return useLiveData(async () => (db ? (await db.weightRecords.toArray()).filter((r) => !r.deleted) : undefined), [db]);
}

/**
 * Progress towards the target from this device's records and profile (pending edits included).
 * The registration weight is the starting point only until the first weigh-in.
 */
export function useWeightProgress(): { records: WeightRecord[]; progress: WeightProgress<WeightRecord> } | undefined {
  const client = useSession((s) => s.client);
  const records = useWeightRecords();
  const profile = useLocalProfile();
  if (records === undefined) return undefined;
  const targetWeight = (profile?.targetWeight as number | null | undefined) ?? client?.targetWeight ?? null;
  const registrationWeight = (profile?.currentWeight as number | null | undefined) ?? client?.currentWeight ?? null;
  return { records, progress: weightProgress(records, records.length > 0 ? null : registrationWeight, targetWeight) };
}

/**
 * The weight a new record is compared with (ADR 015, "Did you mean …?"): the latest record on
 * this device, else the profile's current weight (the registration weight), else null.
 */
export async function lastWeight(): Promise<number | null> {
  const db = useUserDb.getState().db;
  if (!db) return null;
  const latest = await db.weightRecords.orderBy('createdAt').reverse().filter((r) => !r.deleted).first();
  if (latest) return latest.weight;
  const profile = (await db.profile.toArray())[0];
  const registered = profile?.currentWeight ?? useSession.getState().client?.currentWeight;
  return typeof registered === 'number' ? registered : null;
}
