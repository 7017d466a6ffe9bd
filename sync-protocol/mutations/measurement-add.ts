/** `measurement.add`: body measurements taken on the device, keyed by a client UUIDv7 (issue 21). */
import { MEASUREMENT_FIELDS, type BodyMeasurement, type MeasurementField } from '../conflict/rules.ts';
import { notAfter } from './instants.ts';
import { changedResult, defineMutator, refused, unchangedResult, use, type MutatorContext } from './mutator.ts';

/** Lengths in cm and body fat in %; a site not measured is absent or null. */
export type MeasurementAddArgs = { id: string; createdAt: string } & Partial<Record<MeasurementField, number | null>>;

/** At least one site measured: an empty record says nothing and is refused where it is typed. */
export const hasSomeMeasurement = (values: Partial<Record<MeasurementField, number | null>>) =>
  MEASUREMENT_FIELDS.some((field) => values[field] !== undefined && values[field] !== null);

export const measurementAdd = defineMutator({
  name: 'measurement.add',
  version: 1,
  tables: ['bodyMeasurements'],
  args: { id: 'uuid', createdAt: 'instant', waist: 'length?', hip: 'length?', chest: 'length?', arm: 'length?', thigh: 'length?', neck: 'length?', bodyFat: 'bodyFat?' },
  refine: (args: MeasurementAddArgs) => (hasSomeMeasurement(args) ? null : { field: 'waist', key: 'validation.measurementRequired' }),
  *apply(args: MeasurementAddArgs, { now }: MutatorContext) {
    const record: BodyMeasurement = {
      id: args.id,
      createdAt: notAfter(args.createdAt, now),
      waist: args.waist ?? null,
      hip: args.hip ?? null,
      chest: args.chest ?? null,
      arm: args.arm ?? null,
      thigh: args.thigh ?? null,
      neck: args.neck ?? null,
      bodyFat: args.bodyFat ?? null,
      deleted: false,
      hlcs: {},
    };
    const stored = yield* use((storage) => storage.bodyMeasurements.insert(record));
    if (stored === 'taken') return refused('ID_CONFLICT');
    // An id already stored is a replay of this add, or an add after its delete (the delete wins).
    return stored === 'inserted' ? changedResult : unchangedResult;
  },
});
