import { useCallback, useEffect, useRef, useState } from 'react';

interface State<T> {
  key: string | null;
  data: T | null;
  error: unknown;
}

/**
 * Loads a resource once its `key` is known and again on `reload()`: for the screens that are
 * online only (the admin panel, the teacher dashboard, the account's sessions), a plain fetch with
 * no cache, no polling and no refetch on focus. `key` names what `load` fetches (its path, say);
 * a null key waits (a tab not yet opened, no user selected). A reload keeps the data on screen
 * while it runs; the answer to an older key or request is dropped. `update` patches the data
 * after a change the server confirmed.
 */
export function useOnlineResource<T>(key: string | null, load: () => Promise<T>) {
  const [state, setState] = useState<State<T>>({ key: null, data: null, error: null });
  const latest = useRef(0);
  const loader = useRef(load);
  loader.current = load;
  const reload = useCallback(async () => {
    if (key === null) return;
    const request = ++latest.current;
    setState((s) => (s.key === key ? { ...s, error: null } : { key, data: null, error: null }));
    try {
      const data = await loader.current();
      if (request === latest.current) setState({ key, data, error: null });
    } catch (error) {
      console.error('resource.load', key, error);
      if (request === latest.current) setState((s) => ({ key, data: s.key === key ? s.data : null, error }));
    }
  }, [key]);
  useEffect(() => {
    void reload();
  }, [reload]);
  const update = useCallback((change: (data: T) => T) => setState((s) => (s.data === null ? s : { ...s, data: change(s.data) })), []);
  const current = state.key === key ? state : { data: null, error: null };
  return { data: current.data, error: current.error, loading: key !== null && current.data === null && current.error === null, reload, update };
}
