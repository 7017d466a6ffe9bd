import { Column, getTableColumns, getTableName, is, SQL, StringChunk } from 'drizzle-orm';
import {
  bigint,
  check,
  doublePrecision,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
  type PgColumn,
  type PgColumnBuilderBase,
  type PgTable,
  type PgTableExtraConfigValue,
  type PgTableWithColumns,
} from 'drizzle-orm/pg-core';
import { getTableConfig, SQLiteTable, type SQLiteColumn } from 'drizzle-orm/sqlite-core';
import * as sqliteSchema from './schema/index.ts';

/**
 * The PostgreSQL schema, derived from the SQLite one (api/src/db/schema) rather than written a
 * second time: same tables, columns, keys, indexes and defaults, stored the same way, so one SQL
 * text serves both databases. drizzle-kit reads this module for api/drizzle-pg
 * (api/drizzle.pg.config.ts); schema-pg.test.ts checks the two stay in step.
 */

/** A derived table: the SQLite table's name and column keys, typed loosely as PostgreSQL columns. */
export type PgTableOf<T extends SQLiteTable> = PgTableWithColumns<{
  name: T['_']['name'];
  schema: undefined;
  dialect: 'pg';
  columns: { [K in keyof T['_']['columns']]: PgColumn };
}>;

/** Finds the derived table a foreign key points at, by its SQL name. */
export type PgTableLookup = (name: string) => PgTable | undefined;

/** The value the SQLite driver stores for a column's default, which PostgreSQL then stores too. */
function storedDefault(column: SQLiteColumn, where: string): unknown {
  if (!is(column.default, SQL)) {
    // `true` is 1 for an integer boolean, `{}` is '{}' for a JSON text: the value as stored.
    return column.mapToDriverValue(column.default);
  }
  // A `sql` default is carried only when it is a bare literal ('[]', 42): its meaning is then the
  // same on both databases. Anything else (julianday('now'), …) would need a translation.
  const chunks = column.default.queryChunks;
  const literal = chunks.every((chunk) => is(chunk, StringChunk)) ? chunks.flatMap((chunk) => (chunk as StringChunk).value).join('').trim() : '';
  const quoted = /^'((?:[^']|'')*)'$/.exec(literal);
  if (quoted) return quoted[1]!.replaceAll("''", "'");
  if (/^-?\d+(\.\d+)?$/.test(literal)) return Number(literal);
  throw new Error(`${where}: its default is an SQL expression, which is not derived for PostgreSQL; use a literal default or write its mapping in schema-pg.ts`);
}

/** The PostgreSQL column that stores what the SQLite column stores (see the ADR of issue 49). */
function toPgColumn(column: SQLiteColumn, tableName: string): PgColumnBuilderBase {
  const where = `${tableName}.${column.name}`;
  if (column.generated) throw new Error(`${where}: generated columns are not derived for PostgreSQL`);
  if (column.defaultFn || column.onUpdateFn) throw new Error(`${where}: $defaultFn/$onUpdateFn are not derived for PostgreSQL`);
  // The builders' chained types differ per kind; only the runtime configuration matters here.
  let builder;
  switch (column.columnType) {
    // Integers, flags (0/1) and instants all stay integers, so raw SQL such as `read = 0` runs on both.
    case 'SQLiteInteger':
    case 'SQLiteBoolean':
    case 'SQLiteTimestamp':
      builder = bigint(column.name, { mode: 'number' });
      if ((column as SQLiteColumn & { autoIncrement?: boolean }).autoIncrement) builder = builder.generatedByDefaultAsIdentity();
      break;
    case 'SQLiteReal':
      builder = doublePrecision(column.name);
      break;
    // JSON and enums are text on SQLite (the driver (de)serializes, nothing checks the values): text here too.
    case 'SQLiteText':
    case 'SQLiteTextJson':
      builder = text(column.name);
      break;
    default:
      // Blob (bytea has no pg-core builder in this drizzle), numeric and custom columns: none exists yet.
      throw new Error(`${where}: no PostgreSQL mapping for ${column.columnType}; add one in schema-pg.ts`);
  }
  if (column.primary) builder = builder.primaryKey();
  if (column.notNull) builder = builder.notNull();
  if (column.default !== undefined) builder = builder.default(storedDefault(column, where) as never);
  if (column.isUnique) builder = builder.unique(column.uniqueName);
  return builder;
}

/** Rewrites an SQL fragment of a SQLite table (an index's `where`, a check) onto the derived columns. */
function onPgColumns(fragment: SQL, columns: Map<string, PgColumn>): SQL {
  const map = (chunk: unknown): unknown => {
    if (is(chunk, Column)) return columns.get(chunk.name) ?? chunk;
    if (is(chunk, SQL)) return onPgColumns(chunk, columns);
    return Array.isArray(chunk) ? chunk.map(map) : chunk;
  };
  return new SQL(fragment.queryChunks.map(map) as SQL['queryChunks']);
}

