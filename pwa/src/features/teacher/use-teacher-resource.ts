import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '#pwa/lib/api.ts';

interface State<T> {
  loaded: boolean;
  data: T | null;
  error: unknown;
}

/**
 * GET `path` once `enabled` first becomes true, and again on `reload()` (SPEC §7: the tabs past
 * the overview load only when opened; no polling, no refetch on focus). The dashboard is online
 * only: every figure is the server's. A reload keeps the data on screen while it runs; the answer
 * of an older request is dropped. `update` patches the data after a change the server confirmed.
 */
export function useTeacherResource<T>(path: string, enabled: boolean) {
  const [state, setState] = useState<State<T>>({ loaded: false, data: null, error: null });
  const latest = useRef(0);
  const started = useRef(false);

  const reload = useCallback(async () => {
    const request = ++latest.current;
    setState((s) => ({ ...s, error: null }));
    try {
      const data = await api.get<T>(path);
      if (request === latest.current) setState({ loaded: true, data, error: null });
    } catch (error) {
      console.error('teacher.load', path, error);
      if (request === latest.current) setState((s) => ({ ...s, error }));
    }
  }, [path]);

  useEffect(() => {
    if (!enabled || started.current) return;
    started.current = true;
    void reload();
  }, [enabled, reload]);

  const update = useCallback((change: (data: T) => T) => setState((s) => (s.data === null ? s : { ...s, data: change(s.data) })), []);

  return { data: state.data, error: state.error, loading: enabled && state.data === null && state.error === null, reload, update };
}
