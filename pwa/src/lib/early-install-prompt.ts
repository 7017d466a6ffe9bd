/**
 * Chromium fires `beforeinstallprompt` early, possibly before the app's code runs (boot.ts starts
 * it after the first paint): boot.ts starts listening, and the event waits here for the install
 * banner's store (install-prompt.ts), which takes it and any later one.
 */
let listening = false;
let waiting: Event | null = null;
let take: ((event: Event) => void) | null = null;

export function catchInstallPrompt(): void {
  if (listening) return;
  listening = true;
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault(); // our banner asks instead of the browser's mini-infobar
    if (take) take(event);
    else waiting = event;
  });
}

/** Hands over the install prompt the browser offered, now and whenever it offers one. */
export function onInstallPrompt(handler: (event: Event) => void): void {
  catchInstallPrompt();
  take = handler;
  if (waiting) handler(waiting);
  waiting = null;
}
