import { startTransition, useEffect, useState } from 'react';
import { create } from 'zustand';
import { isHydrating } from '#pwa/lib/hydration.ts';
import type { UserDb } from './user-db.ts';

/** The signed-in user's database, once the data layer is active (sync/user-data.ts sets it). */
export const useUserDb = create<{ db: UserDb | null }>(() => ({ db: null }));

/**
 * The signed-in user's database, for a screen. Every screen of the signed-in app reads through it,
 * so its arrival re-renders them all: as a transition, in slices that yield to the browser. A store
 * hook (useSyncExternalStore) renders a change synchronously, and the database opens while React
 * hydrates the dashboard the server sent, so every screen rendered again in one task right after
 * hydrating (158 ms unthrottled; 580 ms of Lighthouse's blocking time, ADR 026). Closing it (logout,
 * another account) is not deferred: no screen queries a closed database for longer than a render.
 */
export function useCurrentDb(): UserDb | null {
  const [db, setDb] = useState(() => (isHydrating() ? null : useUserDb.getState().db));
  useEffect(() => {
    const follow = () => {
      const current = useUserDb.getState().db;
      if (current) startTransition(() => setDb(current));
      else setDb(null);
    };
    follow();
    return useUserDb.subscribe(follow);
  }, []);
  return db;
}
