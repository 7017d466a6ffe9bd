/** Seconds left of a rest ending at `endsAt` (wall clock, ms): right after the screen was off or the app hidden. */
export const secondsLeft = (endsAt: number, now: number) => Math.max(0, Math.ceil((endsAt - now) / 1000));

/** A rest's end has just been reached: within the tick after it, not on coming back long after (no alarm for a rest long over). */
export const justEnded = (endsAt: number, previousNow: number, now: number) => previousNow < endsAt && now >= endsAt && now - endsAt < 2000;

/** "1:30", "0:05". */
export const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** A short beep where audio may play: the app is visible (issue 48). */
export function beep(): void {
  try {
    const AudioContextClass = window.AudioContext;
    if (!AudioContextClass) return;
    const context = new AudioContextClass();
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.frequency.value = 880;
    gain.gain.setValueAtTime(0.2, context.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, context.currentTime + 0.4);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start();
    oscillator.stop(context.currentTime + 0.4);
    oscillator.addEventListener('ended', () => void context.close());
  } catch {
    // No audio here: the vibration and the screen say it.
  }
}
