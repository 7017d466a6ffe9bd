/**
 * The mutation envelope (ARCHITECTURE §3) around the arguments of one of the mutators
 * (./registry.ts), without yup: the PWA's sync engine needs these names and types but not the
 * profile schema that ./index.ts also checks arguments with, so its chunk stays free of yup.
 */
import type { MutationArgs, MutationName } from './registry.ts';

export { loadMutators, mutatorNamed, provideMutators, type MutationArgs, type MutationName } from './registry.ts';
export { PROGRESS_FIELDS, type ProgressField } from './progress-set.ts';

/** The most mutations one push carries. */
export const MAX_PUSH_BATCH = 1000;

export interface Envelope<N extends MutationName = MutationName> {
  deviceId: string;
  /** Per device, strictly increasing from 1: the server's idempotency key with deviceId. */
  seq: number;
  /** UUIDv7 of this mutation. */
  id: string;
  name: N;
  /** The mutator's version the device wrote it with; older ones are upgraded on arrival. */
  version: number;
  args: MutationArgs[N];
  /** Hybrid logical clock at the moment of the action: orders concurrent writes. */
  hlc: string;
  /** The calendar day (YYYY-MM-DD) on the device when the action happened. */
  localDate: string;
  timeZone: string;
}
export type Mutation = { [N in MutationName]: Envelope<N> }[MutationName];
