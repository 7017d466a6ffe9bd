import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import * as schema from './schema/index.ts';

export type Db = BetterSQLite3Database<typeof schema>;

export interface AppDatabase {
  /** The raw connection, for prepared statements on hot paths and for pragmas. */
  sqlite: Database.Database;
  db: Db;
  close(): void;
}

/**
 * Opens the SQLite file with the settings every process uses: WAL so readers never block the
 * writer, foreign keys on, and `synchronous=FULL` so an acknowledged write survives a power cut
 * (a device drops a change from its outbox once the server acknowledged it).
 */
export function openDatabase(file: string): AppDatabase {
  if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('busy_timeout = 5000');
  const db = drizzle({ client: sqlite, schema });
  return { sqlite, db, close: () => sqlite.close() };
}
