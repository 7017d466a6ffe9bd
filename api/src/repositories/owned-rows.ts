/**
 * A synced table's repository with no code of its own (docs/adding-a-synced-entity.md): rows
 * keyed by a client id (UUIDv7, unique across users) in a table with `id`, `user_id` and
 * `version` columns. By default a row's fields are its other columns, as the schema names them;
 * `mapping` converts where they differ (an instant kept as milliseconds, say).
 */
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { AppDatabase } from '../db/client.ts';
import { tableRows } from '../db/sql/table-rows.ts';
import { changedAfterQuery, insertIfAbsent, ownedByIdQuery, type VersionedTable } from './queries.ts';
import type { AsyncTableStorage, SyncedTableRepository, VersionedRow } from './synced-tables.ts';
import type { SyncVersions } from './sync-versions.ts';

type OwnedTable = VersionedTable & { id: SQLiteColumn };

/** A row with the columns as they are stored, but for the user and the version (the default mapping). */
type StoredRow<T extends OwnedTable> = Omit<T['$inferSelect'], 'userId' | 'version'> & { id: string };

export interface RowMapping<T extends OwnedTable, Row extends { id: string }> {
  /** The row as it crosses the wire, from the stored one. */
  toRow(stored: T['$inferSelect']): Row;
  /** The stored columns of a row, but for `id`, `userId` and `version`. */
  toColumns(row: Row): Partial<T['$inferInsert']>;
}

export function createOwnedRows<T extends OwnedTable, Row extends { id: string } = StoredRow<T>>(
  { sql: db }: Pick<AppDatabase, 'sql'>,
  versions: SyncVersions,
  table: T,
  mapping: RowMapping<T, Row> = {
    toRow: ({ userId: _userId, version: _version, ...row }) => row as unknown as Row,
    toColumns: ({ id: _id, ...columns }) => columns as unknown as Partial<T['$inferInsert']>,
  },
) {
  const rows = tableRows(table);
  const changedAfter = changedAfterQuery(db, table);
  const owned = ownedByIdQuery(db, table);

  return {
    storageFor(userId: string): AsyncTableStorage<Row> {
      return {
        get: async (id) => {
          const stored = await owned(userId, id);
          return stored && mapping.toRow(stored);
        },
        insert: async (row) => {
          const fields = { ...mapping.toColumns(row), id: row.id, userId, version: await versions.bump(userId) } as Partial<T['$inferInsert']>;
          if ((await insertIfAbsent(db, table, fields)) === 1) return 'inserted';
          return (await owned(userId, row.id)) ? 'exists' : 'taken';
        },
        // Written only where the id is this user's: another user's row is never touched.
        put: async (row) => {
          const columns = rows.encode({ ...mapping.toColumns(row), version: await versions.bump(userId) } as Partial<T['$inferInsert']>);
          // Quoted: a column may be named as a keyword (messages.from).
          const names = ['id', 'user_id', ...columns.names].map((name) => `"${name}"`);
          await db.run(
            `INSERT INTO "${rows.name}" (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')}) ` +
              `ON CONFLICT (id) DO UPDATE SET ${names.slice(2).map((name) => `${name} = excluded.${name}`).join(', ')} WHERE "${rows.name}".user_id = ?`,
            [row.id, userId, ...columns.params, userId],
          );
        },
      };
    },

    changedAfter: async (userId: string, cursor: number, limit: number): Promise<VersionedRow<Row>[]> =>
      (await changedAfter(userId, cursor, limit)).map((stored) => ({ version: stored.version as number, row: mapping.toRow(stored) })),

    /** One of the user's rows, or null (absent, or someone else's). */
    async find(userId: string, id: string): Promise<Row | null> {
      const stored = await owned(userId, id);
      return stored ? mapping.toRow(stored) : null;
    },
  } satisfies SyncedTableRepository<Row> & Record<string, unknown>;
}
