import { startTransition, useEffect, useState } from 'react';
import type { StoreApi } from 'zustand';
import { isHydrating } from './hydration.ts';

/**
 * Part of a zustand store, for a screen that shows it while the app starts, with each change
 * rendered as a transition. zustand's own hook reads the store through useSyncExternalStore,
 * which renders every change synchronously; the sync status changes three times while the
 * dashboard hydrates and pulls, and each change was a synchronous render of the shell's header in
 * the middle of hydrating it (the longest tasks of a first visit, ADR 026). While React hydrates
 * a page the build rendered, the first value is the store's initial state, which the page shows.
 * `select` (an object of the fields shown) is read at each change; one with the same fields' values
 * keeps the shown one.
 */
export function useStoreInTransition<S, T extends object>(store: StoreApi<S>, select: (state: S) => T): T {
  const [shown, setShown] = useState(() => select(isHydrating() ? store.getInitialState() : store.getState()));
  useEffect(() => {
    const follow = () => {
      const next = select(store.getState());
      startTransition(() => setShown((current) => (Object.entries(next).every(([key, value]) => Object.is(value, current[key as keyof T])) ? current : next)));
    };
    follow();
    return store.subscribe(follow);
    // The selection is read from the store at each change; a new function each render is not a new subscription.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store]);
  return shown;
}
