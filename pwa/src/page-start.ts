/** What startPage keeps for the app: the last button tapped before the app's code ran. */
export interface EarlyTaps {
  tapped: HTMLButtonElement | null;
  /** Stops keeping taps: React handles them from then on. */
  stop(): void;
}

declare global {
  interface Window {
    leveEarlyTaps?: EarlyTaps;
  }
}

/**
 * The only script of a page that arrives with its screen rendered (ADR 026), inlined by the build
 * (scripts/vite/locale-pages.ts, which also gives the server its hash for the CSP): it loads the
 * entry, `entry`, once the browser has painted, so that no script is fetched before the first
 * paint (Lighthouse counts every request that ended before it as needed for it), nor the web
 * app manifest, whose link (`laterLinks`) it adds then, and keeps a button tapped meanwhile for the app to tap again (lib/early-taps.ts). Links
 * need nothing: they work as plain HTML. Self-contained, as the build inlines its text.
 */
export function startPage(entry: string, laterLinks: string, hiddenOn: string | null): void {
  // Kept from React too: until the screen has hydrated, React cannot run a button's handler (its
  // code may not have arrived), and the tap is played once it has (lib/hydration.ts).
  const remember = (event: Event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button) return;
    taps.tapped = button;
    event.stopPropagation();
  };
  const taps: EarlyTaps = { tapped: null, stop: () => document.removeEventListener('click', remember, true) };
  window.leveEarlyTaps = taps;
  document.addEventListener('click', remember, true);
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    document.head.insertAdjacentHTML('beforeend', laterLinks);
    const script = document.createElement('script');
    script.type = 'module';
    script.src = entry;
    document.head.append(script);
  };
  // Once the browser reports the first paint, which it does when the screen shows it (a frame
  // callback comes before that). A hidden tab paints nothing: it starts at once, as does a screen
  // the page hides (`hiddenOn`: a wide one, for a screen rendered for a phone). A browser that
  // reports no paint starts after a second.
  if (document.visibilityState === 'hidden' || (hiddenOn !== null && window.matchMedia(hiddenOn).matches)) return start();
  setTimeout(start, 1000);
  new PerformanceObserver((entries, observer) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    start();
  }).observe({ type: 'paint', buffered: true });
}
