/** `progress.set`: one habit of the device's day (SPEC §5), last-writer-wins by HLC. */
import { applyProgressSet } from '../conflict/rules.ts';
import { checkBoolean, checkLevel } from './fields.ts';
import { defineMutator, use } from './mutator.ts';

export const PROGRESS_FIELDS = ['workoutCompleted', 'dietFollowed', 'mood', 'energy'] as const;
export type ProgressField = (typeof PROGRESS_FIELDS)[number];

export interface ProgressSetArgs {
  field: ProgressField;
  value: boolean | number;
}

export const progressSet = defineMutator({
  name: 'progress.set',
  version: 1,
  tables: ['dailyProgress'],
  check(args) {
    const field = args.field;
    if (typeof field !== 'string' || !(PROGRESS_FIELDS as readonly string[]).includes(field)) return { ok: false, key: 'validation.invalidOption', field: 'field' };
    const value = field === 'mood' || field === 'energy' ? checkLevel(args.value) : checkBoolean(args.value);
    return value.ok ? { ok: true, value: { field: field as ProgressField, value: value.value } satisfies ProgressSetArgs } : { ...value, field: 'value' };
  },
  *apply(args: ProgressSetArgs, { hlc, localDate }) {
    const outcome = applyProgressSet(yield* use((storage) => storage.dailyProgress.get(localDate)), localDate, args, hlc);
    if (outcome.ok && outcome.changed) yield* use((storage) => storage.dailyProgress.put(outcome.row));
    return outcome;
  },
});
