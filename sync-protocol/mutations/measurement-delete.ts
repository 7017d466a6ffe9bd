/** `measurement.delete`: body measurements removed; a tombstone that wins over every correction. */
import { applyMeasurementDelete } from '../conflict/rules.ts';
import { defineMutator, update } from './mutator.ts';

export interface MeasurementDeleteArgs {
  id: string;
}

export const measurementDelete = defineMutator({
  name: 'measurement.delete',
  version: 1,
  tables: ['bodyMeasurements'],
  args: { id: 'uuid' },
  *apply(args: MeasurementDeleteArgs) {
    return yield* update('bodyMeasurements', args.id, applyMeasurementDelete);
  },
});
