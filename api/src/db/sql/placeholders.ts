/**
 * SQLite's `?` placeholders numbered for PostgreSQL (`$1`, `$2`, …), skipping quoted strings,
 * quoted identifiers and comments, where a `?` is text (ADR 031: SQL is written once).
 */
export function numberPlaceholders(sql: string): string {
  let out = '';
  let count = 0;
  let i = 0;
  while (i < sql.length) {
    const char = sql[i] as string;
    if (char === "'" || char === '"') {
      // A quote inside is doubled ('it''s'): the scan simply closes and reopens.
      const end = sql.indexOf(char, i + 1);
      const stop = end === -1 ? sql.length : end + 1;
      out += sql.slice(i, stop);
      i = stop;
    } else if (char === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i);
      const stop = end === -1 ? sql.length : end;
      out += sql.slice(i, stop);
      i = stop;
    } else if (char === '/' && sql[i + 1] === '*') {
      const end = sql.indexOf('*/', i + 2);
      const stop = end === -1 ? sql.length : end + 2;
      out += sql.slice(i, stop);
      i = stop;
    } else {
      out += char === '?' ? `$${++count}` : char;
      i += 1;
    }
  }
  return out;
}
