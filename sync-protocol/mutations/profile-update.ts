/**
 * `profile.update`: fields of the user's own profile, each last-writer-wins by HLC (ARCHITECTURE
 * §3). A weight typed in a profile save is a weigh-in at the save's time (ADR 018), recorded by
 * the server: its new record needs an id the device could not give it the same.
 */
import { parseHlc } from '../clock/hlc.ts';
import { applyProfileFields } from '../conflict/rules.ts';
import { uuidv7 } from '../ids.ts';
import type { ProfileUpdateInput } from '../schemas/clients.ts';
import { changedResult, defineMutator, refused, unchangedResult, use, type StorageCall } from './mutator.ts';
import type { ProfileState } from './storage.ts';

export interface ProfileUpdateArgs {
  fields: ProfileUpdateInput;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Recorded when it differs from the weight current then; a record made after the save (another
 * device, an offline save sent late) is newer and stays the current one.
 */
function* weighIn(weight: number, profile: ProfileState & { currentWeight: number | null }, hlc: string, now: number): Generator<StorageCall, boolean, unknown> {
  const at = Math.min(parseHlc(hlc)?.millis ?? now, now);
  const latest = yield* use((storage) => storage.weightRecords.latest());
  if (latest && Date.parse(latest.createdAt) > at) return false;
  if ((latest?.weight ?? profile.currentWeight) === weight) return false;
  const record = { id: uuidv7(at), weight, notes: null, createdAt: new Date(at).toISOString(), deleted: false, hlcs: {} };
  return (yield* use((storage) => storage.weightRecords.insert(record))) === 'inserted';
}

export const profileUpdate = defineMutator({
  name: 'profile.update',
  version: 1,
  tables: ['profile', 'weightRecords'],
  // The shape only: the fields' own rules are the profile schema's (yup), which the server runs
  // too (./index.ts) and the device's bundle does without.
  check: (args) => (isRecord(args.fields ?? {}) ? { ok: true, value: { fields: (args.fields ?? {}) as ProfileUpdateInput } } : { ok: false, key: 'validation.invalidType', field: 'fields' }),
  *apply({ fields }: ProfileUpdateArgs, { hlc, now, location }) {
    const profile = yield* use((storage) => storage.profile.get());
    // A device that has not pulled its profile yet shows it once pulled, this change rebased on it.
    if (!profile) return location === 'server' ? refused('NOT_FOUND') : unchangedResult;
    const { language, currentWeight, ...rest } = fields;
    const given: Record<string, unknown> = Object.fromEntries(Object.entries({ ...rest, preferredLanguage: rest.preferredLanguage ?? language }).filter(([, value]) => value !== undefined));
    let weighed = false;
    if (typeof currentWeight === 'number') {
      if (location === 'server') weighed = yield* weighIn(currentWeight, profile, hlc, now);
      // The device shows the weight typed at once; the weigh-in reaches it with the next pull.
      else given.currentWeight = currentWeight;
    }
    const { updates, hlcs } = applyProfileFields(profile.profileHlcs, given, hlc);
    if (Object.keys(updates).length === 0) return weighed ? changedResult : unchangedResult;
    yield* use((storage) => storage.profile.patch(updates, hlcs));
    return changedResult;
  },
});
