/**
 * Live updates (issue 19, part 6; ADR 023): when a user's synced data changes on the server,
 * their open pages are told that there is something to pull. A poke carries only the server's
 * sync version, never data: pull stays the one way data arrives.
 *
 * Writers call `changed(userId)` inside their transaction (every sync-version stamp does). The
 * pokes go out after it commits (the port's `afterCommit`), on the next turn of the event loop,
 * so a page never pulls before the change is there; a rolled-back write pokes nobody.
 *
 * Who changed travels through the database's channel (the port's `notify`/`listen`, ADR 031):
 * in-process on SQLite, PostgreSQL's NOTIFY across every instance, so a change made through one
 * instance reaches a page connected to another. Each process then reads the version and pokes its
 * own pages.
 */
import type { SqlDatabase } from '../db/sql/port.ts';

/** Open streams one user may hold: a tab per device is a handful; more is a leak or an attack. */
export const MAX_STREAMS_PER_USER = 8;

/** The database channel that carries the ids of changed users. */
const CHANNEL = 'leve_live';

export interface LiveListener {
  /** Something changed for the user: the server's sync version after the change. */
  poke(version: number): void;
  /** The server is stopping: end the stream (the browser reconnects to the next process). */
  close(): void;
}

export function createLiveUpdates(db: SqlDatabase) {
  const version = async () => ((await db.get<{ value: number }>('SELECT value FROM sync_counter WHERE id = 1')) as { value: number }).value;
  const listeners = new Map<string, Set<LiveListener>>();
  let pending = new Set<string>();
  let closed = false;

  async function flush() {
    const told = [...pending].flatMap((userId) => [...(listeners.get(userId) ?? [])]);
    pending = new Set();
    if (told.length === 0 || closed) return; // nobody is listening: no read at all
    const current = await version();
    for (const listener of told) listener.poke(current);
  }

  const noted = (userId: string) => {
    if (pending.size === 0) setImmediate(() => void flush().catch(() => {})); // out of reach: pages pull again when their stream reconnects
    pending.add(userId);
  };
  db.listen(CHANNEL, {
    heard: (payload) => {
      for (const userId of payload.split(',')) noted(userId);
    },
    // The channel broke for a while: every open page pulls, and finds what it missed.
    lost: () => {
      for (const userId of listeners.keys()) noted(userId);
    },
  });
  /** Users already told of in the open transaction: a push of many writes sends one notice. */
  const toldKey = {};
  const send = (userId: string) => void db.notify(CHANNEL, userId).catch(() => {});

  return {
    changed(userId: string): void {
      const locals = db.transactionLocals();
      if (locals) {
        const told = (locals.get(toldKey) as Set<string> | undefined) ?? new Set<string>();
        if (told.has(userId)) return;
        locals.set(toldKey, told.add(userId));
      }
      db.afterCommit(() => send(userId));
    },

    /** Listens for the user's changes; returns the call that stops listening. */
    subscribe(userId: string, listener: LiveListener): () => void {
      // Opened while the server stops: ended at once, so the page reconnects to another instance.
      if (closed) {
        listener.close();
        return () => {};
      }
      let set = listeners.get(userId);
      if (!set) listeners.set(userId, (set = new Set()));
      set.add(listener);
      // A Set iterates in insertion order: the first is the oldest stream.
      if (set.size > MAX_STREAMS_PER_USER) [...set][0]?.close();
      return () => {
        set.delete(listener);
        if (set.size === 0 && listeners.get(userId) === set) listeners.delete(userId);
      };
    },

    version,

    /** Open streams, for the health of a shutdown and for tests. */
    connections: () => [...listeners.values()].reduce((sum, set) => sum + set.size, 0),

    /** Ends every open stream, and every one opened after (graceful shutdown: `server.close()` waits for them). */
    closeAll(): void {
      closed = true;
      for (const set of listeners.values()) for (const listener of set) listener.close();
    },
  };
}

export type LiveUpdates = ReturnType<typeof createLiveUpdates>;
