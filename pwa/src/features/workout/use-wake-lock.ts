import { useEffect, useState } from 'react';

export type WakeLockState = 'on' | 'off' | 'unsupported';

/**
 * Keeps the screen on while a session is open, where the browser allows it (Screen Wake Lock).
 * The browser releases the lock when the page is hidden; it is asked again when it shows.
 */
export function useWakeLock(): WakeLockState {
  const supported = typeof navigator !== 'undefined' && 'wakeLock' in navigator;
  const [state, setState] = useState<WakeLockState>(supported ? 'off' : 'unsupported');
  useEffect(() => {
    if (!supported) return;
    let sentinel: WakeLockSentinel | null = null;
    let ended = false;
    const ask = async () => {
      if (document.visibilityState !== 'visible' || (sentinel && !sentinel.released)) return;
      try {
        sentinel = await navigator.wakeLock.request('screen');
        if (ended) {
          void sentinel.release();
          return;
        }
        setState('on');
        sentinel.addEventListener('release', () => setState('off'), { once: true });
      } catch {
        // Refused (battery saver, a policy): the session goes on with the screen's own timeout.
        setState('off');
      }
    };
    void ask();
    document.addEventListener('visibilitychange', ask);
    return () => {
      ended = true;
      document.removeEventListener('visibilitychange', ask);
      void sentinel?.release();
    };
  }, [supported]);
  return state;
}
