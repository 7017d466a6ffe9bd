import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../../test/postgres.ts';
import { DatabaseTooNewError } from './migrate.ts';
import { applyPostgresMigrations, describeUrl, POSTGRES_MIGRATIONS_FOLDER } from './migrate-postgres.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'migrate-pg-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function query<T extends pg.QueryResultRow>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

describe('applyPostgresMigrations', () => {
  it('creates the schema once when three instances start together, and the counter row with it', async () => {
    const database = await createPostgresDatabase();
    try {
      await Promise.all([applyPostgresMigrations(database.url), applyPostgresMigrations(database.url), applyPostgresMigrations(database.url)]);
      const tables = await query<{ name: string }>(database.url, "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'");
      expect(tables.map(({ name }) => name)).toEqual(expect.arrayContaining(['users', 'sessions', 'sync_counter', 'workout_sets']));
      const journal = JSON.parse(readFileSync(path.join(POSTGRES_MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
      expect(await query(database.url, 'SELECT count(*)::int AS applied FROM drizzle.__drizzle_migrations')).toEqual([{ applied: journal.entries.length }]);
      expect(await query(database.url, 'SELECT id::int, value::int FROM sync_counter')).toEqual([{ id: 1, value: 0 }]);
    } finally {
      await database.drop();
    }
  });

  it('upgrades a database in place: a migration added later is applied over the rows already there', async () => {
    const database = await createPostgresDatabase();
    try {
      await applyPostgresMigrations(database.url);
      await query(database.url, "INSERT INTO sync_counter (id, value) VALUES (2, 41) ON CONFLICT DO NOTHING");
      // The folder as the next version of the code will have it: one more migration.
      const next = path.join(dir, 'next');
      cpSync(POSTGRES_MIGRATIONS_FOLDER, next, { recursive: true });
      const journalFile = path.join(next, 'meta', '_journal.json');
      const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number; when: number; tag: string; version: string; breakpoints: boolean }[] };
      const last = journal.entries.at(-1)!;
      journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1, tag: '9999_test_upgrade' });
      writeFileSync(journalFile, JSON.stringify(journal));
      writeFileSync(path.join(next, '9999_test_upgrade.sql'), 'ALTER TABLE "sync_counter" ADD COLUMN "note" text DEFAULT \'kept\';');
      await applyPostgresMigrations(database.url, next);
      expect(await query(database.url, 'SELECT id::int, value::int, note FROM sync_counter ORDER BY id')).toEqual([
        { id: 1, value: 0, note: 'kept' },
        { id: 2, value: 41, note: 'kept' },
      ]);
    } finally {
      await database.drop();
    }
  });

  it('0001: a database at the baseline gains the rate limits’ table and the plans’ translation claim, its plans kept', async () => {
    const database = await createPostgresDatabase();
    try {
      const baseline = path.join(dir, 'baseline');
      cpSync(POSTGRES_MIGRATIONS_FOLDER, baseline, { recursive: true });
      const journalFile = path.join(baseline, 'meta', '_journal.json');
      const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
      writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.filter((entry) => entry.tag === '0000_init') }));
      await applyPostgresMigrations(database.url, baseline);
      await query(database.url, "INSERT INTO users (id, email, password_hash, name, created_at, updated_at) VALUES ('u1', 'a@example.com', 'x', 'Ana', 1, 1)");
      await query(database.url, "INSERT INTO diet_plans (id, user_id, title, status, created_at, updated_at, version) VALUES ('d1', 'u1', 'Plano', 'published', 1, 1, 1)");

      await applyPostgresMigrations(database.url);
      expect(await query(database.url, 'SELECT id, translations, translation_claimed_until FROM diet_plans')).toEqual([{ id: 'd1', translations: '{}', translation_claimed_until: null }]);
      expect(await query(database.url, "INSERT INTO rate_limits (limiter, subject, hits, reset_at) VALUES ('login-account', 'a@example.com', 1, 2) RETURNING hits::int")).toEqual([{ hits: 1 }]);
    } finally {
      await database.drop();
    }
  });

  it('0002: a database at 0001 gains the counter’s last stamp, empty, its version kept', async () => {
    const database = await createPostgresDatabase();
    try {
      const before = path.join(dir, 'before-server-stamp');
      cpSync(POSTGRES_MIGRATIONS_FOLDER, before, { recursive: true });
      const journalFile = path.join(before, 'meta', '_journal.json');
      const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
      writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, journal.entries.findIndex((entry) => entry.tag.endsWith('_server_stamp'))) }));
      await applyPostgresMigrations(database.url, before);
      await query(database.url, 'UPDATE sync_counter SET value = 41 WHERE id = 1');

      await applyPostgresMigrations(database.url);
      expect(await query(database.url, 'SELECT id::int, value::int, last_stamp FROM sync_counter')).toEqual([{ id: 1, value: 41, last_stamp: null }]);
    } finally {
      await database.drop();
    }
  });

  it('refuses a database a newer version of the code migrated', async () => {
    const database = await createPostgresDatabase();
    try {
      await applyPostgresMigrations(database.url);
      await query(database.url, 'INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ($1, $2)', ['from-the-future', Date.UTC(2099, 0, 1)]);
      await expect(applyPostgresMigrations(database.url)).rejects.toThrow(DatabaseTooNewError);
    } finally {
      await database.drop();
    }
  });

  it('names a database by host, port and name, never with its password', () => {
    expect(describeUrl('postgres://leve:secret@db.internal:6543/coach')).toBe('db.internal:6543/coach');
    expect(describeUrl('postgres://leve@db.internal/coach')).toBe('db.internal:5432/coach');
  });
});
