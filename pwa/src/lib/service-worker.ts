/**
 * The service worker precaches the app so it opens with no network (ADR 005). Its install
 * downloads and stores every chunk of the app: on a new phone it competed with the first pull and
 * the dashboard's first renders, and the current weight showed 1.5 s later (4× CPU, median of
 * five; ADR 026). So it registers once the first screen is shown with what it shows, when the
 * page is idle: the screen has rendered (`screenShown`, lib/hydration.ts) and, for someone signed
 * in, the first sync has ended, whatever its outcome (`firstDataArrived`, sync/user-data.ts).
 * A page still short of either `LATEST_AFTER_LOAD_MS` after the load registers it then.
 */
const LATEST_AFTER_LOAD_MS = 10_000;
/** How long an idle moment is waited for: a busy page still gets its worker. */
const IDLE_WAIT_MS = 5_000;

let registered = false;
let shown = false;
let dataArrived = false;

function register() {
  if (registered) return;
  registered = true;
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => console.error('sw.register', error));
}

function registerWhenIdle() {
  if (registered || !import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  if (typeof requestIdleCallback === 'function') requestIdleCallback(register, { timeout: IDLE_WAIT_MS });
  else setTimeout(register);
}

/** The routes' screen has rendered. */
export function screenShown(): void {
  shown = true;
  if (dataArrived) registerWhenIdle();
}

/** Signed in, the first sync has ended; signed out, there is nothing to wait for. */
export function firstDataArrived(): void {
  dataArrived = true;
  if (shown) registerWhenIdle();
}

/** main.tsx: after the page's load, which may have come before the app's code ran (boot.ts). */
export function registerServiceWorkerAfterLoad(signedOut: () => boolean): void {
  const loaded = () => {
    if (signedOut()) firstDataArrived();
    setTimeout(registerWhenIdle, LATEST_AFTER_LOAD_MS);
  };
  if (document.readyState === 'complete') loaded();
  else window.addEventListener('load', loaded, { once: true });
}
