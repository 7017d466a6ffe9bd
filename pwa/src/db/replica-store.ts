import type { AsyncMutatorStorage } from '#protocol/mutations/mutator.ts';
import type { ReplicaStore } from '#protocol/replica.ts';
import { perSyncedTable, SYNCED_TABLE_NAMES, type SyncedRows } from '#protocol/tables.ts';
import type { UserDb } from './user-db.ts';

type SyncedTablesAsync = Omit<AsyncMutatorStorage, 'profile'>;

/** The replica and the mutators' storage port on IndexedDB; call inside a transaction over the tables used. */
export function dexieStore(db: UserDb): ReplicaStore {
  const profile = async () => (await db.profile.toArray())[0];
  return {
    mutable: {
      ...perSyncedTable<SyncedTablesAsync>((name) => {
        const table = db.synced(name);
        // A workout row's session is due its exercises' figures (ADR 030): noted beside the write, in its transaction.
        const due = name.startsWith('workout') ? (row: unknown) => void db.figuresDue.put(0, (row as { sessionId?: string }).sessionId ?? (row as { id: string }).id) : () => {};
        return {
          get: (key: string) => table.get(key),
          // A device holds only its user's rows: a key it has is this user's. One request, not a read
          // then the add (a round trip less per add); Dexie keeps the transaction when its failure is caught.
          insert: (row: SyncedRows[typeof name]) => (
            due(row),
            table.add(row).then(
              () => 'inserted' as const,
              (error: Error) => (error.name === 'ConstraintError' ? ('exists' as const) : Promise.reject(error)),
            )
          ),
          put: (row: SyncedRows[typeof name]) => (due(row), table.put(row)),
        };
      }),
      profile: {
        get: profile,
        patch: async (fields, profileHlcs) => {
          const current = await profile();
          if (current) await db.profile.put({ ...current, ...fields, profileHlcs });
        },
      },
    },
    put: async (table, row) => void (await db.table(table).put(row)),
    delete: (table, id) => db.table(table).delete(id),
    clear: async () => {
      await Promise.all([...SYNCED_TABLE_NAMES.map((name) => db.synced(name).clear()), db.exerciseSessions.clear(), db.diets.clear(), db.workouts.clear(), db.subscriptions.clear()]);
    },
  };
}
