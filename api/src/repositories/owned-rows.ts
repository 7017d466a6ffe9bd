/**
 * A synced table's repository with no code of its own (docs/adding-a-synced-entity.md): rows
 * keyed by a client id (UUIDv7, unique across users) in a table with `id`, `user_id` and
 * `version` columns. By default a row's fields are its other columns, as the schema names them;
 * `mapping` converts where they differ (an instant kept as milliseconds, say).
 */
import { eq } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { TableStorage } from '#protocol/mutations/storage.ts';
import type { AppDatabase } from '../db/client.ts';
import { changedAfterQuery, ownedByIdQuery, type VersionedTable } from './queries.ts';
import type { SyncedTableRepository, VersionedRow } from './synced-tables.ts';
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
  { db }: AppDatabase,
  versions: SyncVersions,
  table: T,
  mapping: RowMapping<T, Row> = {
    toRow: ({ userId: _userId, version: _version, ...row }) => row as unknown as Row,
    toColumns: ({ id: _id, ...columns }) => columns as unknown as Partial<T['$inferInsert']>,
  },
) {
  // Typed by `T` where drizzle's generic table types cannot follow.
  const from = table as SQLiteTable;
  const changedAfter = changedAfterQuery(db, table);
  const owned = ownedByIdQuery(db, table);

  return {
    storageFor(userId: string): TableStorage<Row> {
      return {
        get: (id) => {
          const stored = owned(userId, id);
          return stored && mapping.toRow(stored);
        },
        insert: (row) => {
          const values = { ...mapping.toColumns(row), id: row.id, userId, version: versions.bump(userId) };
          const { changes } = db.insert(from).values(values).onConflictDoNothing().run();
          if (changes === 1) return 'inserted';
          return owned(userId, row.id) ? 'exists' : 'taken';
        },
        // Written only where the id is this user's: another user's row is never touched.
        put: (row) => {
          const columns = { ...mapping.toColumns(row), version: versions.bump(userId) };
          db.insert(from)
            .values({ ...columns, id: row.id, userId })
            .onConflictDoUpdate({ target: table.id, set: columns, setWhere: eq(table.userId, userId) })
            .run();
        },
      };
    },

    changedAfter: (userId: string, cursor: number, limit: number): VersionedRow<Row>[] =>
      changedAfter(userId, cursor, limit).map((stored) => ({ version: stored.version as number, row: mapping.toRow(stored) })),

    /** One of the user's rows, or null (absent, or someone else's). */
    find(userId: string, id: string): Row | null {
      const stored = owned(userId, id);
      return stored ? mapping.toRow(stored) : null;
    },
  } satisfies SyncedTableRepository<Row> & Record<string, unknown>;
}
