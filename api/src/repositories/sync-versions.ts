/**
 * The server-wide sync version (ARCHITECTURE §3, ADR 031) and the unit of work that stamps it:
 * every synced write takes the next version, in the caller's transaction, and names the user
 * whose row it stamps (live updates, ADR 023).
 *
 * Versions must become visible in the order they were taken, so a pull at version v never later
 * meets a row stamped ≤ v it did not see. On SQLite the one writer gives that; on PostgreSQL the
 * first version a transaction takes locks the counter's row until it commits, so writers that
 * stamp versions commit one after another.
 */
import type { Clock } from '#protocol/clock/hlc.ts';
import type { SqlDatabase } from '../db/sql/port.ts';

/** A repository that keeps writes in memory during a unit of work and stores them at its end. */
export interface UnitOfWorkParticipant<Kept> {
  /** What it keeps for one unit of work, made when the unit begins. */
  begin(): Kept;
  /** Stores what it kept, with versions still taken from memory. */
  flush(kept: Kept): Promise<void>;
}

interface Unit {
  /** The counter's value when the unit took it, at its first stamp; undefined before. */
  start: number | undefined;
  version: number;
  kept: Map<UnitOfWorkParticipant<unknown>, unknown>;
}

export function createSyncVersions(db: SqlDatabase, clock: Clock, changed: (userId: string) => void = () => {}) {
  const lock = db.dialect === 'postgres' ? ' FOR UPDATE' : '';
  const participants: UnitOfWorkParticipant<unknown>[] = [];
  /** The key of the open transaction's unit of work, kept with the transaction: its versions come from memory and are written back once. */
  const unitKey = {};
  const unit = () => db.transactionLocals()?.get(unitKey) as Unit | undefined;

  /**
   * The unit takes the counter at its first stamp (or `hold`): a unit that stamps nothing never
   * waits for it. With it comes the latest HLC any instance stored, which this clock receives.
   */
  const take = async (open: Unit) => {
    if (open.start !== undefined) return;
    const counter = (await db.get<{ value: number; last_stamp: string | null }>(`SELECT value, last_stamp FROM sync_counter WHERE id = 1${lock}`)) as { value: number; last_stamp: string | null };
    open.version = open.start = counter.value;
    if (counter.last_stamp) clock.receive(counter.last_stamp);
  };

  const read = async () => ((await db.get<{ value: number }>('SELECT value FROM sync_counter WHERE id = 1')) as { value: number }).value;

  return {
    current: async (): Promise<number> => {
      const open = unit();
      return open?.start !== undefined ? open.version : read();
    },

    /** The next sync version, stamped on a row of `userId`'s. */
    async bump(userId: string): Promise<number> {
      changed(userId);
      const open = unit();
      if (!open) return ((await db.get<{ value: number }>('UPDATE sync_counter SET value = value + 1 WHERE id = 1 RETURNING value')) as { value: number }).value;
      await take(open);
      return ++open.version;
    },

    /**
     * Takes the counter for the open unit of work now rather than at its first stamp. On
     * PostgreSQL a writer that locks other rows (a push its device's) takes the counter first:
     * the one order every writer keeps, so two never wait for each other.
     */
    async hold(): Promise<void> {
      const open = unit();
      if (open) await take(open);
    },

    /**
     * A server HLC for a change made in the open unit of work (an edit online, a device's stamp
     * from the future replaced): taken with the counter, so it orders after every stamp stored
     * before it, whichever instance gave that one and whatever the two clocks read.
     */
    async stamp(remote?: string): Promise<string> {
      const open = unit();
      if (!open) throw new Error('a server stamp is taken inside a unit of work');
      await take(open);
      return remote === undefined ? clock.now() : clock.stamp(remote);
    },

    /** Takes part in every unit of work; `kept()` is what it keeps in the current one (null outside one). */
    enlist<Kept>(participant: UnitOfWorkParticipant<Kept>): { kept(): Kept | null } {
      participants.push(participant as UnitOfWorkParticipant<unknown>);
      return { kept: () => (unit()?.kept.get(participant as UnitOfWorkParticipant<unknown>) as Kept | undefined) ?? null };
    },

    /**
     * Runs `fn` (inside the caller's transaction) as one unit of work: versions counted in memory
     * and stored once at the end, each participant's kept writes stored once. A push of a thousand
     * mutations then costs one counter write, not a thousand, and a group commit's writes one for
     * them all. A unit opened inside another is part of it. If `fn` throws, the caller's
     * transaction rolls back.
     */
    async inUnitOfWork<T>(fn: () => Promise<T>): Promise<T> {
      const locals = db.transactionLocals();
      if (!locals) throw new Error('a unit of work runs inside a transaction');
      // Inside another (a push in a group commit's): part of it, stored at its end.
      if (locals.has(unitKey)) return fn();
      const open: Unit = { start: undefined, version: 0, kept: new Map(participants.map((participant) => [participant, participant.begin()])) };
      locals.set(unitKey, open);
      try {
        const value = await fn();
        for (const [participant, kept] of open.kept) await participant.flush(kept);
        if (open.start !== undefined && open.version !== open.start) await db.run('UPDATE sync_counter SET value = ?, last_stamp = ? WHERE id = 1', [open.version, clock.last()]);
        return value;
      } finally {
        locals.delete(unitKey);
      }
    },
  };
}

export type SyncVersions = ReturnType<typeof createSyncVersions>;