/**
 * The PostgreSQL table of a SQLite table. Foreign keys to other tables are resolved by `lookup`
 * when drizzle reads the table's constraints, so tables may be derived in any order.
 */
export function toPgTable<T extends SQLiteTable>(table: T, lookup: PgTableLookup = () => undefined): PgTableOf<T> {
  const config = getTableConfig(table);
  const columns = Object.fromEntries(Object.entries(getTableColumns(table)).map(([key, column]) => [key, toPgColumn(column, config.name)]));

  const extraConfig = (self: Record<string, PgColumn>): PgTableExtraConfigValue[] => {
    const own = new Map(Object.values(self).map((column) => [column.name, column]));
    const pick = (column: SQLiteColumn) => own.get(column.name)!;
    const extras: PgTableExtraConfigValue[] = [];
    for (const pk of config.primaryKeys) extras.push(primaryKey({ name: pk.getName(), columns: pk.columns.map(pick) as [PgColumn, ...PgColumn[]] }));
    for (const constraint of config.uniqueConstraints) extras.push(unique(constraint.getName()).on(...(constraint.columns.map(pick) as [PgColumn, ...PgColumn[]])));
    for (const { name, value } of config.checks) extras.push(check(name, onPgColumns(value, own)));
    for (const { config: ix } of config.indexes) {
      const on = ix.columns.map((column) => (is(column, SQL) ? onPgColumns(column, own) : pick(column))) as [PgColumn | SQL, ...(PgColumn | SQL)[]];
      const built = (ix.unique ? uniqueIndex : index)(ix.name).on(...on);
      extras.push(ix.where ? built.where(onPgColumns(ix.where, own)) : built);
    }
    for (const fk of config.foreignKeys) {
      const { columns: from, foreignColumns: to } = fk.reference();
      const targetName = getTableName(to[0]!.table);
      // A table pointing at itself (users.teacher_id) is not built yet: its own columns stand in.
      const targetTable = targetName === config.name ? null : lookup(targetName);
      if (targetTable === undefined) throw new Error(`${config.name}: its foreign key points at ${targetName}, which has no derived PostgreSQL table`);
      const targetColumns = new Map(Object.values(targetTable ? getTableColumns(targetTable) : self).map((column) => [column.name, column as PgColumn]));
      // Named as SQLite names it (drizzle's `<table>_<columns>_<target>_<columns>_fk`), whatever pg-core would choose.
      let built = foreignKey({
        name: fk.getName(),
        columns: from.map(pick) as [PgColumn, ...PgColumn[]],
        foreignColumns: to.map((column) => targetColumns.get(column.name)!) as [PgColumn, ...PgColumn[]],
      });
      if (fk.onDelete) built = built.onDelete(fk.onDelete);
      if (fk.onUpdate) built = built.onUpdate(fk.onUpdate);
      extras.push(built);
    }
    return extras;
  };

  return pgTable(config.name, columns, extraConfig as never) as unknown as PgTableOf<T>;
}

/** The export keys of a schema module that are SQLite tables. */
type TableKeys<M> = { [K in keyof M]: M[K] extends SQLiteTable ? K : never }[keyof M];

/** Every SQLite table a module exports, derived, under the same export names. */
export function derivePgTables<M extends Record<string, unknown>>(module: M): { [K in TableKeys<M>]: M[K] extends SQLiteTable ? PgTableOf<M[K]> : never } {
  const byName = new Map<string, PgTable>();
  const derived: Record<string, PgTable> = {};
  for (const [key, value] of Object.entries(module)) {
    if (!is(value, SQLiteTable)) continue;
    derived[key] = toPgTable(value, (name) => byName.get(name));
    byName.set(getTableName(value), derived[key]);
  }
  return derived as never;
}

const pgTables = derivePgTables(sqliteSchema);

// ES modules cannot export names computed at run time, and drizzle-kit finds tables among a
// module's exports: so the names are listed once here. schema-pg.test.ts fails when one is missing.
export const {
  users,
  healthConsents,
  sessions,
  syncCounter,
  devices,
  syncRefusals,
  weightRecords,
  dailyProgress,
  notifications,
  bodyMeasurements,
  progressPhotos,
  dietPlans,
  workoutPlans,
  messages,
  messageThreads,
  checkIns,
  workoutSessions,
  workoutExercises,
  workoutSets,
  exerciseNames,
  subscriptions,
  paymentEvents,
  translations,
  referralLinks,
  retiredReferralCodes,
  referralClicks,
  payouts,
  commissions,
  passwordResets,
  orders,
  rateLimits,
  pushSubscriptions,
  serverKeys,
  notices,
  scheduledRuns,
} = pgTables;
