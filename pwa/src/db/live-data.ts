import { startTransition, useEffect, useState, type DependencyList } from 'react';
import { liveQuery } from 'dexie';

/**
 * The result of an IndexedDB query, kept current as the data changes (as dexie-react-hooks'
 * useLiveQuery), with every update rendered as a transition: a sync pull writes many tables at
 * once, and the screens it changes then render in slices that yield to input rather than in one
 * long task. undefined until the first result; a new query keeps showing the last result until
 * its own arrives.
 */
export function useLiveData<T>(query: () => Promise<T> | T, deps: DependencyList): T | undefined {
  const [value, setValue] = useState<T | undefined>(undefined);
  useEffect(
    () =>
      startSoon(() =>
        liveQuery(query).subscribe({
          next: (result) => startTransition(() => setValue(() => result)),
          error: (error: unknown) => console.error('live-data', error),
        }),
      ),
    // The caller's deps describe the query, as with useEffect itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    deps,
  );
  return value;
}

let starting: (() => void)[] | undefined;

/**
 * Starts a live query a task after the commit whose effects asked for it, together with the
 * others asked for by that commit, and returns what stops it (before or after it started). A
 * screen's effects start a dozen queries at once (the dashboard's, when it hydrates and again when
 * the device's database opens): started in the commit's effects, each one's work (and Dexie's
 * timer for its first read) ran inside that task, one of a first visit's long ones (ADR 026).
 * Dexie reads a new query's first result in a timer anyway, so none arrives later than a task.
 */
function startSoon(start: () => { unsubscribe(): void }): () => void {
  // undefined until started, false once stopped.
  let subscription: { unsubscribe(): void } | false | undefined;
  (starting ??= (setTimeout(() => {
    const batch = starting ?? [];
    starting = undefined;
    for (const run of batch) run();
  }), [])).push(() => (subscription ??= start()));
  return () => {
    if (subscription) subscription.unsubscribe();
    subscription = false;
  };
}

/** One live IndexedDB query that any number of components follow (see `useSharedLiveData`). */
export interface SharedLiveQuery<T> {
  /** Follows the result: at once with the latest one, if any, then at every change. */
  subscribe(listener: (value: T) => void): () => void;
  latest(): { value: T } | undefined;
}

/**
 * A query run once per change for all its followers instead of once per component: the profile
 * is read by every screen's units, consent and goals, a dozen components on /progress. It runs
 * while someone follows it and forgets its result when the last one leaves.
 */
export function sharedLiveQuery<T>(query: () => Promise<T>): SharedLiveQuery<T> {
  const listeners = new Set<(value: T) => void>();
  let latest: { value: T } | undefined;
  let subscription: { unsubscribe(): void } | null = null;
  return {
    latest: () => latest,
    subscribe(listener) {
      listeners.add(listener);
      if (latest) listener(latest.value);
      subscription ??= liveQuery(query).subscribe({
        next: (value) => {
          latest = { value };
          for (const follower of listeners) follower(value);
        },
        // A failed read ends the query: the next follower starts it again instead of waiting on a dead one.
        error: (error: unknown) => {
          console.error('live-data', error);
          subscription = null;
          latest = undefined;
        },
      });
      return () => {
        listeners.delete(listener);
        if (listeners.size > 0) return;
        subscription?.unsubscribe();
        subscription = null;
        latest = undefined;
      };
    },
  };
}

/** A shared query's result, as `useLiveData` gives its own: updates as transitions; undefined until the first result, and without a query. */
export function useSharedLiveData<T>(source: SharedLiveQuery<T> | null): T | undefined {
  const [value, setValue] = useState<T | undefined>(() => source?.latest()?.value);
  useEffect(() => source?.subscribe((next) => startTransition(() => setValue(() => next))), [source]);
  return source ? value : undefined;
}
