/**
 * A mutator is a synced mutation written once (ADR 025, docs/adding-a-synced-entity.md): its name,
 * version, argument check and `apply` over a storage port. The PWA runs `apply` on IndexedDB when
 * the user acts and again when it rebases; the server runs the very same `apply` on SQLite inside
 * the push transaction.
 *
 * `apply` is a generator: each read or write of the storage is a `yield* use((storage) => …)`
 * (reads that do not depend on one another, one `yield* useAll(…)`: ./use-all.ts).
 * The server's storage answers synchronously (better-sqlite3 transactions cannot await) and
 * `runMutator` drives it in one go; the device's answers are promises (Dexie) and
 * `runMutatorAsync` awaits each. One body, two drivers, no second copy of the rule.
 */
import type { ErrorCode } from '../errors.ts';
import type { Outcome } from '../conflict/rules.ts';
import type { SyncedRows, SyncedTableName } from '../tables.ts';
import type { MutatorStorage, TableStorage } from './storage.ts';

/** One step of an `apply`: a call on the storage, whose answer is sent back into the generator. */
export type StorageCall = (storage: MutatorStorage) => unknown;

/** The body of an `apply`: yields storage calls, returns what the mutation did. */
export type MutatorRun = Generator<StorageCall, MutatorResult, unknown>;

/** Applied (and whether anything changed: a replay is applied and changes nothing), or refused. */
export type MutatorResult = { ok: true; changed: boolean } | { ok: false; code: ErrorCode };

export const changedResult: MutatorResult = { ok: true, changed: true };
export const unchangedResult: MutatorResult = { ok: true, changed: false };
export const refused = (code: ErrorCode): MutatorResult => ({ ok: false, code });

/** What an `apply` knows besides its arguments: the envelope's stamps and where it runs. */
export interface MutatorContext {
  /** The write's HLC (on the server: the device's, re-stamped when it ran ahead of the server's clock). */
  hlc: string;
  /** The device's calendar day when the user acted. */
  localDate: string;
  /** Now, on the clock of the side that runs it (ms since the epoch). */
  now: number;
}

/** The storage tables a mutator reads or writes (the device's IndexedDB transaction covers them). */
export type MutatorTable = keyof MutatorStorage;

/**
 * The rule of one argument, by name (./fields.ts holds each rule; the server's parse applies them,
 * the device's bundle carries only these names): a trailing `?` lets it be absent, a list is the
 * values allowed, a function picks the rule from the other arguments.
 */
export type ArgRule = 'uuid' | 'weight' | 'weightOrNone' | 'notes' | 'instant' | 'boolean' | 'level' | 'profileFields' | 'length' | 'bodyFat' | 'photoBytes' | 'thumbnailBytes' | 'pixels' | 'messageBody' | 'messageCaption' | 'messagePhoto' | 'localDate' | 'checkInAnswers' | 'reps' | 'load' | 'setSeconds' | 'position' | 'weekday' | 'exerciseName' | 'prescription';
export type ArgSchema = ArgRule | `${ArgRule}?` | readonly string[];
export type ArgsSchema<A> = { readonly [K in keyof A]-?: ArgSchema | ((args: Record<string, unknown>) => ArgSchema) };

export interface Mutator<N extends string = string, A = unknown> {
  name: N;
  /** The version a device writes today. */
  version: number;
  /**
   * Older versions still sent by devices that have not updated: `upgrade[v]` turns version v's
   * arguments into version v + 1's, until `version` is reached (then they are checked as usual).
   */
  upgrade?: Readonly<Record<number, (args: Record<string, unknown>) => Record<string, unknown>>>;
  tables: readonly MutatorTable[];
  /** Each argument's rule; arguments not named here are dropped. */
  args: NoInfer<ArgsSchema<A>>;
  /** A rule across arguments, once each has passed its own: the failing field and its key, or null. */
  refine?: (args: NoInfer<A>) => { field: string; key: string } | null;
  apply(args: A, context: MutatorContext): MutatorRun;
}

export const defineMutator = <N extends string, A>(mutator: Mutator<N, A>): Mutator<N, A> => mutator;

/** One storage call inside an `apply`, typed by what the synchronous port returns. */
export function* use<T>(call: (storage: MutatorStorage) => T): Generator<StorageCall, T, unknown> {
  return (yield call) as T;
}

/**
 * The usual body: read one row of a synced table, let the merge rule decide, write the row back
 * only if the rule changed it. The rule's refusal or outcome is the mutation's result.
 */
export function* update<N extends SyncedTableName>(
  table: N,
  key: string,
  rule: (current: SyncedRows[N] | undefined) => Outcome<SyncedRows[N]>,
): Generator<StorageCall, MutatorResult, unknown> {
  const outcome = rule((yield (storage) => storage[table].get(key)) as SyncedRows[N] | undefined);
  if (outcome.ok && outcome.changed) yield (storage) => (storage[table] as TableStorage<SyncedRows[N]>).put(outcome.row);
  return outcome;
}

/** Runs an `apply` on a synchronous storage (the server's, inside its transaction). */
export function runMutator(run: MutatorRun, storage: MutatorStorage): MutatorResult {
  let step = run.next();
  while (!step.done) step = run.next(step.value(storage));
  return step.value;
}

/** A storage port whose calls answer with promises (the device's IndexedDB). */
export type AsyncMutatorStorage = {
  [T in keyof MutatorStorage]: { [M in keyof MutatorStorage[T]]: MutatorStorage[T][M] extends (...args: infer P) => infer R ? (...args: P) => Promise<R> : never };
};

/** Runs an `apply` on an asynchronous storage, awaiting each call in turn. */
export async function runMutatorAsync(run: MutatorRun, storage: AsyncMutatorStorage): Promise<MutatorResult> {
  // Each call is awaited: the port's methods are the synchronous ones with promised answers.
  const port = storage as unknown as MutatorStorage;
  let step = run.next();
  while (!step.done) step = run.next(await step.value(port));
  return step.value;
}
