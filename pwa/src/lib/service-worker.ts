/**
 * The service worker precaches the app so it opens with no network (ADR 005). Its install
 * downloads and stores every chunk of the app: on a new phone it competed with the first pull and
 * the dashboard's first render, and the current weight showed 1.7 s later (4× CPU, median of
 * five; ADR 026). It is registered once the first screen has what it shows: at the page's load
 * when nobody is signed in, after the first sync (whatever its outcome) when someone is
 * (sync/user-data.ts), and at the latest `LATEST_AFTER_LOAD_MS` after the load.
 */
const LATEST_AFTER_LOAD_MS = 10_000;

let registered = false;

export function registerServiceWorker(): void {
  if (registered || !import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  registered = true;
  const register = () => void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => console.error('sw.register', error));
  // When the page has nothing left to do: the screen renders what the sync brought first.
  if (typeof requestIdleCallback === 'function') requestIdleCallback(register, { timeout: LATEST_AFTER_LOAD_MS });
  else setTimeout(register);
}

/** main.tsx: after the page's load, which may have come before the app's code ran (boot.ts). */
export function registerServiceWorkerAfterLoad(signedOut: () => boolean): void {
  const loaded = () => {
    // A task of its own (20 ms of a slow phone's main thread), not part of the load's.
    if (signedOut()) setTimeout(registerServiceWorker);
    else setTimeout(registerServiceWorker, LATEST_AFTER_LOAD_MS);
  };
  if (document.readyState === 'complete') loaded();
  else window.addEventListener('load', loaded, { once: true });
}
