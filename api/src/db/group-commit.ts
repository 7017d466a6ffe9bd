import type { SqlDatabase } from './sql/port.ts';

interface Pending {
  work: () => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit (ADR 014, ADR 031): the writes that arrive while the event loop is busy run
 * together at the next turn inside one transaction, so they share one COMMIT and one flush to
 * disk instead of paying one each (and, on PostgreSQL, take the sync version counter's lock
 * once). Every caller is answered only after that COMMIT: nothing is
 * acknowledged before it is on disk, exactly as with a transaction of its own. A write that
 * throws fails alone: the group runs again with a savepoint for each write, its own rolled back.
 *
 * `asOneUnit` wraps the group's writes in one unit of work (the sync versions': counted in memory
 * and stored once for the whole group). The writes are taken when it calls them, not when the
 * transaction opens: a unit that first waits (on PostgreSQL for the sync counter, which another
 * instance's group holds until its COMMIT) takes in the writes that arrived while it waited.
 *
 * One group runs at a time: the writes that arrive while it commits wait for it and form the
 * next. Groups run side by side would only queue behind each other (SQLite's one writer,
 * PostgreSQL's counter row), each smaller and each paying its own COMMIT.
 */
export function createGroupCommit(db: SqlDatabase, asOneUnit: <T>(work: () => Promise<T>) => Promise<T> = (work) => work()) {
  let pending: Pending[] = [];
  let batches = 0;
  let writes = 0;
  let running = false;

  /** Starts the next group at the next turn, unless one is running: its end starts the next. */
  function schedule() {
    if (running || pending.length === 0) return;
    running = true;
    setImmediate(() =>
      void flush().finally(() => {
        running = false;
        schedule();
      }),
    );
  }

  async function flush() {
    let batch: Pending[] | undefined;
    /** The group's writes: those pending when it is first asked, the same ones on every attempt. */
    const take = (): Pending[] => {
      if (!batch) {
        batch = pending;
        pending = [];
      }
      return batch;
    };
    let outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
    try {
      // Optimistic: the writes run without savepoints, and all again with them if one fails.
      await db.transaction(
        () =>
          asOneUnit(async () => {
            outcomes = [];
            // Taken once the unit has begun, not before: on PostgreSQL it may have waited for the
            // sync counter (another instance's group), and the writes that arrived meanwhile join
            // this group instead of waiting for the next commit.
            for (const item of take()) {
              try {
                outcomes.push({ ok: true, value: await db.transaction(item.work) });
              } catch (error) {
                outcomes.push({ ok: false, error });
              }
            }
          }),
        { optimistic: true },
      );
    } catch (error) {
      // The COMMIT itself failed (a full disk, a lost connection), or the group could not begin:
      // nothing of the batch is stored.
      for (const item of take()) item.reject(error);
      return;
    }
    const taken = take();
    batches += 1;
    writes += taken.length;
    taken.forEach((item, index) => {
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
        schedule();
      });
    },

    /** How many groups have committed and how many writes they held. */
    stats: () => ({ batches, writes }),
  };
}

export type GroupCommit = ReturnType<typeof createGroupCommit>;
