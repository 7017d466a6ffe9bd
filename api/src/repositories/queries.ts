/** Statements every per-user synced table's repository runs, written once (ADR 031: SQL text through the port). */
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { SqlDatabase } from '../db/sql/port.ts';
import { tableRows } from '../db/sql/table-rows.ts';

/** A table of rows that belong to a user and carry the sync version that stamped them last. */
export type VersionedTable = SQLiteTable & { userId: SQLiteColumn; version: SQLiteColumn };

/** One user's rows stamped after `cursor`, oldest version first, at most `limit` (a pull's page). */
export function changedAfterQuery<T extends VersionedTable>(db: SqlDatabase, table: T): (userId: string, cursor: number, limit: number) => Promise<T['$inferSelect'][]> {
  const rows = tableRows(table);
  const sql = `SELECT * FROM ${rows.name} WHERE user_id = ? AND version > ? ORDER BY version LIMIT ?`;
  return async (userId, cursor, limit) => (await db.all<Record<string, unknown>>(sql, [userId, cursor, limit])).map(rows.decode);
}

/** A row by its client id when it is this user's; another user's reads as absent. */
export function ownedByIdQuery<T extends VersionedTable & { id: SQLiteColumn }>(db: SqlDatabase, table: T): (userId: string, id: string) => Promise<T['$inferSelect'] | undefined> {
  const rows = tableRows(table);
  const sql = `SELECT * FROM ${rows.name} WHERE id = ?`;
  return async (userId, id) => {
    const stored = await db.get<Record<string, unknown>>(sql, [id]);
    return stored && stored.user_id === userId ? rows.decode(stored) : undefined;
  };
}

/** `INSERT … ON CONFLICT DO NOTHING` of the fields given: how many rows it stored (0 when the key is held). */
export async function insertIfAbsent<T extends SQLiteTable>(db: SqlDatabase, table: T, fields: Partial<T['$inferInsert']>): Promise<number> {
  const rows = tableRows(table);
  const { names, params } = rows.encode(fields);
  // Quoted: a column may be named as a keyword (messages.from).
  const { changes } = await db.run(`INSERT INTO "${rows.name}" (${names.map((name) => `"${name}"`).join(', ')}) VALUES (${names.map(() => '?').join(', ')}) ON CONFLICT DO NOTHING`, params);
  return changes;
}
