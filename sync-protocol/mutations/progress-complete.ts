/** `progress.complete`: the device's day marked complete; never undone (SPEC §5). */
import { applyProgressComplete } from '../conflict/rules.ts';
import { defineMutator, update, type MutatorContext } from './mutator.ts';

export type ProgressCompleteArgs = Record<string, never>;

export const progressComplete = defineMutator({
  name: 'progress.complete',
  version: 1,
  tables: ['dailyProgress'],
  args: {},
  *apply(_args: ProgressCompleteArgs, { hlc, localDate }: MutatorContext) {
    return yield* update('dailyProgress', localDate, (day) => applyProgressComplete(day, localDate, hlc));
  },
});
