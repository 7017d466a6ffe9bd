/**
 * A drizzle table's rows through the SQL-text port (ADR 031): drizzle's schema names the columns
 * and converts their values (flags 0/1 ↔ booleans, JSON text ↔ values), so a repository writing
 * SQL text still reads and writes the schema's typed rows. Both databases store the same driver
 * values, so one codec serves both.
 */
import { Column, getTableColumns, getTableName } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { SqlValue } from './port.ts';

interface ColumnCodec {
  key: string;
  name: string;
  decode: ((value: unknown) => unknown) | null;
  encode: ((value: unknown) => unknown) | null;
}

export function tableRows<T extends SQLiteTable>(table: T) {
  const codecs: ColumnCodec[] = Object.entries(getTableColumns(table)).map(([key, column]) => ({
    key,
    name: column.name,
    // Most columns store the value as it is (the base class's identity): no call per value then.
    decode: column.mapFromDriverValue === Column.prototype.mapFromDriverValue ? null : (value) => column.mapFromDriverValue(value),
    encode: column.mapToDriverValue === Column.prototype.mapToDriverValue ? null : (value) => column.mapToDriverValue(value),
  }));
  const byKey = new Map(codecs.map((codec) => [codec.key, codec]));

  return {
    name: getTableName(table),

    /** A stored row (the columns' names, driver values) as the schema's typed row; columns not selected stay absent. */
    decode(stored: Record<string, unknown>): T['$inferSelect'] {
      const row: Record<string, unknown> = {};
      for (const { key, name, decode } of codecs) {
        if (!(name in stored)) continue;
        const value = stored[name];
        row[key] = value === null || decode === null ? value : decode(value);
      }
      return row as T['$inferSelect'];
    },

    /** The columns' names and driver values of the fields given, in the order given. */
    encode(fields: Partial<T['$inferInsert']>): { names: string[]; params: SqlValue[] } {
      const names: string[] = [];
      const params: SqlValue[] = [];
      for (const [key, value] of Object.entries(fields)) {
        if (value === undefined) continue;
        const codec = byKey.get(key);
        if (!codec) throw new Error(`${getTableName(table)} has no column for ${key}`);
        names.push(codec.name);
        params.push((value === null || codec.encode === null ? value : codec.encode(value)) as SqlValue);
      }
      return { names, params };
    },
  };
}
