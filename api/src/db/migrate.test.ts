import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../../test/harness.ts';
import { openDatabase } from './client.ts';
import { applyMigrations, DatabaseTooNewError } from './migrate.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'migrate-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('applyMigrations', () => {
  it('creates the schema in WAL mode with foreign keys on, and is idempotent', async () => {
    const database = openDatabase(path.join(dir, 'fresh.db'));
    applyMigrations(database, MIGRATIONS_FOLDER);
    applyMigrations(database, MIGRATIONS_FOLDER);
    expect(database.sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(database.sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
    const tables = database.sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[];
    expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['users', 'sessions', '__drizzle_migrations']));
    await database.close();
  });

  it('refuses a database migrated by a newer version of the code', async () => {
    const file = path.join(dir, 'newer.db');
    const database = openDatabase(file);
    applyMigrations(database, MIGRATIONS_FOLDER);
    database.sqlite.prepare('INSERT INTO __drizzle_migrations (hash, created_at) VALUES (?, ?)').run('from-the-future', Date.UTC(2099, 0, 1));
    expect(() => applyMigrations(database, MIGRATIONS_FOLDER)).toThrow(DatabaseTooNewError);
    expect(() => applyMigrations(database, MIGRATIONS_FOLDER)).toThrow(/newer version of this app/);
    await database.close();
  });

  it('moves accounts already in the US to pounds and feet, at a new sync version so their devices pull it (ADR 020)', async () => {
    // The migrations as they stood before 0013, then all of them, as a server upgraded in place.
    const before = path.join(dir, 'before-units');
    cpSync(MIGRATIONS_FOLDER, before, { recursive: true });
    const journalFile = path.join(before, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
    // Everything from 0013 on is left out: the migrator applies only what is newer than the last applied.
    const upTo = journal.entries.findIndex((entry) => entry.tag === '0013_unit_system');
    writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo) }));
    const database = openDatabase(path.join(dir, 'upgraded.db'));
    applyMigrations(database, before);
    const insert = database.sqlite.prepare("INSERT INTO users (id, email, password_hash, name, country_code, version, created_at, updated_at) VALUES (?, ?, 'x', ?, ?, ?, 0, 0)");
    insert.run('us-1', 'us@example.com', 'Uma', 'US', 3);
    insert.run('br-1', 'br@example.com', 'Bia', 'BR', 4);
    database.sqlite.prepare('UPDATE sync_counter SET value = 4 WHERE id = 1').run();
    applyMigrations(database, MIGRATIONS_FOLDER);
    const rows = database.sqlite.prepare('SELECT id, unit_system AS unitSystem, version FROM users ORDER BY id').all();
    expect(rows).toEqual([
      { id: 'br-1', unitSystem: 'metric', version: 4 },
      { id: 'us-1', unitSystem: 'us', version: 5 },
    ]);
    await database.close();
  });
  it('keeps the progress photos of a server upgraded in place as progress photos when message photos arrive (0025)', async () => {
    const before = path.join(dir, 'before-message-photos');
    cpSync(MIGRATIONS_FOLDER, before, { recursive: true });
    const journalFile = path.join(before, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
    const upTo = journal.entries.findIndex((entry) => entry.tag.endsWith('_message_photos'));
    writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo) }));
    const database = openDatabase(path.join(dir, 'message-photos.db'));
    applyMigrations(database, before);
    database.sqlite.prepare("INSERT INTO users (id, email, password_hash, name, country_code, version, created_at, updated_at) VALUES ('u-1', 'u@example.com', 'x', 'Ana', 'BR', 1, 0, 0)").run();
    database.sqlite
      .prepare("INSERT INTO progress_photos (id, user_id, pose, content_type, bytes, thumbnail_bytes, width, height, created_at, stored_at, version) VALUES ('p-1', 'u-1', 'side', 'image/webp', 10, 5, 4, 3, 7, 8, 2)")
      .run();
    applyMigrations(database, MIGRATIONS_FOLDER);
    expect(database.sqlite.prepare('SELECT id, kind, pose, stored_at AS storedAt, version FROM progress_photos').all()).toEqual([{ id: 'p-1', kind: 'progress', pose: 'side', storedAt: 8, version: 2 }]);
    expect(database.sqlite.pragma('foreign_key_check')).toEqual([]);
    await database.close();
  });

  it('gives the counter of a server upgraded in place an empty last stamp, its version kept (0029)', async () => {
    const before = path.join(dir, 'before-server-stamp');
    cpSync(MIGRATIONS_FOLDER, before, { recursive: true });
    const journalFile = path.join(before, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
    writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, journal.entries.findIndex((entry) => entry.tag.endsWith('_server_stamp'))) }));
    const database = openDatabase(path.join(dir, 'server-stamp.db'));
    applyMigrations(database, before);
    database.sqlite.prepare('UPDATE sync_counter SET value = 41 WHERE id = 1').run();
    applyMigrations(database, MIGRATIONS_FOLDER);
    expect(database.sqlite.prepare('SELECT id, value, last_stamp FROM sync_counter').all()).toEqual([{ id: 1, value: 41, last_stamp: null }]);
    await database.close();
  });
});

