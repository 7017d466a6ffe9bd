/** `weight.update`: a correction of a weigh-in, each field last-writer-wins by HLC (ADR 015). */
import { applyWeightUpdate } from '../conflict/rules.ts';
import { checkNotes, checkUuid, checkWeight } from './fields.ts';
import { defineMutator, use } from './mutator.ts';

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
  check(args) {
    const id = checkUuid(args.id);
    if (!id.ok) return { ...id, field: 'id' };
    const value: WeightUpdateArgs = { id: id.value };
    if (args.weight !== undefined) {
      const weight = checkWeight(args.weight);
      if (!weight.ok) return { ...weight, field: 'weight' };
      value.weight = weight.value;
    }
    if (args.notes !== undefined) {
      const notes = checkNotes(args.notes);
      if (!notes.ok) return { ...notes, field: 'notes' };
      value.notes = notes.value;
    }
    // A correction changes something: the weight, the notes (null takes them away) or both.
    if (value.weight === undefined && value.notes === undefined) return { ok: false, key: 'validation.weightRequired', field: 'weight' };
    return { ok: true, value };
  },
  *apply(args: WeightUpdateArgs, { hlc }) {
    const outcome = applyWeightUpdate(yield* use((storage) => storage.weightRecords.get(args.id)), args, hlc);
    if (outcome.ok && outcome.changed) yield* use((storage) => storage.weightRecords.put(outcome.row));
    return outcome;
  },
});
