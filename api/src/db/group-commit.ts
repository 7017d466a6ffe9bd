import type Database from 'better-sqlite3';

interface Pending {
  work: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit (ADR 014): the writes that arrive while the event loop is busy run together at
 * the next turn, each in its own savepoint, inside one transaction, so they share one COMMIT and
 * one fsync (`synchronous=FULL`) instead of paying one each. Every caller is answered only after
 * that COMMIT: nothing is acknowledged before it is on disk, exactly as with a transaction of its
 * own. A write that throws rolls back to its savepoint and fails alone.
 */
export function createGroupCommit(sqlite: Database.Database) {
  let pending: Pending[] = [];
  let batches = 0;
  let writes = 0;

  function flush() {
    const batch = pending;
    pending = [];
    const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
    try {
      sqlite.transaction(() => {
        for (const item of batch) {
          try {
            outcomes.push({ ok: true, value: sqlite.transaction(item.work)() });
          } catch (error) {
            outcomes.push({ ok: false, error });
          }
        }
      })();
    } catch (error) {
      // The COMMIT itself failed (a full disk): nothing of the batch is stored.
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
    run<T>(work: () => T): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        pending.push({ work, resolve: resolve as (value: unknown) => void, reject });
        if (pending.length === 1) setImmediate(flush);
      });
    },

    /** How many groups have committed and how many writes they held. */
    stats: () => ({ batches, writes }),
  };
}

export type GroupCommit = ReturnType<typeof createGroupCommit>;
