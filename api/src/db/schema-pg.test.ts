import { getTableName, is, sql } from 'drizzle-orm';
import { getTableConfig as getPgTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { blob, check, integer, real, SQLiteTable, sqliteTable, text, unique, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { generateDrizzleJson, generateSQLiteDrizzleJson } from 'drizzle-kit/api';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as sqliteSchema from './schema/index.ts';
import * as pgSchema from './schema-pg.ts';
import { derivePgTables, toPgTable } from './schema-pg.ts';

// The two schemas are compared as drizzle-kit sees them (the snapshots its migrations are made
// from), so what is checked is what each database gets, not how schema-pg.ts builds it.
interface Snapshot {
  tables: Record<string, SnapshotTable>;
}
/** The parts of a table both dialects' snapshots have (SQLite's index columns are names, PostgreSQL's objects). */
interface SnapshotTable {
  columns: Record<string, { name: string; type: string; primaryKey: boolean; notNull: boolean; default?: unknown; autoincrement?: boolean; identity?: { type: string } }>;
  indexes: Record<string, { name: string; columns: (string | { expression: string })[]; isUnique: boolean; where?: string }>;
  uniqueConstraints: Record<string, { name: string; columns: string[] }>;
  compositePrimaryKeys: Record<string, { name: string; columns: string[] }>;
  foreignKeys: Record<string, { name: string; tableTo: string; columnsFrom: string[]; columnsTo: string[]; onDelete?: string; onUpdate?: string }>;
  checkConstraints: Record<string, { name: string; value: string }>;
}

/** The mapping of the ADR of issue 49, written out again so the derivation is checked against it. */
const PG_TYPE: Record<string, string> = { integer: 'bigint', real: 'double precision', text: 'text', blob: 'bytea' };
/** SQLite writes boolean defaults as `false`/`true`; they are the integers 0/1 on both. */
const SQLITE_DEFAULT: Record<string, string> = { false: '0', true: '1' };

const byName = <T extends { name: string }>(items: T[]) => items.sort((a, b) => a.name.localeCompare(b.name));

/** A table as a snapshot describes it, in PostgreSQL's terms: equal shapes make equal databases. */
function shape(snapshot: Snapshot, table: string, dialect: 'sqlite' | 'pg') {
  const sqlite = dialect === 'sqlite';
  const t = snapshot.tables[sqlite ? table : `public.${table}`]!;
  return {
    columns: Object.values(t.columns).map((c) => ({
      name: c.name,
      type: sqlite ? (PG_TYPE[c.type] ?? `unmapped ${c.type}`) : c.type,
      primaryKey: c.primaryKey,
      notNull: c.notNull,
      autoIncrement: sqlite ? c.autoincrement === true : c.identity?.type === 'byDefault',
      default: c.default === undefined ? undefined : sqlite ? (SQLITE_DEFAULT[String(c.default)] ?? String(c.default)) : String(c.default),
    })),
    primaryKeys: Object.values(t.compositePrimaryKeys).map(({ name, columns }) => ({ name, columns })),
    // SQLite makes a unique column a unique index; PostgreSQL a unique constraint of the same name.
    indexes: byName([
      ...Object.values(t.indexes).map((ix) => ({ name: ix.name, columns: ix.columns.map((c) => (typeof c === 'string' ? c : c.expression)), unique: ix.isUnique, where: ix.where })),
      ...Object.values(t.uniqueConstraints).map((u) => ({ name: u.name, columns: u.columns, unique: true, where: undefined })),
    ]),
    foreignKeys: byName(Object.values(t.foreignKeys).map(({ name, tableTo, columnsFrom, columnsTo, onDelete, onUpdate }) => ({ name, tableTo, columnsFrom, columnsTo, onDelete, onUpdate }))),
    checks: byName(Object.values(t.checkConstraints).map(({ name, value }) => ({ name, value }))),
  };
}
const sqliteSnapshotOf = async (tables: Record<string, unknown>) => (await generateSQLiteDrizzleJson(tables)) as unknown as Snapshot;
const pgSnapshotOf = (tables: Record<string, unknown>) => generateDrizzleJson(tables) as unknown as Snapshot;

const sqliteTables = Object.entries(sqliteSchema as Record<string, unknown>).filter((entry): entry is [string, SQLiteTable] => is(entry[1], SQLiteTable));
const sqliteSnapshot = await sqliteSnapshotOf(sqliteSchema);
const pgSnapshot = pgSnapshotOf(pgSchema);

describe('the PostgreSQL schema derived from the SQLite one', () => {
  it('has every SQLite table, under the same export name and table name', () => {
    expect(sqliteTables.length).toBeGreaterThan(0);
    for (const [key, table] of sqliteTables) {
      const derived = (pgSchema as Record<string, unknown>)[key];
      expect(is(derived, PgTable), `schema-pg.ts exports no table "${key}": add it to the list of exports there`).toBe(true);
      expect(getPgTableConfig(derived as PgTable).name).toBe(getTableName(table));
    }
    expect(Object.keys(pgSnapshot.tables).sort()).toEqual(sqliteTables.map(([, table]) => `public.${getTableName(table)}`).sort());
  });

  it.each(sqliteTables.map(([, table]) => getTableName(table)))('%s: same columns in order, types mapped, keys, defaults, indexes, foreign keys', (name) => {
    expect(shape(pgSnapshot, name, 'pg')).toEqual(shape(sqliteSnapshot, name, 'sqlite'));
  });

  it('names nothing longer than PostgreSQL keeps (63 bytes): a longer name would be cut, and later migrations miss it', () => {
    const names = Object.values(pgSnapshot.tables).flatMap((t) => [
      ...Object.keys(t.columns),
      ...Object.keys(t.indexes),
      ...Object.keys(t.foreignKeys),
      ...Object.keys(t.compositePrimaryKeys),
      ...Object.keys(t.uniqueConstraints),
      ...Object.keys(t.checkConstraints),
    ]);
    expect(names.filter((name) => Buffer.byteLength(name) > 63)).toEqual([]);
  });

  it('is what api/drizzle-pg was last generated from (else: run `npm run db:generate`)', () => {
    const folder = path.join(import.meta.dirname, '../../drizzle-pg');
    const journal = JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
    const latest = journal.entries.at(-1)!.tag.split('_')[0];
    const stored = JSON.parse(readFileSync(path.join(folder, `meta/${latest}_snapshot.json`), 'utf8')) as Record<string, unknown>;
    // Each snapshot has its own id and its predecessor's; everything else must be the same.
    const withoutIds = ({ id: _id, prevId: _prevId, ...rest }: Record<string, unknown>) => rest;
    expect(withoutIds({ ...pgSnapshot }), 'the SQLite schema changed but api/drizzle-pg has no migration for it: run `npm run db:generate`').toEqual(withoutIds(stored));
  });

  it('starts with the sync counter the SQLite migrations insert (a data row the schema cannot carry)', () => {
    const baseline = readFileSync(path.join(import.meta.dirname, '../../drizzle-pg/0000_init.sql'), 'utf8');
    expect(baseline).toContain('INSERT INTO "sync_counter" ("id", "value") VALUES (1, 0);');
  });
});

describe('toPgTable', () => {
  // What the app's schema does not use yet, so that its first use is derived right too.
  const child = sqliteTable('child', {
    parentId: integer('parent_id').references(() => parent.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
  });
  const parent = sqliteTable(
    'parent',
    {
      id: integer('id').primaryKey({ autoIncrement: true }),
      // No Date default: drizzle-kit writes one to SQLite as JSON text, not as the integer.
      at: integer('at', { mode: 'timestamp_ms' }).notNull(),
      on: integer('on', { mode: 'boolean' }).notNull().default(true),
      tags: text('tags', { mode: 'json' }).$type<string[]>().notNull().default(['a']),
      quoted: text('quoted').notNull().default(sql`'it''s'`),
      ratio: real('ratio').default(sql`1.5`),
      code: text('code'),
    },
    (t) => [uniqueIndex('parent_code_idx').on(t.code).where(sql`${t.code} is not null`), unique('parent_at_on_unique').on(t.at, t.on), check('parent_ratio_check', sql`${t.ratio} > 0`)],
  );

  it('carries identity, stored defaults, partial and unique indexes, checks and foreign keys in any order', async () => {
    const derived = derivePgTables({ child, parent });
    const sqlite = await sqliteSnapshotOf({ child, parent });
    const pg = pgSnapshotOf(derived);
    for (const name of ['child', 'parent']) expect(shape(pg, name, 'pg')).toEqual(shape(sqlite, name, 'sqlite'));
    expect(pg.tables['public.parent']!.columns.id!.identity?.type).toBe('byDefault');
    expect(shape(pg, 'parent', 'pg').columns.map((c) => c.default)).toEqual([undefined, undefined, '1', `'["a"]'`, `'it''s'`, '1.5', undefined]);
    expect(pg.tables['public.parent']!.indexes.parent_code_idx!.where).toBe('"parent"."code" is not null');
  });

  it('refuses what it cannot carry rather than guess', () => {
    const clock = sqliteTable('clock', { at: integer('at').default(sql`(unixepoch())`) });
    expect(() => toPgTable(clock)).toThrow(/clock\.at: its default is an SQL expression/);
    const files = sqliteTable('files', { data: blob('data', { mode: 'buffer' }) });
    expect(() => toPgTable(files)).toThrow(/files\.data: no PostgreSQL mapping for SQLiteBlobBuffer/);
    const ids = sqliteTable('ids', { id: text('id').$defaultFn(() => 'x') });
    expect(() => toPgTable(ids)).toThrow(/ids\.id: \$defaultFn/);
    // A foreign key to a table that was not derived along with it.
    expect(() => getPgTableConfig(toPgTable(child))).toThrow(/child: its foreign key points at parent/);
  });
});
