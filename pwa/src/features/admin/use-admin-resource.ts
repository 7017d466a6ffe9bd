import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '#pwa/lib/api.ts';

interface State<T> {
  path: string | null;
  data: T | null;
  error: unknown;
}

/**
 * GET `path` once it is known and on `reload()`: the admin panel is online (staff at a desk), so
 * this is a plain fetch, no cache. A reload keeps the data on screen while it runs; an answer to
 * an older path or request is dropped.
 */
export function useAdminResource<T>(path: string | null) {
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
      console.error('admin.load', path, error);
      if (request === latest.current) setState((s) => ({ path, data: s.path === path ? s.data : null, error }));
    }
  }, [path]);
  useEffect(() => {
    void reload();
  }, [reload]);
  const current = state.path === path ? state : { data: null, error: null };
  return { data: current.data, error: current.error, loading: path !== null && current.data === null && current.error === null, reload };
}
