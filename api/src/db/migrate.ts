import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { SqliteDatabase } from './client.ts';

export class DatabaseTooNewError extends Error {
  constructor(file: string, dbMillis: number, codeMillis: number) {
    super(
      `The database ${file} was migrated by a newer version of this app (its latest migration is from ` +
        `${new Date(dbMillis).toISOString()}, this code knows migrations up to ${new Date(codeMillis).toISOString()}). ` +
        'Run the newer version, or restore a backup taken before the upgrade.',
    );
    this.name = 'DatabaseTooNewError';
  }
}

interface Journal {
  entries: { when: number; tag: string }[];
}

/**
 * Applies the drizzle-kit migrations in `folder`, refusing first a database that a newer
 * version of the code has migrated (its last applied migration is unknown here): running old
 * code on it could corrupt data the old code does not understand.
 */
export function applyMigrations(database: SqliteDatabase, folder: string, file = database.sqlite.name): void {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as Journal;
  const known = Math.max(0, ...journal.entries.map((entry) => entry.when));
  const hasTable = database.sqlite
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'")
    .get();
  if (hasTable) {
    const row = database.sqlite.prepare('SELECT max(created_at) AS latest FROM __drizzle_migrations').get() as { latest: number | null };
    if (row.latest !== null && Number(row.latest) > known) throw new DatabaseTooNewError(file, Number(row.latest), known);
  }
  migrate(database.db, { migrationsFolder: folder });
}
