/**
 * The service worker precaches the app so it opens with no network (ADR 005). Its install
 * downloads and stores every chunk of the app: on a new phone it competed with the first pull and
 * the dashboard's first renders, and the current weight showed 1.5 s later (4× CPU, median of
 * five; ADR 026). So it registers once the first screen has what it shows, when the page is idle:
 * after the load when nobody is signed in; after the first sync (whatever its outcome) when
 * someone is (sync/user-data.ts), or `SIGNED_IN_LATEST_MS` after the load if that sync has not
 * ended by then.
 */
const SIGNED_IN_LATEST_MS = 10_000;
/** How long an idle moment is waited for: a busy page still gets its worker. */
const IDLE_WAIT_MS = 5_000;

let registered = false;

function register() {
  if (registered) return;
  registered = true;
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => console.error('sw.register', error));
}

export function registerServiceWorker(): void {
  if (registered || !import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  if (typeof requestIdleCallback === 'function') requestIdleCallback(register, { timeout: IDLE_WAIT_MS });
  else setTimeout(register);
}

/** main.tsx: after the page's load, which may have come before the app's code ran (boot.ts). */
export function registerServiceWorkerAfterLoad(signedOut: () => boolean): void {
  const loaded = () => (signedOut() ? registerServiceWorker() : setTimeout(registerServiceWorker, SIGNED_IN_LATEST_MS));
  if (document.readyState === 'complete') loaded();
  else window.addEventListener('load', loaded, { once: true });
}
