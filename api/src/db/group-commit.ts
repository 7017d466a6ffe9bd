import type { SqlDatabase } from './sql/port.ts';

interface Pending {
  work: () => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit (ADR 014, ADR 031): the writes that arrive while the event loop is busy run
 * together at the next turn, each in its own savepoint, inside one transaction, so they share one
 * COMMIT and one flush to disk instead of paying one each (and, on PostgreSQL, take the sync
 * version counter's lock once). Every caller is answered only after that COMMIT: nothing is
 * acknowledged before it is on disk, exactly as with a transaction of its own. A write that
 * throws rolls back to its savepoint and fails alone.
 */
export function createGroupCommit(db: SqlDatabase) {
  let pending: Pending[] = [];
  let batches = 0;
  let writes = 0;

  async function flush() {
    const batch = pending;
    pending = [];
    const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
    try {
      await db.transaction(async () => {
        for (const item of batch) {
          try {
            outcomes.push({ ok: true, value: await db.transaction(item.work) });
          } catch (error) {
            outcomes.push({ ok: false, error });
          }
        }
      });
    } catch (error) {
      // The COMMIT itself failed (a full disk, a lost connection): nothing of the batch is stored.
      for (const item of batch) item.reject(error);
      return;
    }
    batches += 1;
    writes += batch.length;
    batch.forEach((item, index) => {
      const outcome = outcomes[index] as (typeof outcomes)[number];
      if (outcome.ok) item.resolve(outcome.value);
      else item.reject(outcome.error);
    });
  }

  return {
    /** Runs `work` in the next group's transaction; resolves with its result once committed. */
    run<T>(work: () => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        pending.push({ work, resolve: resolve as (value: unknown) => void, reject });
        if (pending.length === 1) setImmediate(() => void flush());
      });
    },

    /** How many groups have committed and how many writes they held. */
    stats: () => ({ batches, writes }),
  };
}

export type GroupCommit = ReturnType<typeof createGroupCommit>;
