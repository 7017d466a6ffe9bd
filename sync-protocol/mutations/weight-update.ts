/** `weight.update`: a correction of a weigh-in, each field last-writer-wins by HLC (ADR 015). */
import { applyWeightUpdate } from '../conflict/rules.ts';
import { defineMutator, update, type MutatorContext } from './mutator.ts';

/** The fields given are corrected; `notes: null` takes the notes away. */
export interface WeightUpdateArgs {
  id: string;
  weight?: number;
  notes?: string | null;
}

export const weightUpdate = defineMutator({
  name: 'weight.update',
  version: 1,
  tables: ['weightRecords'],
  args: { id: 'uuid', weight: 'weight?', notes: 'notes?' },
  // A correction changes something: the weight, the notes (null takes them away) or both.
  refine: (args: WeightUpdateArgs) => (args.weight === undefined && args.notes === undefined ? { field: 'weight', key: 'validation.weightRequired' } : null),
  *apply(args: WeightUpdateArgs, { hlc }: MutatorContext) {
    return yield* update('weightRecords', args.id, (record) => applyWeightUpdate(record, args, hlc));
  },
});
