/**
 * A tap on a button of a page that arrived rendered (ADR 026), before the app's code ran: the
 * button did nothing then. boot.ts listens from the start; main.tsx stops listening as React
 * takes the page over (from then on React handles taps itself), and once it has, the app taps
 * the button again (EarlyTapReplay). Links need none of this: they work as plain HTML.
 */
let tapped: HTMLButtonElement | null = null;

const remember = (event: Event) => {
  const button = event.target instanceof Element ? event.target.closest('button') : null;
  if (button) tapped = button;
};

export function listenForEarlyTaps(): void {
  document.addEventListener('click', remember, true);
}

/** React listens from here on; the button tapped before, if any, waits for replayEarlyTap. */
export function stopListeningForEarlyTaps(): void {
  document.removeEventListener('click', remember, true);
}

/** Taps again the button tapped before the app ran, if it is still on screen. */
export function replayEarlyTap(): void {
  const button = tapped;
  tapped = null;
  if (button?.isConnected) button.click();
}
