/**
 * The Web Locks API (`navigator.locks`) for tests in Node, which has none: exclusive locks by name,
 * `ifAvailable`, and waiters served in order, in one process — the semantics the sync engine
 * relies on between a page and its service worker.
 */
export function createLockManager(): Pick<LockManager, 'request'> {
  const held = new Set<string>();
  const waiting = new Map<string, (() => void)[]>();

  async function request<T>(name: string, optionsOrCallback: LockOptions | LockGrantedCallback<T>, maybeCallback?: LockGrantedCallback<T>): Promise<T> {
    const options = typeof optionsOrCallback === 'function' ? {} : optionsOrCallback;
    const callback = (typeof optionsOrCallback === 'function' ? optionsOrCallback : maybeCallback) as LockGrantedCallback<T>;
    if (held.has(name)) {
      if (options.ifAvailable) return callback(null);
      await new Promise<void>((resolve) => waiting.set(name, [...(waiting.get(name) ?? []), resolve]));
    }
    held.add(name);
    try {
      return await callback({ name, mode: 'exclusive' });
    } finally {
      const next = waiting.get(name)?.shift();
      if (next) next(); // handed over: the lock stays held
      else held.delete(name);
    }
  }
  return { request } as Pick<LockManager, 'request'>;
}
