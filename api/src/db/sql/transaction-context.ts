/**
 * Which transaction an async context runs in (ADR 031), for every port in the process.
 *
 * On Node 20, once an AsyncLocalStorage has run, every promise the process makes pays to carry
 * its store: an await costs 2.3× with one storage enabled and 3× with two, and the API served
 * reads 19% slower for it (ADR 031, "What the async context costs"). So there is one storage, and
 * it is switched off whenever no transaction is open: a server answering reads between writes
 * pays nothing, and a write pays for one storage, not one per port and per unit of work.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { OptimisticAttemptFailed } from './port.ts';

/** A transaction of one port, as the statements run within its work find it. */
export interface TransactionScope {
  /** The port the transaction belongs to: another port's statements run outside it. */
  readonly owner: object;
  /** False once the transaction has ended: a promise made in it may outlive it. */
  open: boolean;
  savepoints: number;
  /** Transactions inside this one run without savepoints; one that fails marks the whole to run again with them. */
  readonly optimistic: boolean;
  /** A transaction inside this optimistic one failed: its writes are mixed with the others', so the whole must roll back. */
  failed: boolean;
  committed: (() => void)[];
  /** What the transaction's units of work keep until its end. */
  readonly locals: Map<object, unknown>;
  /** The transaction of another port this one was opened inside (a copy between databases). */
  readonly outer: TransactionScope | undefined;
}

const context = new AsyncLocalStorage<TransactionScope>();
let running = 0;

/** The open transaction of `owner` the current async context runs in, if any. */
export function openScope<S extends TransactionScope>(owner: object): S | undefined {
  if (running === 0) return undefined;
  for (let scope = context.getStore(); scope; scope = scope.outer) if (scope.owner === owner) return scope.open ? (scope as S) : undefined;
  return undefined;
}

/** A new transaction's scope for `owner`, nested in whatever other port's transaction is running. */
export function newScope<S extends TransactionScope>(owner: object, optimistic: boolean, fields: Omit<S, keyof TransactionScope>): S {
  const scope: TransactionScope = { owner, open: true, savepoints: 0, optimistic, failed: false, committed: [], locals: new Map(), outer: running === 0 ? undefined : context.getStore() };
  return { ...scope, ...fields } as unknown as S;
}

/** Runs `work` with `scope` as its transaction; the storage is switched off when the last one ends. */
export async function runInScope<T>(scope: TransactionScope, work: () => Promise<T>): Promise<T> {
  running += 1;
  try {
    return await context.run(scope, work);
  } finally {
    running -= 1;
    if (running === 0) context.disable();
  }
}

/**
 * A transaction inside `scope`: a savepoint of its own, or in an optimistic transaction the work
 * alone, a failure marking the whole for another attempt (a savepoint costs two statements, on
 * PostgreSQL two round trips, and most writes of a group commit never need theirs).
 */
export async function nestedTransaction<T>(scope: TransactionScope, work: () => Promise<T>, withSavepoint: () => Promise<T>): Promise<T> {
  if (!scope.optimistic) return withSavepoint();
  try {
    return await work();
  } catch (error) {
    scope.failed = true;
    throw error;
  }
}

/** Runs `attempt` optimistically, and once more with savepoints if a transaction inside it failed. */
export async function optimistically<T>(optimistic: boolean, attempt: (optimistic: boolean) => Promise<T>): Promise<T> {
  if (!optimistic) return attempt(false);
  try {
    return await attempt(true);
  } catch (error) {
    if (error instanceof OptimisticAttemptFailed) return attempt(false);
    throw error;
  }
}

/** Whether the storage is on, making every promise carry a context (Node 20's own flag; for the tests). */
export const tracking = (): boolean => (context as unknown as { enabled?: boolean }).enabled === true;
