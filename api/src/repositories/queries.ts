/** Statements every per-user synced table's repository prepares, written once. */
import { and, eq, gt, sql } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Db } from '../db/client.ts';

/** A named placeholder of a statement prepared once. */
export const p = (name: string) => sql.placeholder(name);

/** A table of rows that belong to a user and carry the sync version that stamped them last. */
export type VersionedTable = SQLiteTable & { userId: SQLiteColumn; version: SQLiteColumn };

/** One user's rows stamped after `cursor`, oldest version first, at most `limit` (a pull's page). */
export function changedAfterQuery<T extends VersionedTable>(db: Db, table: T): (userId: string, cursor: number, limit: number) => T['$inferSelect'][] {
  const query = db
    .select()
    .from(table as SQLiteTable)
    .where(and(eq(table.userId, p('userId')), gt(table.version, p('cursor'))))
    .orderBy(table.version)
    .limit(p('limit'))
    .prepare();
  return (userId, cursor, limit) => query.all({ userId, cursor, limit }) as T['$inferSelect'][];
}

/** A row by its client id when it is this user's; another user's reads as absent. */
export function ownedByIdQuery<T extends VersionedTable & { id: SQLiteColumn }>(db: Db, table: T): (userId: string, id: string) => T['$inferSelect'] | undefined {
  const query = db.select().from(table as SQLiteTable).where(eq(table.id, p('id'))).prepare();
  return (userId, id) => {
    const row = query.get({ id }) as T['$inferSelect'] | undefined;
    return row && row.userId === userId ? row : undefined;
  };
}
