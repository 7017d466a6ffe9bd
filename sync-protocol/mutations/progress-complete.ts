/** `progress.complete`: the device's day marked complete; never undone (SPEC §5). */
import { applyProgressComplete } from '../conflict/rules.ts';
import { defineMutator, use, type MutatorContext } from './mutator.ts';

export type ProgressCompleteArgs = Record<string, never>;

export const progressComplete = defineMutator({
  name: 'progress.complete',
  version: 1,
  tables: ['dailyProgress'],
  args: {},
  *apply(_args: ProgressCompleteArgs, { hlc, localDate }: MutatorContext) {
    const outcome = applyProgressComplete(yield* use((storage) => storage.dailyProgress.get(localDate)), localDate, hlc);
    if (outcome.ok && outcome.changed) yield* use((storage) => storage.dailyProgress.put(outcome.row));
    return outcome;
  },
});
