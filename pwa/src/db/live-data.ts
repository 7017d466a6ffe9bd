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
  useEffect(() => {
    const subscription = liveQuery(query).subscribe({
      next: (result) => startTransition(() => setValue(() => result)),
      error: (error: unknown) => console.error('live-data', error),
    });
    return () => subscription.unsubscribe();
    // The caller's deps describe the query, as with useEffect itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return value;
}
