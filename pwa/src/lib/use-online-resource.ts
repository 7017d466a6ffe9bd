import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from './api.ts';

interface State<T> {
  path: string | null;
  data: T | null;
  error: unknown;
}

/**
 * GET `path` once it is known and again on `reload()`: for the screens that are online only (the
 * admin panel, the teacher dashboard, the account's sessions), a plain fetch with no cache, no
 * polling and no refetch on focus. A null path waits (a tab not yet opened, no user selected). A
 * reload keeps the data on screen while it runs; the answer to an older path or request is
 * dropped. `update` patches the data after a change the server confirmed.
 */
export function useOnlineResource<T>(path: string | null) {
  const [state, setState] = useState<State<T>>({ path: null, data: null, error: null });
  const latest = useRef(0);
  const reload = useCallback(async () => {
    if (path === null) return;
    const request = ++latest.current;
    setState((s) => (s.path === path ? { ...s, error: null } : { path, data: null, error: null }));
    try {
      const data = await api.get<T>(path);
      if (request === latest.current) setState({ path, data, error: null });
    } catch (error) {
      console.error('resource.load', path, error);
      if (request === latest.current) setState((s) => ({ path, data: s.path === path ? s.data : null, error }));
    }
  }, [path]);
  useEffect(() => {
    void reload();
  }, [reload]);
  const update = useCallback((change: (data: T) => T) => setState((s) => (s.data === null ? s : { ...s, data: change(s.data) })), []);
  const current = state.path === path ? state : { data: null, error: null };
  return { data: current.data, error: current.error, loading: path !== null && current.data === null && current.error === null, reload, update };
}
