import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../../test/harness.ts';
import { openDatabase } from './client.ts';
import { applyMigrations, DatabaseTooNewError } from './migrate.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'migrate-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('applyMigrations', () => {
  it('creates the schema in WAL mode with foreign keys on, and is idempotent', () => {
    const database = openDatabase(path.join(dir, 'fresh.db'));
    applyMigrations(database, MIGRATIONS_FOLDER);
    applyMigrations(database, MIGRATIONS_FOLDER);
    expect(database.sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(database.sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
    const tables = database.sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[];
    expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['users', 'sessions', '__drizzle_migrations']));
    database.close();
  });

  it('refuses a database migrated by a newer version of the code', () => {
    const file = path.join(dir, 'newer.db');
    const database = openDatabase(file);
    applyMigrations(database, MIGRATIONS_FOLDER);
    database.sqlite.prepare('INSERT INTO __drizzle_migrations (hash, created_at) VALUES (?, ?)').run('from-the-future', Date.UTC(2099, 0, 1));
    expect(() => applyMigrations(database, MIGRATIONS_FOLDER)).toThrow(DatabaseTooNewError);
    expect(() => applyMigrations(database, MIGRATIONS_FOLDER)).toThrow(/newer version of this app/);
    database.close();
  });
});
