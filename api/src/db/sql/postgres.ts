/**
 * The port on PostgreSQL (ADR 031), through node-postgres' pool. Each SQL text is numbered once
 * (`?` → `$n`) and run as a named prepared statement, which each connection plans once. `bigint`
 * and `numeric` come back as JavaScript numbers: the schema keeps instants in milliseconds and
 * money in minor units, all far below 2^53, so rows read the same as from SQLite.
 */
import pg from 'pg';
import { numberPlaceholders } from './placeholders.ts';
import { checkChannel, DatabaseUnavailableError, UniqueViolationError, OptimisticAttemptFailed, type SqlDatabase, type SqlValue, type TransactionOptions } from './port.ts';
import { createChannels } from './channels.ts';
import { nestedTransaction, newScope, openScope, optimistically, runInScope, type TransactionScope } from './transaction-context.ts';

const INT8 = 20;
const NUMERIC = 1700;

const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8 || oid === NUMERIC) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  },
};

/** A deadlock's victim or a serialization failure: the transaction rolled back and may simply run again, a few times. */
const RETRYABLE = new Set(['40P01', '40001']);
const MAX_ATTEMPTS = 4;
const isRetryable = (error: unknown) => RETRYABLE.has((error as { code?: unknown } | null)?.code as string);

/** How long a broken listening connection waits before it connects again. */
const LISTEN_RETRY_MS = 1000;

/** Past this many distinct texts, statements run unnamed: a server plans at most this many per connection. */
const MAX_NAMED_STATEMENTS = 1000;

const UNREACHABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE', 'EHOSTUNREACH', '57P01', '57P02', '57P03', '53300']);

/** Socket codes and SQLSTATEs (class 08, shutdowns, too many connections) that say the database is out of reach, not that the statement is wrong. */
function isUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && (code.startsWith('08') || UNREACHABLE.has(code))) return true;
  const message = error instanceof Error ? error.message : '';
  return /Connection terminated|connection timeout|Client has encountered a connection error/i.test(message);
}

function translateError(error: unknown): unknown {
  if ((error as { code?: unknown } | null)?.code === '23505') return new UniqueViolationError(error);
  if (isUnavailable(error)) return new DatabaseUnavailableError(error);
  return error;
}

export interface PostgresOptions {
  /** Connections in the pool. */
  max?: number;
  /** How long a request waits for a connection before the database counts as unavailable. */
  connectionTimeoutMillis?: number;
  /**
   * Run-time parameters each connection of the pool starts with (`-c name=value`), e.g. the crash
   * test's halt (db/test-halt.ts). Values may not hold spaces or backslashes.
   */
  settings?: Record<string, string>;
}

function startupOptions(settings: Record<string, string>): string | undefined {
  const entries = Object.entries(settings);
  for (const [name, value] of entries) if (!/^[\w.]+$/.test(name) || /[\s\\]/.test(value)) throw new Error(`not a connection setting: ${name}`);
  return entries.length === 0 ? undefined : entries.map(([name, value]) => `-c ${name}=${value}`).join(' ');
}

/** A transaction holds one connection of the pool until its end. */
interface Scope extends TransactionScope {
  readonly client: pg.PoolClient;
  /**
   * A deadlock or serialization failure met inside a savepoint. Its caller may carry on (a group
   * commit answers that one write as failed), but the error says only that this transaction lost
   * a race: the whole runs again, as if the error had reached the top.
   */
  conflict: unknown;
}

