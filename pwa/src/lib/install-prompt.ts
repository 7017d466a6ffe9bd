import { create } from 'zustand';
import { onInstallPrompt } from './early-install-prompt.ts';

/** Chromium's install event (not in TypeScript's DOM library). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const DISMISSED_KEY = 'leve.installDismissed';

const standalone = () => typeof window !== 'undefined' && (window.matchMedia?.('(display-mode: standalone)').matches === true || (navigator as { standalone?: boolean }).standalone === true);

interface InstallState {
  /** The deferred prompt, when the browser offered one. */
  event: BeforeInstallPromptEvent | null;
  installed: boolean;
  dismissed: boolean;
  dismiss(): void;
  install(): Promise<void>;
}

export const useInstallPrompt = create<InstallState>((set, get) => ({
  event: null,
  installed: standalone(),
  dismissed: typeof localStorage !== 'undefined' && localStorage.getItem(DISMISSED_KEY) === '1',
  dismiss() {
    localStorage.setItem(DISMISSED_KEY, '1');
    set({ dismissed: true });
  },
  async install() {
    const { event } = get();
    if (!event) return;
    await event.prompt();
    const { outcome } = await event.userChoice;
    // A prompt can be shown once; after a 'dismissed' the browser offers a new event later.
    set(outcome === 'accepted' ? { event: null, installed: true } : { event: null });
  },
}));

/**
 * Browsers fire `beforeinstallprompt` early, before the signed-in shell has loaded, so the
 * listener is attached at start-up (boot.ts, early-install-prompt.ts) and the event kept for the
 * install banner.
 */
export function listenForInstallPrompt() {
  onInstallPrompt((event) => useInstallPrompt.setState({ event: event as BeforeInstallPromptEvent }));
  window.addEventListener('appinstalled', () => useInstallPrompt.setState({ event: null, installed: true }));
}

/** Browsers without the event install from their own menu (Safari, Firefox): the banner explains how. */
export function menuInstallHint(): 'ios' | 'menu' | null {
  if ('onbeforeinstallprompt' in window) return null;
  return /iphone|ipad|ipod/i.test(navigator.userAgent) ? 'ios' : 'menu';
}
