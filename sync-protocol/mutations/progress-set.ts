/** `progress.set`: one habit of the device's day (SPEC §5), last-writer-wins by HLC. */
import { applyProgressSet } from '../conflict/rules.ts';
import { defineMutator, update, type MutatorContext } from './mutator.ts';

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
  args: { field: PROGRESS_FIELDS, value: (args: Record<string, unknown>) => (args.field === 'mood' || args.field === 'energy' ? 'level' : 'boolean') },
  *apply(args: ProgressSetArgs, { hlc, localDate }: MutatorContext) {
    return yield* update('dailyProgress', localDate, (day) => applyProgressSet(day, localDate, args, hlc));
  },
});
