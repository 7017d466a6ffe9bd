/**
 * `useAll`: reads that do not depend on one another, in one step of an `apply` (./mutator.ts). Its
 * own module, not mutator.ts, so that its bytes load with the mutators that use it (the workout's,
 * on demand) rather than with every signed-in page (ADR 030).
 */
import type { StorageCall } from './mutator.ts';
import type { MutatorStorage } from './storage.ts';

/**
 * The answers come in the calls' order. On the device they go out together in its IndexedDB
 * transaction (one round trip for all, not one each); the server, which answers at once, makes
 * them one after another.
 */
export function* useAll<T extends unknown[]>(...calls: { [K in keyof T]: (storage: MutatorStorage) => T[K] }): Generator<StorageCall, T, unknown> {
  return (yield (storage) => {
    const answers = calls.map((call) => call(storage));
    // The device's answers are promises (Dexie's own, so not `instanceof Promise`): awaited as one.
    return typeof (answers[0] as PromiseLike<unknown> | undefined)?.then === 'function' ? Promise.all(answers) : answers;
  }) as T;
}
