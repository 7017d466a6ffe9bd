/** `weight.delete`: a weigh-in removed; a tombstone that wins over every correction. */
import { applyWeightDelete } from '../conflict/rules.ts';
import { defineMutator, use } from './mutator.ts';

export interface WeightDeleteArgs {
  id: string;
}

export const weightDelete = defineMutator({
  name: 'weight.delete',
  version: 1,
  tables: ['weightRecords'],
  args: { id: 'uuid' },
  *apply(args: WeightDeleteArgs) {
    const outcome = applyWeightDelete(yield* use((storage) => storage.weightRecords.get(args.id)));
    if (outcome.ok && outcome.changed) yield* use((storage) => storage.weightRecords.put(outcome.row));
    return outcome;
  },
});
