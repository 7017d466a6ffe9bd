/**
 * The port's contract (ADR 031), held by both implementations: a real SQLite file and a real
 * PostgreSQL database from the test run's throwaway cluster.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../../../test/postgres.ts';
import { DatabaseUnavailableError, UniqueViolationError, type SqlDatabase } from './port.ts';
import { createPostgresPort } from './postgres.ts';
import { createSqlitePort } from './sqlite.ts';
import { tracking } from './transaction-context.ts';

interface Opened {
  db: SqlDatabase;
  close(): Promise<void>;
}

const dialects: [string, () => Promise<Opened>][] = [
  [
    'sqlite',
    async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'port-test-'));
      const sqlite = new Database(path.join(dir, 'test.db'));
      sqlite.pragma('journal_mode = WAL');
      const db = createSqlitePort(sqlite);
      return { db, close: async () => (await db.close(), rmSync(dir, { recursive: true, force: true })) };
    },
  ],
  [
    'postgres',
    async () => {
      const database = await createPostgresDatabase();
      const db = createPostgresPort(database.url);
      return { db, close: async () => (await db.close(), await database.drop()) };
    },
  ],
];

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(dialects)('the database port on %s', (dialect, open) => {
  let opened: Opened;
  let db: SqlDatabase;

  beforeAll(async () => {
    opened = await open();
    db = opened.db;
    // One DDL text for both: SQLite reads `bigint` and `double precision` by affinity.
    await db.run('CREATE TABLE items (id text PRIMARY KEY, at bigint NOT NULL, flag bigint NOT NULL DEFAULT 0, weight double precision, note text)');
    await db.run('CREATE TABLE counter (id bigint PRIMARY KEY, value bigint NOT NULL)');
    await db.run('INSERT INTO counter (id, value) VALUES (1, 0)');
  });
  afterAll(() => opened.close());

  it('names its dialect', () => {
    expect(db.dialect).toBe(dialect);
  });

  it('gives back what it stored: instants as numbers, flags as 0/1, nulls, and a literal question mark', async () => {
    const at = 1_764_400_000_123;
    await db.run('INSERT INTO items (id, at, flag, weight, note) VALUES (?, ?, ?, ?, ?)', ['a', at, 1, 82.4, null]);
    const row = await db.get<{ id: string; at: number; flag: number; weight: number; note: null; mark: string }>("SELECT id, at, flag, weight, note, 'why?' AS mark FROM items WHERE id = ?", ['a']);
    expect(row).toEqual({ id: 'a', at, flag: 1, weight: 82.4, note: null, mark: 'why?' });
    expect(await db.get('SELECT id FROM items WHERE id = ?', ['none'])).toBeUndefined();
    const { total } = (await db.get<{ total: number }>('SELECT count(*) AS total, sum(at) AS summed FROM items'))!;
    expect(total).toBe(1);
  });

  it('counts the rows a write changed, and none for a conflict it was told to ignore', async () => {
    expect(await db.run('INSERT INTO items (id, at) VALUES (?, ?) ON CONFLICT (id) DO NOTHING', ['b', 1])).toEqual({ changes: 1 });
    expect(await db.run('INSERT INTO items (id, at) VALUES (?, ?) ON CONFLICT (id) DO NOTHING', ['b', 2])).toEqual({ changes: 0 });
    expect(await db.run('UPDATE items SET flag = 1 WHERE id IN (?, ?)', ['a', 'b'])).toEqual({ changes: 2 });
  });

  it('reports a taken key as a UniqueViolationError', async () => {
    await expect(db.run('INSERT INTO items (id, at) VALUES (?, ?)', ['a', 3])).rejects.toBeInstanceOf(UniqueViolationError);
  });

  it('commits a transaction that resolves, with its value', async () => {
    const value = await db.transaction(async () => {
      await db.run('INSERT INTO items (id, at) VALUES (?, ?)', ['c', 3]);
      return (await db.get<{ at: number }>('SELECT at FROM items WHERE id = ?', ['c']))?.at;
    });
    expect(value).toBe(3);
    expect(await db.get('SELECT id FROM items WHERE id = ?', ['c'])).toEqual({ id: 'c' });
  });

  it('rolls back the whole transaction that throws', async () => {
    await expect(
      db.transaction(async () => {
        await db.run('INSERT INTO items (id, at) VALUES (?, ?)', ['d', 4]);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await db.get('SELECT id FROM items WHERE id = ?', ['d'])).toBeUndefined();
  });

  it('makes a transaction inside another a savepoint that rolls back alone, and the outer one goes on', async () => {
    await db.transaction(async () => {
      await db.run('INSERT INTO items (id, at) VALUES (?, ?)', ['e', 5]);
      const inner = db.transaction(async () => {
        await db.run('INSERT INTO items (id, at) VALUES (?, ?)', ['f', 6]);
        await db.run('INSERT INTO items (id, at) VALUES (?, ?)', ['e', 7]);
      });
      await expect(inner).rejects.toBeInstanceOf(UniqueViolationError);
      expect(await db.transaction(async () => (await db.run('INSERT INTO items (id, at) VALUES (?, ?)', ['g', 8])).changes)).toBe(1);
    });
    const ids = (await db.all<{ id: string }>("SELECT id FROM items WHERE id IN ('e', 'f', 'g') ORDER BY id")).map(({ id }) => id);
    expect(ids).toEqual(['e', 'g']);
  });

  it('runs the transactions inside an optimistic one as they come, and everything again with savepoints once one of them fails', async () => {
    const attempts: string[][] = [];
    const effects: string[] = [];
    const group = (writes: [string, number][]) =>
      db.transaction(
        async () => {
          const outcomes: string[] = [];
          attempts.push(outcomes);
          for (const [id, at] of writes) {
            try {
              await db.transaction(async () => {
                await db.run('INSERT INTO items (id, at) VALUES (?, ?)', [id, at]);
                db.afterCommit(() => effects.push(`${id}@${at}`));
              });
              outcomes.push('stored');
            } catch (error) {
              outcomes.push(error instanceof UniqueViolationError ? 'taken' : String(error));
            }
          }
          return outcomes;
        },
        { optimistic: true },
      );

    expect(await group([['o1', 1], ['o2', 2]])).toEqual(['stored', 'stored']);
    expect(attempts).toHaveLength(1); // nothing failed: one attempt
    attempts.length = 0;
    expect(await group([['o3', 3], ['o1', 4], ['o4', 5]])).toEqual(['stored', 'taken', 'stored']);
    // The first attempt's writes were mixed in one transaction: it rolled back, the second kept
    // each write apart. Only the committed attempt's effects ran.
    expect(attempts).toHaveLength(2);
    expect(effects).toEqual(['o1@1', 'o2@2', 'o3@3', 'o4@5']);
    const rows = await db.all<{ id: string; at: number }>("SELECT id, at FROM items WHERE id LIKE 'o%' ORDER BY id");
    expect(rows).toEqual([
      { id: 'o1', at: 1 },
      { id: 'o2', at: 2 },
      { id: 'o3', at: 3 },
      { id: 'o4', at: 5 },
    ]);
  });

  it('keeps a statement run meanwhile out of an open transaction: the rollback does not take it along', async () => {
    let inside!: () => void;
    const opened = new Promise<void>((resolve) => (inside = resolve));
    const failing = db.transaction(async () => {
      await db.run('INSERT INTO items (id, at) VALUES (?, ?)', ['h', 9]);
      inside();
      // Breaks the rule on purpose (a transaction awaits only the database) to leave room for a writer.
      await pause(30);
      throw new Error('rolled back');
    });
    await opened;
    const outside = db.run('INSERT INTO items (id, at) VALUES (?, ?)', ['i', 10]);
    await expect(failing).rejects.toThrow('rolled back');
    await outside;
    expect(await db.get('SELECT id FROM items WHERE id = ?', ['h'])).toBeUndefined();
    expect(await db.get('SELECT id FROM items WHERE id = ?', ['i'])).toEqual({ id: 'i' });
  });

  it('runs a statement outside once its transaction has ended, though the promise began inside it', async () => {
    let later: Promise<unknown> = Promise.resolve();
    await db.transaction(async () => {
      later = pause(10).then(() => db.run('INSERT INTO items (id, at) VALUES (?, ?)', ['j', 11]));
    });
    await later;
    expect(await db.get('SELECT id FROM items WHERE id = ?', ['j'])).toEqual({ id: 'j' });
  });

  it('runs an effect after the commit, and never after a rollback', async () => {
    const seen: string[] = [];
    await db.transaction(async () => {
      db.afterCommit(() => seen.push('kept'));
      await db.run('INSERT INTO items (id, at) VALUES (?, ?)', ['k', 12]);
      expect(seen).toEqual([]);
    });
    expect(seen).toEqual(['kept']);
    await expect(
      db.transaction(async () => {
        db.afterCommit(() => seen.push('dropped'));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    db.afterCommit(() => seen.push('at once'));
    expect(seen).toEqual(['kept', 'at once']);
  });

  it('hands out each counter value once to concurrent transactions, in commit order', async () => {
    const taken = await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        db.transaction(async () => {
          const { value } = (await db.get<{ value: number }>('UPDATE counter SET value = value + 1 WHERE id = 1 RETURNING value'))!;
          await db.run('INSERT INTO items (id, at) VALUES (?, ?)', [`v${n}`, value]);
          return value;
        }),
      ),
    );
    expect([...taken].sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, n) => n + 1));
    expect(await db.get('SELECT value FROM counter WHERE id = 1')).toEqual({ value: 12 });
  });

  it('keeps what units of work hold with their transaction: one map through its savepoints, none outside, a new one each time', async () => {
    expect(db.transactionLocals()).toBeUndefined();
    const seen: Map<object, unknown>[] = [];
    const key = {};
    await db.transaction(async () => {
      db.transactionLocals()!.set(key, 'kept');
      await db.transaction(async () => seen.push(db.transactionLocals()!));
      seen.push(db.transactionLocals()!);
    });
    await db.transaction(async () => seen.push(db.transactionLocals()!));
    expect(seen[0]).toBe(seen[1]);
    expect(seen[0]!.get(key)).toBe('kept');
    expect(seen[2]!.has(key)).toBe(false);
  });

  it('carries the async context while a transaction is open and stops once none is: reads between writes pay nothing for it', async () => {
    expect(tracking()).toBe(false);
    await db.transaction(async () => {
      expect(tracking()).toBe(true);
      await db.get('SELECT 1 AS one');
    });
    await Promise.all([db.transaction(() => db.get('SELECT 1 AS one')), db.transaction(() => pause(5))]);
    expect(tracking()).toBe(false);
  });

  it('delivers a notice to the listeners of its channel once its transaction commits, never one rolled back', async () => {
    const heard: string[] = [];
    const stop = db.listen('port_test', { heard: (payload) => heard.push(payload), lost: () => {} });
    const until = async (count: number) => {
      for (let i = 0; i < 200 && heard.length < count; i++) await pause(10);
    };
    // PostgreSQL's listening connection is up once it hears a notice.
    for (let i = 0; i < 100 && heard.length === 0; i++) {
      await db.notify('port_test', 'ready');
      await until(1);
    }
    heard.length = 0;
    await expect(
      db.transaction(async () => {
        await db.notify('port_test', 'dropped');
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await db.transaction(async () => {
      await db.notify('port_test', 'kept');
      await pause(30);
      expect(heard).toEqual([]);
    });
    await until(1);
    await pause(30);
    expect(heard).toEqual(['kept']);
    stop();
    await db.notify('port_test', 'unheard');
    await pause(30);
    expect(heard).toEqual(['kept']);
    expect(() => db.listen('Robert"; DROP TABLE items', { heard: () => {}, lost: () => {} })).toThrow(/not a channel name/);
  });

  it('keeps the transactions of two databases apart, one opened inside the other', async () => {
    const other = createSqlitePort(new Database(':memory:'));
    await other.run('CREATE TABLE copied (id text PRIMARY KEY)');
    await expect(
      db.transaction(async () => {
        await other.transaction(async () => {
          await other.run('INSERT INTO copied (id) VALUES (?)', ['c1']);
          // This database's statement, inside the other's work, still belongs to its own transaction.
          await db.run('INSERT INTO items (id, at) VALUES (?, ?)', ['w1', 13]);
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await db.get('SELECT id FROM items WHERE id = ?', ['w1'])).toBeUndefined();
    expect(await other.get('SELECT id FROM copied')).toEqual({ id: 'c1' });
    await other.close();
  });
});

describe('the database port on PostgreSQL when it fails', () => {
  it('fails with DatabaseUnavailableError, naming the reason', async () => {
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const db = createPostgresPort(`postgres://leve@127.0.0.1:${port}/none`, { connectionTimeoutMillis: 2_000 });
    await expect(db.get('SELECT 1')).rejects.toBeInstanceOf(DatabaseUnavailableError);
    await expect(db.transaction(async () => db.get('SELECT 1'))).rejects.toThrow(/ECONNREFUSED/);
    await db.close();
  });

  it('recovers by itself after a connection is cut in the middle of a transaction, with nothing of it applied', async () => {
    const database = await createPostgresDatabase();
    const db = createPostgresPort(database.url, { max: 2 });
    try {
      await db.run('CREATE TABLE marks (id text PRIMARY KEY)');
      await expect(
        db.transaction(async () => {
          await db.run("INSERT INTO marks (id) VALUES ('cut')");
          await db.run('SELECT pg_terminate_backend(pg_backend_pid())');
        }),
      ).rejects.toBeInstanceOf(DatabaseUnavailableError);
      expect(await db.all('SELECT id FROM marks')).toEqual([]);
      await db.run("INSERT INTO marks (id) VALUES ('after')");
      expect(await db.all('SELECT id FROM marks')).toEqual([{ id: 'after' }]);
    } finally {
      await db.close();
      await database.drop();
    }
  });

  /**
   * Two transactions that each lock one account, wait for the other to lock its own, then want the
   * other's: PostgreSQL picks one as the deadlock victim (40P01). `crossingUpdate` makes that second
   * update. Returns each attempt's first account, after checking both transactions' work committed.
   */
  async function crossAccounts(crossingUpdate: (db: SqlDatabase, update: () => Promise<unknown>) => Promise<unknown>): Promise<string[]> {
    const database = await createPostgresDatabase();
    const db = createPostgresPort(database.url);
    try {
      await db.run('CREATE TABLE accounts (id text PRIMARY KEY, balance bigint NOT NULL)');
      await db.run("INSERT INTO accounts (id, balance) VALUES ('a', 0), ('b', 0)");
      const attempts: string[] = [];
      let ready = 0;
      const bothLocked = async () => {
        ready += 1;
        while (ready < 2) await pause(5);
      };
      const crossing = (first: string, second: string) =>
        db.transaction(async () => {
          attempts.push(first);
          await db.run('UPDATE accounts SET balance = balance + 1 WHERE id = ?', [first]);
          await bothLocked();
          await crossingUpdate(db, () => db.run('UPDATE accounts SET balance = balance + 10 WHERE id = ?', [second]));
        });
      await Promise.all([crossing('a', 'b'), crossing('b', 'a')]);
      expect(await db.all('SELECT id, balance FROM accounts ORDER BY id')).toEqual([
        { id: 'a', balance: 11 },
        { id: 'b', balance: 11 },
      ]);
      return attempts;
    } finally {
      await db.close();
      await database.drop();
    }
  }

  it('runs again a transaction PostgreSQL chose as a deadlock victim: both crossing transactions commit', async () => {
    // The victim must run again once the other has committed.
    expect(await crossAccounts((_db, update) => update())).toHaveLength(3);
  });

  it('runs the whole transaction again when a savepoint inside it is a deadlock victim, rather than committing without that part (a group commit catches each write’s failure)', async () => {
    const failures: unknown[] = [];
    // As a group commit's second pass: the crossing write in a savepoint, its failure caught.
    const attempts = await crossAccounts((db, update) => db.transaction(update).catch((error: unknown) => failures.push(error)));
    expect(failures).toHaveLength(1);
    expect(attempts).toHaveLength(3);
  });

  it('listens again after its listening connection is cut, and tells its listeners they may have missed notices', async () => {
    const database = await createPostgresDatabase();
    const instance = createPostgresPort(database.url);
    const other = createPostgresPort(database.url);
    try {
      const heard: string[] = [];
      let lost = 0;
      instance.listen('cut_test', { heard: (payload) => heard.push(payload), lost: () => (lost += 1) });
      const hears = async (payload: string) => {
        for (let i = 0; i < 300 && !heard.includes(payload); i++) {
          await other.notify('cut_test', payload);
          await pause(10);
        }
        return heard.includes(payload);
      };
      expect(await hears('before')).toBe(true);
      const cut = await other.run("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = 'LISTEN cut_test'");
      expect(cut.changes).toBe(1);
      expect(await hears('after')).toBe(true);
      expect(lost).toBe(1);
    } finally {
      await instance.close();
      await other.close();
      await database.drop();
    }
  });
});
