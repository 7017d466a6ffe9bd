/**
 * A device's copy of the user's data, whatever stores it (IndexedDB in the PWA, memory in the
 * property tests). Local writes apply at once through the same conflict rules the server runs;
 * a pull writes the server's rows and then replays the still-pending mutations on top (rebase).
 * Every rule is idempotent, so replaying a mutation onto a row that already reflects it is a no-op.
 */
import { mutatorNamed, type Mutation } from './mutations/envelope.ts';
import { runMutatorAsync, type AsyncMutatorStorage } from './mutations/mutator.ts';
import type { MutatorStorage, SyncedTablesStorage, TableStorage } from './mutations/storage.ts';
import type { ProfileDto } from './contract/clients.ts';
import type { DietPlanDto, WorkoutPlanDto } from './contract/plans.ts';
import type { SubscriptionDto } from './contract/subscriptions.ts';
import { isTombstone, type PulledChanges } from './contract/sync.ts';
import { keyOf, perSyncedTable, SYNCED_TABLE_NAMES, type SyncedRows, type SyncedTableName } from './tables.ts';

/** Tables only the server writes: a device stores what it pulls. */
interface ServerRows {
  profile: ProfileDto;
  diets: DietPlanDto;
  workouts: WorkoutPlanDto;
  subscriptions: SubscriptionDto;
}
type ServerTable = keyof ServerRows;

/** Storage of one replica. Implementations run all calls of one operation in one transaction. */
export interface ReplicaStore {
  /**
   * What the mutators read and write (../mutations/storage.ts), answering with promises; a pull
   * writes the synced tables' rows (../tables.ts) through it too.
   */
  mutable: AsyncMutatorStorage;
  /** The rest of a pull's rows: the server's word, written as they are (or deleted, for a tombstone). */
  put<T extends ServerTable>(table: T, row: ServerRows[T]): Promise<void>;
  delete(table: Exclude<ServerTable, 'profile'>, id: string): Promise<void>;
  /** Drops everything (full resync). */
  clear(): Promise<void>;
}

/** Applies one mutation to the replica with its mutator, as the server will; returns whether anything changed. */
export async function applyLocally(store: ReplicaStore, mutation: Mutation, now: number = Date.now()): Promise<boolean> {
  const mutator = mutatorNamed(mutation.name);
  if (!mutator) return false;
  const context = { hlc: mutation.hlc, localDate: mutation.localDate, now };
  const result = await runMutatorAsync(mutator.apply(mutation.args as never, context), store.mutable);
  return result.ok && result.changed;
}

/**
 * Writes a pull's rows (the server's word), then replays the pending mutations on top. With
 * `reset`, the replica is emptied first: a full resync after the server lost or refused history.
 */
export async function applyPull(
  store: ReplicaStore,
  changes: PulledChanges,
  pending: readonly Mutation[],
  reset: boolean,
): Promise<void> {
  if (reset) await store.clear();
  if (changes.profile) await store.put('profile', changes.profile);
  for (const name of SYNCED_TABLE_NAMES) {
    const table = store.mutable[name] as AsyncTableStorage<SyncedRows[typeof name]>;
    for (const row of changes[name]) await table.put(row);
  }
  for (const table of ['diets', 'workouts'] as const) for (const plan of changes[table]) await (isTombstone(plan) ? store.delete(table, plan.id) : store.put(table, plan));
  for (const subscription of changes.subscriptions) await store.put('subscriptions', subscription);
  for (const mutation of pending) await applyLocally(store, mutation);
}

/**
 * The latest HLC among the pulled rows' field stamps: the device's clock receives it, so that a
 * change made after seeing these rows orders after them, whatever the device's wall clock says.
 */
export function latestHlc(changes: Pick<PulledChanges, 'profile' | SyncedTableName>): string | null {
  let latest: string | null = null;
  const consider = (stamps: Record<string, string | undefined> | undefined) => {
    for (const hlc of Object.values(stamps ?? {})) if (hlc !== undefined && (latest === null || hlc > latest)) latest = hlc;
  };
  if (changes.profile) consider(changes.profile.profileHlcs);
  for (const name of SYNCED_TABLE_NAMES) for (const row of changes[name]) consider((row as { hlcs?: Record<string, string> }).hlcs);
  return latest;
}

type AsyncTableStorage<Row> = { [M in keyof TableStorage<Row>]: (...args: Parameters<TableStorage<Row>[M]>) => Promise<ReturnType<TableStorage<Row>[M]>> };

/** A replica in memory: the property tests' devices, and a reference for the IndexedDB one. */
export function createMemoryStore(): ReplicaStore & {
  rows: { [N in SyncedTableName]: Map<string, SyncedRows[N]> };
  profile: { value: ProfileDto | undefined };
  diets: Map<string, { id: string }>;
  workouts: Map<string, { id: string }>;
  subscriptions: Map<string, { id: string }>;
  /** The same storage answering at once, as the server's does. */
  synchronous: MutatorStorage;
} {
  const rows = perSyncedTable<{ [N in SyncedTableName]: Map<string, SyncedRows[N]> }>(() => new Map());
  const diets = new Map<string, { id: string }>();
  const workouts = new Map<string, { id: string }>();
  const subscriptions = new Map<string, { id: string }>();
  const profile: { value: ProfileDto | undefined } = { value: undefined };
  const synchronous: MutatorStorage = {
    ...perSyncedTable<SyncedTablesStorage>((name): TableStorage<SyncedRows[typeof name]> => {
      const table = rows[name] as Map<string, SyncedRows[typeof name]>;
      return {
        get: (key) => table.get(key),
        insert: (row) => (table.has(keyOf(name, row)) ? 'exists' : (table.set(keyOf(name, row), row), 'inserted')),
        put: (row) => void table.set(keyOf(name, row), row),
      };
    }),
    profile: {
      get: () => profile.value,
      patch: (fields, profileHlcs) => void (profile.value = profile.value && { ...profile.value, ...fields, profileHlcs }),
    },
  };
  const promised = (calls: Record<string, (...args: never[]) => unknown>) =>
    Object.fromEntries(Object.entries(calls).map(([method, call]) => [method, async (...args: never[]) => call(...args)]));
  return {
    rows,
    profile,
    diets,
    workouts,
    subscriptions,
    synchronous,
    mutable: Object.fromEntries(Object.entries(synchronous as unknown as Record<string, Parameters<typeof promised>[0]>).map(([table, calls]) => [table, promised(calls)])) as AsyncMutatorStorage,
    put: async (table, row) => {
      if (table === 'profile') profile.value = row as ProfileDto;
      else ({ diets, workouts, subscriptions })[table as Exclude<ServerTable, 'profile'>].set(row.id, row);
    },
    delete: async (table, id) => void ({ diets, workouts, subscriptions })[table].delete(id),
    clear: async () => {
      for (const name of SYNCED_TABLE_NAMES) rows[name].clear();
      diets.clear();
      workouts.clear();
      subscriptions.clear();
      profile.value = undefined;
    },
  };
}
