/**
 * The mutation envelope and every mutation's name and arguments (ARCHITECTURE §3), without the
 * validation: the PWA's sync engine needs these names and types but not the yup schemas that
 * ./index.ts checks arguments with, so its chunk stays free of yup.
 */
import type { ProfileUpdateInput } from '../schemas/clients.ts';

/** Bumped when a mutation's arguments change shape; the server keeps accepting older versions. */
export const MUTATION_VERSION = 1;
/** The most mutations one push carries. */
export const MAX_PUSH_BATCH = 1000;

export const PROGRESS_FIELDS = ['workoutCompleted', 'dietFollowed', 'mood', 'energy'] as const;
export type ProgressField = (typeof PROGRESS_FIELDS)[number];

export interface MutationArgs {
  'weight.add': { id: string; weight: number; notes: string | null; createdAt: string };
  /** A correction of a record (ADR 015): the fields given, each last-writer-wins by HLC. */
  'weight.update': { id: string; weight?: number; notes?: string | null };
  'weight.delete': { id: string };
  'progress.set': { field: ProgressField; value: boolean | number };
  'progress.complete': Record<string, never>;
  'profile.update': { fields: ProfileUpdateInput };
  'notification.read': { id: string };
}
export type MutationName = keyof MutationArgs;
export const MUTATION_NAMES = ['weight.add', 'weight.update', 'weight.delete', 'progress.set', 'progress.complete', 'profile.update', 'notification.read'] as const satisfies readonly MutationName[];

export interface Envelope<N extends MutationName = MutationName> {
  deviceId: string;
  /** Per device, strictly increasing from 1: the server's idempotency key with deviceId. */
  seq: number;
  /** UUIDv7 of this mutation. */
  id: string;
  name: N;
  version: number;
  args: MutationArgs[N];
  /** Hybrid logical clock at the moment of the action: orders concurrent writes. */
  hlc: string;
  /** The calendar day (YYYY-MM-DD) on the device when the action happened. */
  localDate: string;
  timeZone: string;
}
export type Mutation = { [N in MutationName]: Envelope<N> }[MutationName];
