/**
 * The port on SQLite (ADR 031): better-sqlite3's synchronous answers as promises, each SQL text
 * prepared once. One connection means one transaction at a time, and a statement run meanwhile
 * from outside it would land inside it: so while one is open, the statements of every other
 * async context wait their turn in a FIFO lock. With none open, a statement runs at once.
 */
import type Database from 'better-sqlite3';
import { checkChannel, UniqueViolationError, OptimisticAttemptFailed, type SqlDatabase, type SqlValue, type TransactionOptions } from './port.ts';
import { createChannels } from './channels.ts';
import { nestedTransaction, newScope, openScope, optimistically, runInScope, type TransactionScope } from './transaction-context.ts';

type Statement = Database.Statement<SqlValue[]>;

function translateError(error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') return new UniqueViolationError(error);
  return error;
}

export function createSqlitePort(sqlite: Database.Database): SqlDatabase {
  const statements = new Map<string, Statement>();
  const prepare = (sql: string): Statement => {
    let statement = statements.get(sql);
    if (!statement) statements.set(sql, (statement = sqlite.prepare<SqlValue[]>(sql)));
    return statement;
  };
  const owner = {};
  // One process serves the file (ADR 031): what it sends, only it hears.
  const channels = createChannels();

  let locked = false;
  const waiting: (() => void)[] = [];
  const acquire = (): Promise<void> | void => {
    if (!locked) {
      locked = true;
      return;
    }
    return new Promise<void>((resolve) => waiting.push(resolve));
  };
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else locked = false;
  };

  /** Runs a statement: at once inside the open transaction or with none open, else after it ends. */
  async function execute<T>(statement: () => T): Promise<T> {
    if (!locked || openScope(owner)) {
      try {
        return statement();
      } catch (error) {
        throw translateError(error);
      }
    }
    await acquire();
    try {
      return statement();
    } catch (error) {
      throw translateError(error);
    } finally {
      release();
    }
  }

  async function savepoint<T>(current: TransactionScope, work: () => Promise<T>): Promise<T> {
    const name = `sp${++current.savepoints}`;
    sqlite.exec(`SAVEPOINT ${name}`);
    try {
      const value = await work();
      sqlite.exec(`RELEASE ${name}`);
      return value;
    } catch (error) {
      if (sqlite.inTransaction) sqlite.exec(`ROLLBACK TO ${name}; RELEASE ${name}`);
      throw error;
    } finally {
      current.savepoints -= 1;
    }
  }

  // Spread, not an array: better-sqlite3 reads an array element by element through V8's API.
  return {
    dialect: 'sqlite',
    all: <T>(sql: string, params: readonly SqlValue[] = []) => execute(() => prepare(sql).all(...params) as T[]),
    get: <T>(sql: string, params: readonly SqlValue[] = []) => execute(() => prepare(sql).get(...params) as T | undefined),
    run: (sql, params = []) => execute(() => ({ changes: prepare(sql).run(...params).changes })),

    async transaction<T>(work: () => Promise<T>, options?: TransactionOptions): Promise<T> {
      const current = openScope(owner);
      if (current) return nestedTransaction(current, work, () => savepoint(current, work));
      return optimistically(options?.optimistic === true, async (optimistic) => {
        await acquire();
        const opened = newScope(owner, optimistic, {});
        try {
          sqlite.exec('BEGIN IMMEDIATE');
          try {
            const value = await runInScope(opened, work);
            if (opened.failed) throw new OptimisticAttemptFailed();
            sqlite.exec('COMMIT');
            opened.open = false;
            for (const effect of opened.committed) effect();
            return value;
          } catch (error) {
            // A failed COMMIT or a full disk may have rolled back already.
            if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
            throw translateError(error);
          }
        } finally {
          opened.open = false;
          release();
        }
      });
    },

    afterCommit(effect) {
      const current = openScope(owner);
      if (current) current.committed.push(effect);
      else effect();
    },

    inOptimisticAttempt: () => openScope(owner)?.optimistic === true,

    transactionLocals: () => openScope(owner)?.locals,

    // As PostgreSQL's NOTIFY: sent in a transaction, heard at its commit, never after a rollback.
    async notify(channel, payload) {
      checkChannel(channel);
      this.afterCommit(() => channels.deliver(channel, payload));
    },
    listen: (channel, listener) => channels.listen(channel, listener),

    async close() {
      await acquire();
      try {
        sqlite.close();
      } finally {
        release();
      }
    },
  };
}
