/**
 * A drizzle write (insert, update) compiled once into a better-sqlite3 statement whose
 * placeholders are filled by a list worked out at prepare time. Drizzle's own prepared `run`
 * checks each parameter's class on every call (`fillPlaceholders`), about 8 µs per write here:
 * most of a 1,000-mutation push (ADR 025). The SQL, the column names and the encoding of typed
 * columns (booleans, JSON) are still drizzle's, from the schema.
 */
import type Database from 'better-sqlite3';
import { Column, is, Param, Placeholder } from 'drizzle-orm';

type Encode = (value: unknown) => unknown;

export function prepareWrite<V extends Record<string, unknown>>(sqlite: Database.Database, query: { toSQL(): { sql: string; params: unknown[] } }) {
  const { sql, params } = query.toSQL();
  const statement = sqlite.prepare(sql);
  // Per parameter: the value's name (or null for a constant), its constant, and its encoder if the
  // column encodes (most store the value as it is: the base column's identity).
  const names: (string | null)[] = [];
  const constants: unknown[] = [];
  const encoders: (Encode | null)[] = [];
  for (const param of params) {
    const placeholder = is(param, Placeholder) ? param : is(param, Param) && is(param.value, Placeholder) ? param.value : null;
    const encoder = is(param, Param) && placeholder ? param.encoder : undefined;
    names.push(placeholder ? placeholder.name : null);
    constants.push(placeholder ? undefined : param);
    encoders.push(encoder && encoder.mapToDriverValue !== Column.prototype.mapToDriverValue ? (value) => encoder.mapToDriverValue(value) : null);
  }
  const count = params.length;
  return {
    run(values: V): Database.RunResult {
      const args = new Array<unknown>(count);
      for (let i = 0; i < count; i++) {
        const name = names[i];
        if (name === null || name === undefined) args[i] = constants[i];
        else {
          const encode = encoders[i];
          args[i] = encode ? encode(values[name]) : values[name];
        }
      }
      // Spread, not an array: better-sqlite3 reads an array element by element through V8's API.
      return statement.run(...args);
    },
  };
}
