/**
 * The database port (ADR 031): what services and repositories use, whichever database runs
 * underneath. SQL is text with `?` placeholders, written in the dialect SQLite and PostgreSQL
 * both accept; rows come back with the same values from either (flags 0/1, instants as epoch
 * milliseconds, JSON as text).
 *
 * The open transaction travels with the async context: a statement run anywhere within
 * `transaction(work)`'s calls joins it, and a `transaction` inside another is a savepoint, as
 * better-sqlite3's nested transactions were.
 */

/** A value a statement takes or a row holds. */
export type SqlValue = string | number | null;

export type SqlDialect = 'sqlite' | 'postgres';

export interface ChannelListener {
  heard(payload: string): void;
  lost(): void;
}

/** A channel's name, safe to write into LISTEN. */
export function checkChannel(channel: string): string {
  if (!/^[a-z_]{1,63}$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  return channel;
}

export interface TransactionOptions {
  /**
   * For a transaction made of many small ones (a group commit): those inside it run without
   * savepoints, and if any of them fails, everything rolls back and `work` runs again with them.
   * `work` must then be safe to run twice (database work only, as every transaction's). Ignored
   * inside another transaction.
   */
  optimistic?: boolean;
}

export interface SqlDatabase {
  readonly dialect: SqlDialect;
  /** Every row the statement returns. */
  all<T>(sql: string, params?: readonly SqlValue[]): Promise<T[]>;
  /** The first row, or undefined. */
  get<T>(sql: string, params?: readonly SqlValue[]): Promise<T | undefined>;
  /** A write: how many rows it changed. */
  run(sql: string, params?: readonly SqlValue[]): Promise<{ changes: number }>;
  /**
   * Runs `work` in one transaction: committed when it resolves, rolled back when it throws. Inside
   * another transaction, a savepoint that rolls back alone. The work does database work only
   * (ADR 031): it awaits nothing but the database.
   */
  transaction<T>(work: () => Promise<T>, options?: TransactionOptions): Promise<T>;
  /**
   * Runs `effect` once the open transaction has committed (at once with none open), and never if
   * it rolls back: what tells the world of a write (a live-update poke) waits until the write is
   * there to be read.
   */
  afterCommit(effect: () => void): void;
  /**
   * Whether the open transaction is an optimistic attempt (`TransactionOptions`): a write may then
   * be answered before it is stored, as long as it is stored by the end, and a wrong answer throws
   * `OptimisticAttemptFailed` to run everything again the careful way.
   */
  inOptimisticAttempt(): boolean;
  /**
   * What the open transaction's units of work keep until its end (the sync versions counted in
   * memory), or undefined with none open.
   */
  transactionLocals(): Map<object, unknown> | undefined;
  /**
   * Tells every process serving this database of `payload` on `channel` (`listen`), this one
   * included: in-process on SQLite, whose file one process serves; PostgreSQL's NOTIFY, which
   * reaches every instance. Sent in a transaction, it is heard once that commits, never after a
   * rollback. A channel is lower-case letters and underscores.
   */
  notify(channel: string, payload: string): Promise<void>;
  /**
   * Hears what any process sends on `channel`. `lost` is called when some may have been missed
   * (the listening connection broke and is back), so the listener can catch up. Returns the call
   * that stops listening.
   */
  listen(channel: string, listener: ChannelListener): () => void;
  /** Closes once the open transactions have ended. */
  close(): Promise<void>;
}

/** A unique key or primary key already held the value written. */
export class UniqueViolationError extends Error {
  constructor(cause: unknown) {
    super('unique constraint violated', { cause });
    this.name = 'UniqueViolationError';
  }
}

/** The database cannot be reached now; the request may be retried (503 with Retry-After). */
export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`database unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'DatabaseUnavailableError';
  }
}

/**
 * An optimistic attempt cannot stand (a transaction inside it failed, or a write answered ahead
 * found it was wrong): the port rolls it back and runs the work again with savepoints.
 */
export class OptimisticAttemptFailed extends Error {
  constructor() {
    super('an optimistic attempt failed: it runs again with savepoints');
    this.name = 'OptimisticAttemptFailed';
  }
}
