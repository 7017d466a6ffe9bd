/**
 * A tap on a button of a page that arrived rendered (ADR 026), before the app's code ran or React
 * had hydrated the screen: the button did nothing then. The page's inline script keeps it
 * (page-start.ts) until the screen has hydrated, and the app then taps the button again
 * (HydrationEnd, lib/hydration.ts); a screen rendered anew stops it at once (main.tsx).
 */
export function stopListeningForEarlyTaps(): void {
  window.leveEarlyTaps?.stop();
}

/** Taps again the button tapped before the app ran, if it is still on screen. */
export function replayEarlyTap(): void {
  const taps = window.leveEarlyTaps;
  const button = taps?.tapped;
  if (taps) taps.tapped = null;
  if (button?.isConnected) button.click();
}
