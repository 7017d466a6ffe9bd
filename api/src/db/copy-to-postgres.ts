/**
 * `npm run db:copy` (issue 49, ADR 031 "Moving over"): a SQLite database copied into an empty
 * PostgreSQL database, every table of the schema, then verified table by table (row count and a
 * checksum computed the same way on both sides). Both databases store the same values the same
 * way (flags 0/1, instants as epoch milliseconds, JSON as text), so a value is copied as it is
 * stored. The SQLite file is only read.
 */
import { createHash, type Hash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { getTableColumns, getTableName, is } from 'drizzle-orm';
import { getTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import pg from 'pg';
import * as sqliteSchema from './schema/index.ts';
import { applyPostgresMigrations, describeUrl } from './migrate-postgres.ts';

/** How a column's values are normalised for the checksum: as the PostgreSQL column stores them (schema-pg.ts). */
type ColumnKind = 'integer' | 'real' | 'text';

interface CopiedColumn {
  name: string;
  kind: ColumnKind;
}

export interface CopyTable {
  name: string;
  columns: CopiedColumn[];
  primaryKey: string[];
  /** The column that points at the table's own primary key (users.teacher_id), if any. */
  selfReference: { column: string; target: string } | null;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

function kindOf(columnType: string, where: string): ColumnKind {
  switch (columnType) {
    case 'SQLiteInteger':
    case 'SQLiteBoolean':
    case 'SQLiteTimestamp':
      return 'integer';
    case 'SQLiteReal':
      return 'real';
    case 'SQLiteText':
    case 'SQLiteTextJson':
      return 'text';
    default:
      // schema-pg.ts refuses the same kinds: a new one needs its mapping there and here.
      throw new Error(`${where}: no copy for ${columnType} columns`);
  }
}

/**
 * The schema's tables in an order that respects their foreign keys: a table comes after every
 * table it points at, so each row's parent is already in PostgreSQL when it is inserted.
 */
export function tablesInCopyOrder(schema: Record<string, unknown> = sqliteSchema): CopyTable[] {
  const tables = Object.values(schema).filter((value): value is SQLiteTable => is(value, SQLiteTable));
  const described = new Map<string, { table: CopyTable; parents: Set<string> }>();
  for (const table of tables) {
    const config = getTableConfig(table);
    const columns = Object.values(getTableColumns(table)).map((column) => ({ name: column.name, kind: kindOf(column.columnType, `${config.name}.${column.name}`) }));
    const primaryKey = config.primaryKeys[0]?.columns.map((column) => column.name) ?? Object.values(getTableColumns(table)).filter((column) => column.primary).map((column) => column.name);
    const parents = new Set<string>();
    let selfReference: CopyTable['selfReference'] = null;
    for (const fk of config.foreignKeys) {
      const { columns: from, foreignColumns: to } = fk.reference();
      const target = getTableName(to[0]!.table);
      if (target !== config.name) {
        parents.add(target);
        continue;
      }
      // One single-column reference to itself is ordered by depth (copyTable); more would need another way.
      if (selfReference || from.length !== 1) throw new Error(`${config.name}: only one single-column foreign key to itself can be copied`);
      selfReference = { column: from[0]!.name, target: to[0]!.name };
    }
    described.set(config.name, { table: { name: config.name, columns, primaryKey: primaryKey.length > 0 ? primaryKey : columns.map((column) => column.name), selfReference }, parents });
  }
  const ordered: CopyTable[] = [];
  const placed = new Set<string>();
  while (ordered.length < described.size) {
    const ready = [...described.values()].filter(({ table, parents }) => !placed.has(table.name) && [...parents].every((parent) => placed.has(parent)));
    if (ready.length === 0) throw new Error('the schema\'s foreign keys form a cycle between tables: no copy order exists');
    for (const { table } of ready) {
      ordered.push(table);
      placed.add(table.name);
    }
  }
  return ordered;
}

/** Refused: the target already holds data. Nothing was written. */
export class TargetNotEmptyError extends Error {
  constructor(target: string, tables: string[]) {
    super(`refused: ${target} is not empty (${tables.join(', ')} ${tables.length === 1 ? 'holds' : 'hold'} rows); copy only into an empty database`);
    this.name = 'TargetNotEmptyError';
  }
}

/** Refused: the SQLite file's schema is not the one this code copies. Nothing was written. */
export class SourceSchemaError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SourceSchemaError';
  }
}

/** The copy (or a later check) found tables that differ: they are named. */
export class CopyVerificationError extends Error {
  constructor(readonly differing: TableComparison[]) {
    super(
      `verification failed: ${differing
        .map((t) => (t.source.rows !== t.target.rows ? `${t.name} has ${t.source.rows} rows in SQLite, ${t.target.rows} in PostgreSQL` : `${t.name}'s checksum differs`))
        .join('; ')}`,
    );
    this.name = 'CopyVerificationError';
  }
}

export interface TableSummary {
  rows: number;
  /** sha256 over the rows in primary-key order, each value normalised to text the same way on both sides. */
  checksum: string;
}

export interface TableComparison {
  name: string;
  source: TableSummary;
  target: TableSummary;
}

/**
 * Where photos go when the storage in use is not the folder they are in (object storage). Without
 * one, the photos stay in their folder, which the app on PostgreSQL keeps using.
 */
export interface PhotoStorageTarget {
  /** Where the files go, for the report. */
  readonly description: string;
  /** Stores the file at `file` under `key`: its path below the uploads folder, with `/` separators. */
  put(key: string, file: string): Promise<void>;
}

export interface CopyOptions {
  /** The SQLite file, opened read-only. */
  from: string;
  /** postgres://… */
  to: string;
  /** The uploads folder (UPLOADS_PATH): the progress photos' files. */
  uploadsPath: string;
  migrations: { sqlite: string; postgres: string };
  /** Set when the storage in use differs from `uploadsPath`; see PhotoStorageTarget. */
  photoStorage?: PhotoStorageTarget;
  /** Rows per INSERT (bounded by PostgreSQL's 65,535 parameters). */
  batchRows?: number;
}

export interface CopyReport {
  tables: TableComparison[];
  /** Progress-photo files put into `photoStorage`; null when the photos stayed in their folder. */
  photosCopied: number | null;
  /** The target database's collation: the app sorts text as SQLite does only under C (ADR 031). */
  collation: string;
}

/** Every row holds values of these types once read with safe integers. */
type StoredValue = string | number | bigint | null | Uint8Array;

/** A value as its column kind's text: equal text on both sides means an equal stored value. */
function normalise(value: unknown, kind: ColumnKind): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') return value.toString();
  if (kind === 'integer' && typeof value === 'string' && /^-?\d+$/.test(value)) return BigInt(value).toString();
  if (kind === 'integer' && typeof value === 'number' && Number.isInteger(value)) return BigInt(value).toString();
  // A double read back from PostgreSQL's text is the same number (shortest round-trip output).
  if (kind === 'real' && (typeof value === 'number' || typeof value === 'string')) return String(Number(value));
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  // Anything else (a blob in a text column) hashes by its type, and so differs from what PostgreSQL holds.
  return `<${Object.prototype.toString.call(value)}>${String(value as object)}`;
}

/** Folds one row into the hash: each value length-prefixed, so no two rows' texts run together alike. */
function hashRow(hash: Hash, row: readonly unknown[], columns: CopiedColumn[]): void {
  columns.forEach((column, i) => {
    const text = normalise(row[i], column.kind);
    hash.update(text === null ? 'N;' : `${Buffer.byteLength(text)}:${text};`);
  });
  hash.update('\n');
}

function summariseSqliteTable(sqlite: Database.Database, table: CopyTable): TableSummary {
  const order = table.primaryKey.map(quote).join(', ');
  const rows = sqlite.prepare(`SELECT ${table.columns.map((c) => quote(c.name)).join(', ')} FROM ${quote(table.name)} ORDER BY ${order}`).safeIntegers(true).raw(true).iterate() as IterableIterator<StoredValue[]>;
  const hash = createHash('sha256');
  let count = 0;
  for (const row of rows) {
    hashRow(hash, row, table.columns);
    count += 1;
  }
  return { rows: count, checksum: hash.digest('hex') };
}

/** The same summary of the PostgreSQL table, read through a cursor; runs inside an open transaction. */
async function summarisePostgresTable(client: pg.ClientBase, table: CopyTable): Promise<TableSummary> {
  // C collation orders text by its UTF-8 bytes, as SQLite's BINARY does, whatever the database's collation.
  const order = table.primaryKey.map((name) => (table.columns.find((c) => c.name === name)?.kind === 'text' ? `${quote(name)} COLLATE "C"` : quote(name))).join(', ');
  await client.query(`DECLARE copy_check NO SCROLL CURSOR FOR SELECT ${table.columns.map((c) => quote(c.name)).join(', ')} FROM ${quote(table.name)} ORDER BY ${order}`);
  const hash = createHash('sha256');
  let count = 0;
  try {
    for (;;) {
      const { rows } = await client.query<unknown[]>({ text: 'FETCH 2000 FROM copy_check', rowMode: 'array' });
      if (rows.length === 0) break;
      for (const row of rows) hashRow(hash, row, table.columns);
      count += rows.length;
    }
  } finally {
    await client.query('CLOSE copy_check');
  }
  return { rows: count, checksum: hash.digest('hex') };
}

/** Each table's count and checksum on both sides; the caller's PostgreSQL transaction is open. */
async function compareTables(sqlite: Database.Database, client: pg.ClientBase, tables: CopyTable[]): Promise<TableComparison[]> {
  const compared: TableComparison[] = [];
  for (const table of tables) compared.push({ name: table.name, source: summariseSqliteTable(sqlite, table), target: await summarisePostgresTable(client, table) });
  return compared;
}

const differing = (tables: TableComparison[]) => tables.filter((t) => t.source.rows !== t.target.rows || t.source.checksum !== t.target.checksum);

/** Opens the SQLite file for reading only: the copy never writes to it. */
function openSource(file: string): Database.Database {
  const sqlite = new Database(file, { readonly: true, fileMustExist: true });
  sqlite.pragma('busy_timeout = 5000');
  return sqlite;
}

/**
 * Compares an earlier copy with its source, table by table: throws CopyVerificationError naming
 * the tables that differ, or returns every table's summary.
 */
export async function verifyCopy(from: string, to: string, tables = tablesInCopyOrder()): Promise<TableComparison[]> {
  const sqlite = openSource(from);
  const client = new pg.Client({ connectionString: to });
  await client.connect();
  try {
    // One snapshot on each side: a table is not compared half-written.
    sqlite.exec('BEGIN');
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const compared = await compareTables(sqlite, client, tables);
    await client.query('COMMIT');
    sqlite.exec('COMMIT');
    const different = differing(compared);
    if (different.length > 0) throw new CopyVerificationError(different);
    return compared;
  } finally {
    await client.end();
    sqlite.close();
  }
}

/** Tables of the target's schema that hold data: anything but the one `sync_counter` row the migrations write. */
async function tablesHoldingRows(client: pg.ClientBase): Promise<string[]> {
  const { rows: tables } = await client.query<{ name: string }>(
    "SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.relkind IN ('r', 'p') AND n.nspname = current_schema() ORDER BY c.relname",
  );
  const holding: string[] = [];
  for (const { name } of tables) {
    const baseline = name === 'sync_counter' ? ' WHERE NOT (id = 1 AND value = 0)' : '';
    const { rows } = await client.query<{ held: boolean }>(`SELECT EXISTS (SELECT 1 FROM ${quote(name)}${baseline}) AS held`);
    if (rows[0]?.held) holding.push(name);
  }
  return holding;
}

/** Refuses a SQLite file whose migrations are not exactly this code's: its columns would not be the schema's. */
function checkSourceSchema(sqlite: Database.Database, file: string, folder: string): void {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
  const known = Math.max(0, ...journal.entries.map((entry) => entry.when));
  const table = sqlite.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'").get();
  const latest = table ? Number((sqlite.prepare('SELECT max(created_at) AS latest FROM __drizzle_migrations').get() as { latest: number | null }).latest) : 0;
  if (latest < known) throw new SourceSchemaError(`refused: ${file} was last migrated by an older version of this app; start this version on it once (it migrates at start), stop it, then copy`);
  if (latest > known) throw new SourceSchemaError(`refused: ${file} was migrated by a newer version of this app; copy with that version`);
}

/** Inserts the table's rows in batches; a table pointing at itself goes parents first. Returns how many rows. */
async function copyTable(sqlite: Database.Database, client: pg.ClientBase, table: CopyTable, batchRows: number): Promise<number> {
  const names = table.columns.map((c) => quote(c.name)).join(', ');
  let select = `SELECT ${names} FROM ${quote(table.name)}`;
  if (table.selfReference) {
    // Depth below the rows that point nowhere: a row comes after the row it points at. A row in a
    // cycle, or pointing at a missing row, is never reached: the count then differs and is reported.
    const { column, target } = table.selfReference;
    const t = quote(table.name);
    select =
      `WITH RECURSIVE ordered(key, depth) AS (SELECT ${quote(target)}, 0 FROM ${t} WHERE ${quote(column)} IS NULL ` +
      `UNION ALL SELECT child.${quote(target)}, ordered.depth + 1 FROM ${t} child JOIN ordered ON child.${quote(column)} = ordered.key) ` +
      `SELECT ${table.columns.map((c) => `row.${quote(c.name)}`).join(', ')} FROM ${t} row JOIN ordered ON row.${quote(target)} = ordered.key ORDER BY ordered.depth`;
  }
  const rows = sqlite.prepare(select).safeIntegers(true).raw(true).iterate() as IterableIterator<StoredValue[]>;
  const perStatement = Math.max(1, Math.min(batchRows, Math.floor(60_000 / table.columns.length)));
  let batch: StoredValue[][] = [];
  let copied = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const params: unknown[] = [];
    const tuples = batch.map((row) => `(${row.map((value) => `$${params.push(typeof value === 'bigint' ? value.toString() : value)}`).join(', ')})`);
    await client.query(`INSERT INTO ${quote(table.name)} (${names}) VALUES ${tuples.join(', ')}`, params);
    copied += batch.length;
    batch = [];
  };
  // The SQLite iterator is synchronous: rows are taken a batch at a time between the inserts' awaits.
  for (const row of rows) {
    batch.push(row);
    if (batch.length >= perStatement) await flush();
  }
  await flush();
  return copied;
}

/** Identity columns (health_consents.id) continue after the copied rows' largest value. */
async function resetIdentities(client: pg.ClientBase): Promise<void> {
  const { rows } = await client.query<{ table_name: string; column_name: string }>(
    "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema() AND is_identity = 'YES'",
  );
  for (const { table_name: table, column_name: column } of rows) {
    await client.query(`SELECT setval(pg_get_serial_sequence($1, $2), COALESCE((SELECT max(${quote(column)}) FROM ${quote(table)}), 0) + 1, false)`, [quote(table), column]);
  }
}

/** Every file below `folder`, as keys with `/` separators; a partly uploaded file (`.part`) is not a photo yet. */
async function filesBelow(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  return entries
    .filter((entry) => entry.isFile() && !entry.name.endsWith('.part'))
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/**
 * Copies the SQLite database `from` into the PostgreSQL database `to`: its migrations applied,
 * refused unless empty, every table copied in one transaction and verified before it commits (a
 * failed copy leaves the target as empty as it was). Photos go to `photoStorage` when given.
 */
export async function copyToPostgres(options: CopyOptions): Promise<CopyReport> {
  const tables = tablesInCopyOrder();
  const target = describeUrl(options.to);
  const sqlite = openSource(options.from);
  try {
    checkSourceSchema(sqlite, options.from, options.migrations.sqlite);
    await applyPostgresMigrations(options.to, options.migrations.postgres);
    const client = new pg.Client({ connectionString: options.to });
    await client.connect();
    try {
      const { rows: collation } = await client.query<{ collation: string }>('SELECT datcollate AS collation FROM pg_database WHERE datname = current_database()');
      // Refused before the photos are touched; checked again inside the transaction that copies.
      let holding = await tablesHoldingRows(client);
      if (holding.length > 0) throw new TargetNotEmptyError(target, holding);

      // The files before the rows: a put is repeatable, so a copy that fails later can simply be run again.
      let photosCopied: number | null = null;
      if (options.photoStorage) {
        photosCopied = 0;
        for (const key of await filesBelow(options.uploadsPath)) {
          await options.photoStorage.put(key, path.join(options.uploadsPath, ...key.split('/')));
          photosCopied += 1;
        }
      }

      // One snapshot of the source for the copy and its check.
      let report: CopyReport;
      sqlite.exec('BEGIN');
      await client.query('BEGIN');
      try {
        holding = await tablesHoldingRows(client);
        if (holding.length > 0) throw new TargetNotEmptyError(target, holding);
        // The baseline's counter row gives way to the source's: versions continue where SQLite left them.
        await client.query('DELETE FROM sync_counter');
        for (const table of tables) await copyTable(sqlite, client, table, options.batchRows ?? 1000);
        await resetIdentities(client);
        const compared = await compareTables(sqlite, client, tables);
        const different = differing(compared);
        if (different.length > 0) throw new CopyVerificationError(different);
        await client.query('COMMIT');
        report = { tables: compared, photosCopied, collation: collation[0]?.collation ?? 'unknown' };
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        sqlite.exec('COMMIT');
      }
      // A bulk load leaves no statistics and no page marked all-visible: the first requests would
      // be planned blind and their index-only scans read the heap, until autovacuum came by
      // (on a shared machine, while they are served). Outside the transaction, as VACUUM must be.
      await client.query('VACUUM (ANALYZE)');
      return report;
    } finally {
      await client.end();
    }
  } finally {
    sqlite.close();
  }
}
