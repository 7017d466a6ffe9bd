/**
 * A synced table's repository with no code of its own (docs/adding-a-synced-entity.md): rows
 * keyed by a client id (UUIDv7, unique across users) in a table with `id`, `user_id` and
 * `version` columns. By default a row's fields are its other columns, as the schema names them;
 * `mapping` converts where they differ (an instant kept as milliseconds, say).
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { TableStorage } from '#protocol/mutations/storage.ts';
import type { AppDatabase } from '../db/client.ts';
import type { SyncedTableRepository, VersionedRow } from './synced-tables.ts';
import type { SyncVersions } from './sync-versions.ts';

type OwnedTable = SQLiteTable & { id: SQLiteColumn; userId: SQLiteColumn; version: SQLiteColumn };

/** A row with the columns as they are stored, but for the user and the version (the default mapping). */
type StoredRow<T extends OwnedTable> = Omit<T['$inferSelect'], 'userId' | 'version'> & { id: string };

export interface RowMapping<T extends OwnedTable, Row extends { id: string }> {
  /** The row as it crosses the wire, from the stored one. */
  toRow(stored: T['$inferSelect']): Row;
  /** The stored columns of a row, but for `id`, `userId` and `version`. */
  toColumns(row: Row): Partial<T['$inferInsert']>;
}

const p = (name: string) => sql.placeholder(name);

export function createOwnedRows<T extends OwnedTable, Row extends { id: string } = StoredRow<T>>(
  { db }: AppDatabase,
  versions: SyncVersions,
  table: T,
  mapping: RowMapping<T, Row> = {
    toRow: ({ userId: _userId, version: _version, ...row }) => row as unknown as Row,
    toColumns: (row) => row as unknown as Partial<T['$inferInsert']>,
  },
) {
  // Typed by `T` where drizzle's generic table types cannot follow.
  const from = table as SQLiteTable;
  const byId = db.select().from(from).where(eq(table.id, p('id'))).prepare();
  const changedAfter = db
    .select()
    .from(from)
    .where(and(eq(table.userId, p('userId')), gt(table.version, p('cursor'))))
    .orderBy(table.version)
    .limit(p('limit'))
    .prepare();

  const owned = (userId: string, id: string): T['$inferSelect'] | undefined => {
    const stored = byId.get({ id }) as T['$inferSelect'] | undefined;
    return stored && stored.userId === userId ? stored : undefined;
  };

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
      (changedAfter.all({ userId, cursor, limit }) as T['$inferSelect'][]).map((stored) => ({ version: stored.version as number, row: mapping.toRow(stored) })),

    /** One of the user's rows, or null (absent, or someone else's). */
    find(userId: string, id: string): Row | null {
      const stored = owned(userId, id);
      return stored ? mapping.toRow(stored) : null;
    },
  } satisfies SyncedTableRepository<Row> & Record<string, unknown>;
}
