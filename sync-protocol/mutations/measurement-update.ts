/** `measurement.update`: a correction of body measurements, each site last-writer-wins by HLC. */
import { applyMeasurementUpdate, type MeasurementField } from '../conflict/rules.ts';
import { defineMutator, update, type MutatorContext } from './mutator.ts';

/** The sites given are corrected; `null` takes a site's value away. */
export type MeasurementUpdateArgs = { id: string } & Partial<Record<MeasurementField, number | null>>;

export const measurementUpdate = defineMutator({
  name: 'measurement.update',
  version: 1,
  tables: ['bodyMeasurements'],
  args: { id: 'uuid', waist: 'length?', hip: 'length?', chest: 'length?', arm: 'length?', thigh: 'length?', neck: 'length?', bodyFat: 'bodyFat?' },
  // A correction changes something.
  refine: (args: MeasurementUpdateArgs) => (Object.keys(args).length > 1 ? null : { field: 'waist', key: 'validation.measurementRequired' }),
  *apply(args: MeasurementUpdateArgs, { hlc }: MutatorContext) {
    return yield* update('bodyMeasurements', args.id, (record) => applyMeasurementUpdate(record, args, hlc));
  },
});
