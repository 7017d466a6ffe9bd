/**
 * A drizzle write (insert, update) compiled once into a better-sqlite3 statement whose
 * placeholders are filled by a list worked out at prepare time. Drizzle's own prepared `run`
 * checks each parameter's class on every call (`fillPlaceholders`), about 8 µs per write here:
 * most of a 1,000-mutation push (ADR 025). The SQL, the column names and the encoding of typed
 * columns (booleans, JSON) are still drizzle's, from the schema.
 */
import type Database from 'better-sqlite3';
import { Column, is, Param, Placeholder } from 'drizzle-orm';

type Fill = (values: Record<string, unknown>) => unknown;

export function prepareWrite<V extends Record<string, unknown>>(sqlite: Database.Database, query: { toSQL(): { sql: string; params: unknown[] } }) {
  const { sql, params } = query.toSQL();
  const statement = sqlite.prepare(sql);
  const fills: Fill[] = params.map((param): Fill => {
    if (is(param, Placeholder)) return (values) => values[param.name];
    if (is(param, Param) && is(param.value, Placeholder)) {
      const { encoder } = param;
      const name = param.value.name;
      // Most columns store the value as it is (the base column's identity); only the others encode.
      const encodes = encoder && encoder.mapToDriverValue !== Column.prototype.mapToDriverValue;
      return encodes ? (values) => encoder.mapToDriverValue(values[name]) : (values) => values[name];
    }
    return () => param;
  });
  return {
    run(values: V): Database.RunResult {
      const args = new Array<unknown>(fills.length);
      for (let i = 0; i < fills.length; i++) args[i] = (fills[i] as Fill)(values);
      return statement.run(args);
    },
  };
}
