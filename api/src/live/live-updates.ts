/**
 * Live updates (issue 19, part 6; ADR 023): when a user's synced data changes on the server,
 * their open pages are told that there is something to pull. A poke carries only the server's
 * sync version, never data: pull stays the one way data arrives.
 *
 * Writers call `changed(userId)` inside their transaction (every sync-version stamp does). The
 * pokes go out on the next turn of the event loop: better-sqlite3 commits synchronously, and a
 * group commit (ADR 014) commits within the turn that ran it, so a page never pulls before the
 * change is there. A rolled-back write only costs a pull that finds nothing.
 *
 * The fan-out is per process; past one VM it moves to the database (LISTEN/NOTIFY), behind
 * the same three calls.
 */
import type Database from 'better-sqlite3';

/** Open streams one user may hold: a tab per device is a handful; more is a leak or an attack. */
export const MAX_STREAMS_PER_USER = 8;

export interface LiveListener {
  /** Something changed for the user: the server's sync version after the change. */
  poke(version: number): void;
  /** The server is stopping: end the stream (the browser reconnects to the next process). */
  close(): void;
}

export function createLiveUpdates(sqlite: Database.Database) {
  const version = sqlite.prepare<[], { value: number }>('SELECT value FROM sync_counter WHERE id = 1');
  const listeners = new Map<string, Set<LiveListener>>();
  let pending = new Set<string>();

  function flush() {
    const told = [...pending].flatMap((userId) => [...(listeners.get(userId) ?? [])]);
    pending = new Set();
    if (told.length === 0 || !sqlite.open) return; // nobody is listening: no read at all
    const current = (version.get() as { value: number }).value;
    for (const listener of told) listener.poke(current);
  }

  return {
    changed(userId: string): void {
      if (pending.size === 0) setImmediate(flush);
      pending.add(userId);
    },

    /** Listens for the user's changes; returns the call that stops listening. */
    subscribe(userId: string, listener: LiveListener): () => void {
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

    version: () => (version.get() as { value: number }).value,

    /** Open streams, for the health of a shutdown and for tests. */
    connections: () => [...listeners.values()].reduce((sum, set) => sum + set.size, 0),

    /** Ends every open stream (graceful shutdown: `server.close()` waits for them). */
    closeAll(): void {
      for (const set of listeners.values()) for (const listener of set) listener.close();
    },
  };
}

export type LiveUpdates = ReturnType<typeof createLiveUpdates>;
