/**
 * The server-wide sync version (ARCHITECTURE §3) and the unit of work that stamps it: every
 * synced write takes the next version, in the caller's transaction, and names the user whose row
 * it stamps (live updates, ADR 023).
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { syncCounter } from '../db/schema/index.ts';

/** A repository that keeps writes in memory during a unit of work and stores them at its end. */
export interface UnitOfWorkParticipant {
  begin(): void;
  /** Stores what it kept, with versions still taken from memory. */
  flush(): void;
  /** Drops what it kept (the unit of work failed, or ended after `flush`). */
  end(): void;
}

export function createSyncVersions(db: Db, changed: (userId: string) => void = () => {}) {
  const next = db
    .update(syncCounter)
    .set({ value: sql`${syncCounter.value} + 1` })
    .where(eq(syncCounter.id, 1))
    .returning({ value: syncCounter.value })
    .prepare();
  const read = db.select({ value: syncCounter.value }).from(syncCounter).where(eq(syncCounter.id, 1)).prepare();
  const store = db.update(syncCounter).set({ value: sql`${sql.placeholder('value')}` }).where(eq(syncCounter.id, 1)).prepare();
  const participants: UnitOfWorkParticipant[] = [];
  /** Within a unit of work (see `inUnitOfWork`) versions come from memory and are written back once. */
  let batchVersion: number | null = null;

  return {
    current: (): number => batchVersion ?? (read.get() as { value: number }).value,

    /** The next sync version, stamped on a row of `userId`'s. */
    bump(userId: string): number {
      changed(userId);
      return batchVersion !== null ? ++batchVersion : (next.get() as { value: number }).value;
    },

    enlist(participant: UnitOfWorkParticipant): void {
      participants.push(participant);
    },

    /**
     * Runs `fn` (inside the caller's transaction) as one unit of work: versions counted in memory
     * and stored once at the end, each participant's kept writes stored once. A push of a thousand
     * mutations then costs one counter write, not a thousand. If `fn` throws, the caller's
     * transaction rolls back.
     */
    inUnitOfWork<T>(fn: () => T): T {
      batchVersion = (read.get() as { value: number }).value;
      for (const participant of participants) participant.begin();
      try {
        const value = fn();
        for (const participant of participants) participant.flush();
        store.run({ value: batchVersion });
        return value;
      } finally {
        batchVersion = null;
        for (const participant of participants) participant.end();
      }
    },
  };
}

export type SyncVersions = ReturnType<typeof createSyncVersions>;
