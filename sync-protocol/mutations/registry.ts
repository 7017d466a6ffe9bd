/**
 * Every synced mutation, each defined once in its own module (docs/adding-a-synced-entity.md).
 * The envelope's names and argument types, the server's push and the device's local writes all
 * come from this list.
 */
import { measurementAdd } from './measurement-add.ts';
import { measurementDelete } from './measurement-delete.ts';
import { measurementUpdate } from './measurement-update.ts';
import { photoAdd } from './photo-add.ts';
import { photoDelete } from './photo-delete.ts';
import { messageDelete } from './message-delete.ts';
import { messageSend } from './message-send.ts';
import { messagesRead } from './messages-read.ts';
import { notificationRead } from './notification-read.ts';
import { progressComplete } from './progress-complete.ts';
import { progressSet } from './progress-set.ts';
import { weightAdd } from './weight-add.ts';
import { weightDelete } from './weight-delete.ts';
import { weightUpdate } from './weight-update.ts';
import type { LATER_MUTATORS } from './later-mutators.ts';

/** The mutators every signed-in page may run: its sync engine replays them on each pull. */
export const CORE_MUTATORS = [weightAdd, weightUpdate, weightDelete, progressSet, progressComplete, notificationRead, measurementAdd, measurementUpdate, measurementDelete, photoAdd, photoDelete, messageSend, messageDelete, messagesRead] as const;

type AnyMutator = (typeof CORE_MUTATORS)[number] | (typeof LATER_MUTATORS)[number];
export type MutationName = AnyMutator['name'];
export type MutationArgs = { [M in AnyMutator as M['name']]: M extends { apply(args: infer A, ...rest: never[]): unknown } ? A : never };

let loaded: readonly AnyMutator[] = CORE_MUTATORS;
let loading: Promise<void> | undefined;
let source: (() => Promise<readonly AnyMutator[]>) | undefined;

/**
 * Where the mutators beyond the core come from (./later-mutators.ts): a page loads them as a
 * chunk of their own (pwa/src/sync/user-data.ts), and the service worker, whose script cannot
 * import one, has them in its bundle (pwa/src/sw.ts).
 */
export function provideMutators(load: () => Promise<readonly AnyMutator[]>): void {
  source = load;
}

/**
 * Makes the mutators of these names available to `mutatorNamed`: the later ones load on demand,
 * with /workout or the check-in's form, or for a pending change of theirs, so that the code every signed-in page loads
 * does not carry them. Called before a local write and before a pull's replay, outside their
 * IndexedDB transactions (which an import in between would end).
 */
export async function loadMutators(names: Iterable<string>): Promise<void> {
  if (!source || [...names].every((name) => loaded.some((mutator) => mutator.name === name))) return;
  loading ??= source().then((more) => void (loaded = [...CORE_MUTATORS, ...more]));
  // A failed load (offline, the chunk not cached) is tried again next time.
  await loading.catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
}

/** The mutator of a name among those loaded (`loadMutators`), or undefined for a name this build does not know. */
export const mutatorNamed = (name: string): AnyMutator | undefined => loaded.find((mutator) => mutator.name === name);
