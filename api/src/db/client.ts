import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import * as schema from './schema/index.ts';
import type { SqlDatabase } from './sql/port.ts';
import { createPostgresPort, type PostgresOptions } from './sql/postgres.ts';
import { createSqlitePort } from './sql/sqlite.ts';

export type Db = BetterSQLite3Database<typeof schema>;

export interface AppDatabase {
  /** What services and repositories use (ADR 031). */
  sql: SqlDatabase;
  /** The SQLite connection, for migrations, backups, pragmas and the crash test; null on PostgreSQL. */
  sqlite: Database.Database | null;
  /** Closes once the open transactions have ended. */
  close(): Promise<void>;
}

export interface SqliteDatabase extends AppDatabase {
  sqlite: Database.Database;
  /** drizzle over the connection, for its migrator. */
  db: Db;
}

/**
 * Opens the SQLite file with the settings every process uses: WAL so readers never block the
 * writer, foreign keys on, and `synchronous=FULL` so an acknowledged write survives a power cut
 * (a device drops a change from its outbox once the server acknowledged it).
 */
export function openDatabase(file: string): SqliteDatabase {
  if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('busy_timeout = 5000');
  const db = drizzle({ client: sqlite, schema });
  const sql = createSqlitePort(sqlite);
  return { sql, sqlite, db, close: () => sql.close() };
}

export interface PostgresAppDatabase extends AppDatabase {
  sqlite: null;
  /** The port's pool, for what watches its connections (the crash test's halt). */
  pool: pg.Pool;
}

/** The PostgreSQL database at `url` (ADR 031): a pool of connections, opened lazily. */
export function openPostgresDatabase(url: string, options?: PostgresOptions): PostgresAppDatabase {
  const sql = createPostgresPort(url, options);
  return { sql, sqlite: null, pool: sql.pool, close: () => sql.close() };
}
