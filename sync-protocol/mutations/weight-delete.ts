/** `weight.delete`: a weigh-in removed; a tombstone that wins over every correction. */
import { applyWeightDelete } from '../conflict/rules.ts';
import { defineMutator, update } from './mutator.ts';

export interface WeightDeleteArgs {
  id: string;
}

export const weightDelete = defineMutator({
  name: 'weight.delete',
  version: 1,
  tables: ['weightRecords'],
  args: { id: 'uuid' },
  *apply(args: WeightDeleteArgs) {
    return yield* update('weightRecords', args.id, applyWeightDelete);
  },
});
