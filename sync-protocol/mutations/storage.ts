/**
 * The storage port the mutators read and write, as the synchronous server sees it; the device
 * implements the same calls with promises (`AsyncMutatorStorage`). One port per user: the server's
 * is scoped to the pushing user, so a row of someone else's is never seen (`undefined`) and never
 * written. Every write is stamped with the next sync version by the implementation (the server's
 * unit of work), so pulls carry it.
 *
 * Each synced table (../tables.ts) has the same three calls; the profile is the user's own row.
 */
import type { NoticeChoicesChange } from '../domain/notice-choices.ts';
import type { SyncedRows, SyncedTableName } from '../tables.ts';

/** The profile as the merge rules need it: each field's HLC stamp, and the notice switches a change merges into. */
export interface ProfileState {
  profileHlcs: Record<string, string>;
  notices?: NoticeChoicesChange;
}

/** One synced table of the user's, by its key (../tables.ts). */
export interface TableStorage<Row> {
  get(key: string): Row | undefined;
  /**
   * Stores a new row unless its key exists: 'exists' when it is this user's (a replay, or an add
   * after its delete), 'taken' when it is another user's.
   */
  insert(row: Row): 'inserted' | 'exists' | 'taken';
  /** Writes a changed row (a correction, a tombstone). */
  put(row: Row): void;
}

export type SyncedTablesStorage = { [N in SyncedTableName]: TableStorage<SyncedRows[N]> };

export type MutatorStorage = SyncedTablesStorage & {
  profile: {
    /** The user's own profile; undefined on a device that has not pulled it yet. */
    get(): ProfileState | undefined;
    /**
     * Sets the fields that won their merge and the new stamps. May refuse (e-mail taken) by
     * throwing a DomainError. The server keeps `currentWeight` as a weigh-in (ADR 018).
     */
    patch(fields: Record<string, unknown>, profileHlcs: Record<string, string>): void;
  };
};
