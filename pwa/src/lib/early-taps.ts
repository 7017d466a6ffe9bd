/**
 * A tap on a button of a page that arrived rendered (ADR 026), before the app's code ran: the
 * button did nothing then. The page's inline script keeps it (page-start.ts); main.tsx stops it
 * keeping taps as React takes the page over (from then on React handles taps itself), and once
 * it has, the app taps the button again (EarlyTapReplay).
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
