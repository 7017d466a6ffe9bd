import { useLiveData } from './live-data.ts';
import type { WeightRecord } from '#protocol/conflict/rules.ts';
import type { ClientDto } from '#protocol/contract/clients.ts';
import { weightProgress, type WeightProgress } from '#protocol/domain/weight-progress.ts';
import { useSession } from '#pwa/lib/session.ts';
import { useCurrentDb, useUserDb } from './current.ts';
import { useLocalProfile } from './use-content.ts';

/**
 * The weight records on this device, deleted ones left out; undefined while loading. A device
 * that has never pulled does not know them: its empty table is no answer yet. A new phone showed
 * the registration weight, then the latest record a moment later, and the weight card moved.
 */
export function useWeightRecords(): WeightRecord[] | undefined {
  const db = useCurrentDb();
  return useLiveData(async () => {
    if (!db) return undefined;
    const [records, pulled] = await Promise.all([db.weightRecords.toArray(), db.getMeta<string>('lastSyncAt')]);
    return records.length === 0 && !pulled ? undefined : records.filter((r) => !r.deleted);
  }, [db]);
}

/**
 * The weight given at registration (ADR 018). A profile pulled before `startingWeight` existed
 * holds it in `currentWeight`, which the server then kept as the registration weight.
 */
export function startingWeightOf(profile: Partial<ClientDto> | undefined | null): number | null {
  if (!profile) return null;
  const value = 'startingWeight' in profile ? profile.startingWeight : profile.currentWeight;
  return typeof value === 'number' ? value : null;
}

/**
 * Progress towards the target from this device's records and profile (pending edits included),
 * always from the registration weight; the current weight is the latest record's (ADR 018).
 */
export function useWeightProgress(): { records: WeightRecord[]; progress: WeightProgress<WeightRecord> } | undefined {
  const client = useSession((s) => s.client);
  const records = useWeightRecords();
  const profile = useLocalProfile();
  // Both, or the figures would show a moment without the starting point.
  if (records === undefined || profile === undefined) return undefined;
  const targetWeight = profile?.targetWeight ?? client?.targetWeight ?? null;
  const startingWeight = startingWeightOf(profile?.id ? profile : client);
  return { records, progress: weightProgress(records, startingWeight, targetWeight) };
}

/**
 * The weight a new record is compared with (ADR 015, "Did you mean …?"): the latest record on
 * this device, else the registration weight, else null.
 */
export async function lastWeight(): Promise<number | null> {
  const db = useUserDb.getState().db;
  if (!db) return null;
  const latest = await db.weightRecords.orderBy('createdAt').reverse().filter((r) => !r.deleted).first();
  if (latest) return latest.weight;
  return startingWeightOf((await db.profile.toArray())[0] ?? useSession.getState().client);
}
