/** `weight.add`: a weigh-in recorded on the device, keyed by a client UUIDv7 (SPEC §5, ADR 015). */
import { notAfter } from './instants.ts';
import { changedResult, defineMutator, refused, unchangedResult, type MutatorContext } from './mutator.ts';
import type { MutatorStorage, TableStorage } from './storage.ts';

export interface WeightAddArgs {
  id: string;
  weight: number;
  notes: string | null;
  createdAt: string;
}

export const weightAdd = defineMutator({
  name: 'weight.add',
  version: 1,
  tables: ['weightRecords'],
  args: { id: 'uuid', weight: 'weight', notes: 'notes', createdAt: 'instant' },
  *apply(args: WeightAddArgs, { now }: MutatorContext) {
    const record = { id: args.id, weight: args.weight, notes: args.notes, createdAt: notAfter(args.createdAt, now), deleted: false, hlcs: {} };
    // Insert first, look only when the id exists: a push is mostly new weigh-ins.
    // A plain `yield` (not `yield* use(…)`): the one call of the push's most common mutation, where
    // a delegated generator per weigh-in was measurable (ADR 025).
    const stored = (yield (storage: MutatorStorage) => storage.weightRecords.insert(record)) as ReturnType<TableStorage<unknown>['insert']>;
    if (stored === 'taken') return refused('ID_CONFLICT');
    // An id already stored is a replay of this add, or an add after its delete (the delete wins).
    return stored === 'inserted' ? changedResult : unchangedResult;
  },
});