export function createPostgresPort(url: string, options: PostgresOptions = {}): SqlDatabase & { pool: pg.Pool } {
  const pool = new pg.Pool({
    connectionString: url,
    types,
    max: options.max ?? 10,
    connectionTimeoutMillis: options.connectionTimeoutMillis ?? 10_000,
    options: startupOptions(options.settings ?? {}),
  });
  // An idle connection that breaks emits here; without a listener it would end the process. The
  // next query takes another connection.
  pool.on('error', () => {});
  const owner = {};
  let closing: Promise<void> | undefined;

  /**
   * One connection, outside the pool, LISTENs to every channel this process hears (ADR 031). When
   * it breaks, another is made a second later, and the listeners are told they may have missed
   * something.
   */
  const channels = createChannels();
  let listening: pg.Client | undefined;
  function startListening(afterLoss: boolean): void {
    const client = new pg.Client({ connectionString: url });
    let over = false;
    const broken = () => {
      if (over) return;
      over = true;
      listening = undefined;
      client.end().catch(() => {});
      if (closing) return;
      setTimeout(() => {
        if (!closing && !listening) startListening(true);
      }, LISTEN_RETRY_MS).unref();
    };
    client.on('notification', ({ channel, payload }) => channels.deliver(channel, payload ?? ''));
    client.on('error', broken);
    client.on('end', broken);
    listening = client;
    client
      .connect()
      .then(async () => {
        for (const name of channels.names()) await client.query(`LISTEN ${name}`);
        if (afterLoss) channels.lost();
      })
      .catch(broken);
  }

  const texts = new Map<string, { name: string | undefined; text: string }>();
  const statement = (sql: string) => {
    let known = texts.get(sql);
    if (!known) texts.set(sql, (known = { name: texts.size < MAX_NAMED_STATEMENTS ? `s${texts.size}` : undefined, text: numberPlaceholders(sql) }));
    return known;
  };

  async function query<T>(sql: string, params: readonly SqlValue[] = [], client: pg.Pool | pg.PoolClient = scopedClient()): Promise<pg.QueryResult<T & pg.QueryResultRow>> {
    const { name, text } = statement(sql);
    try {
      return await client.query<T & pg.QueryResultRow>({ name, text, values: params as SqlValue[] });
    } catch (error) {
      throw translateError(error);
    }
  }

  function scopedClient(): pg.Pool | pg.PoolClient {
    return openScope<Scope>(owner)?.client ?? pool;
  }

  async function savepoint<T>(current: Scope, work: () => Promise<T>): Promise<T> {
    const name = `sp${++current.savepoints}`;
    await query(`SAVEPOINT ${name}`, [], current.client);
    try {
      const value = await work();
      await query(`RELEASE SAVEPOINT ${name}`, [], current.client);
      return value;
    } catch (error) {
      if (!(error instanceof DatabaseUnavailableError)) await query(`ROLLBACK TO SAVEPOINT ${name}`, [], current.client);
      if (isRetryable(error)) current.conflict ??= error;
      throw error;
    } finally {
      current.savepoints -= 1;
    }
  }

  /** One attempt of a transaction (or two, optimistically: `optimistically`). */
  function once<T>(work: () => Promise<T>, optimistic: boolean): Promise<T> {
    return optimistically(optimistic, async (optimistic) => {
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (error) {
        throw translateError(error);
      }
      const opened = newScope<Scope>(owner, optimistic, { client, conflict: undefined });
      let broken: Error | undefined;
      try {
        await query('BEGIN', [], client);
        const value = await runInScope(opened, work);
        if (opened.conflict) throw opened.conflict;
        if (opened.failed) throw new OptimisticAttemptFailed();
        await query('COMMIT', [], client);
        opened.open = false;
        for (const effect of opened.committed) effect();
        return value;
      } catch (error) {
        if (error instanceof DatabaseUnavailableError) broken = error;
        else await client.query('ROLLBACK').catch((rollbackError: unknown) => (broken = rollbackError as Error));
        throw error;
      } finally {
        opened.open = false;
        // A connection that failed mid-transaction is closed rather than handed to the next request.
        client.release(broken);
      }
    });
  }

  return {
    dialect: 'postgres',
    pool,
    all: async <T>(sql: string, params?: readonly SqlValue[]) => (await query<T>(sql, params)).rows as T[],
    get: async <T>(sql: string, params?: readonly SqlValue[]) => (await query<T>(sql, params)).rows[0] as T | undefined,
    run: async (sql, params) => ({ changes: (await query(sql, params)).rowCount ?? 0 }),

    async transaction<T>(work: () => Promise<T>, options?: TransactionOptions): Promise<T> {
      const current = openScope<Scope>(owner);
      if (current) return nestedTransaction(current, work, () => savepoint(current, work));
      for (let attempt = 1; ; attempt++) {
        try {
          return await once(work, options?.optimistic === true);
        } catch (error) {
          // Rolled back whole: its work, database work only, runs again.
          if (attempt < MAX_ATTEMPTS && isRetryable(error)) continue;
          throw error;
        }
      }
    },

    afterCommit(effect) {
      const current = openScope(owner);
      if (current) current.committed.push(effect);
      else effect();
    },

    inOptimisticAttempt: () => openScope(owner)?.optimistic === true,

    transactionLocals: () => openScope(owner)?.locals,

    // In a transaction, PostgreSQL holds the notification until the commit, and drops it on a rollback.
    notify: async (channel, payload) => void (await query('SELECT pg_notify(?, ?)', [checkChannel(channel), payload])),
    listen: (channel, listener) =>
      channels.listen(channel, listener, () => {
        if (!listening) startListening(false);
        // Queued until the connection is up; a LISTEN repeated after it is harmless.
        else listening.query(`LISTEN ${channel}`).catch(() => {});
      }),

    // Once: a second call (a test's teardown after a test closed it) waits for the same end.
    close() {
      if (!closing) {
        const listener = listening;
        closing = (async () => {
          await listener?.end().catch(() => {});
          await pool.end();
        })();
      }
      return closing;
    },
  };
}
