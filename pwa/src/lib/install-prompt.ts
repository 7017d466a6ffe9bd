import { create } from 'zustand';
import { onInstallPrompt } from './early-install-prompt.ts';

/** Chromium's install event (not in TypeScript's DOM library). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const DISMISSED_KEY = 'leve.installDismissed';
const FIRST_OPENED_KEY = 'leve.firstOpenedOn';
const CHANGE_SAVED_KEY = 'leve.changeSaved';

/** This device's calendar day by its own clock (no Intl: this runs while the app starts). */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/**
 * Whether this device has seen the client use the app: a change saved here, or the app opened on
 * an earlier day (the first open's day is written on the first call). The install banner waits for
 * it (ADR 026): offered in the middle of a first look it interrupts it (web.dev's patterns for
 * promoting installation: keep promotions out of the user's journey; installing serves those who
 * come back), and arriving seconds after the page painted it was the dashboard's largest paint.
 */
export function usedBefore(): boolean {
  try {
    if (localStorage.getItem(CHANGE_SAVED_KEY) === '1') return true;
    const firstOpened = localStorage.getItem(FIRST_OPENED_KEY);
    if (firstOpened === null) localStorage.setItem(FIRST_OPENED_KEY, today());
    return firstOpened !== null && firstOpened < today();
  } catch {
    return true; // storage unavailable: offered as the browser offers it
  }
}

const standalone = () => typeof window !== 'undefined' && (window.matchMedia?.('(display-mode: standalone)').matches === true || (navigator as { standalone?: boolean }).standalone === true);

interface InstallState {
  /** The deferred prompt, when the browser offered one. */
  event: BeforeInstallPromptEvent | null;
  installed: boolean;
  dismissed: boolean;
  /** The client has used the app on this device (usedBefore): the banner may be offered. */
  engaged: boolean;
  dismiss(): void;
  install(): Promise<void>;
}

export const useInstallPrompt = create<InstallState>((set, get) => ({
  event: null,
  installed: standalone(),
  dismissed: typeof localStorage !== 'undefined' && localStorage.getItem(DISMISSED_KEY) === '1',
  engaged: typeof localStorage !== 'undefined' && usedBefore(),
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

/** A change the client made was saved on this device (sync/user-data.ts): they use the app. */
export function noteChangeSaved(): void {
  if (useInstallPrompt.getState().engaged) return;
  try {
    localStorage.setItem(CHANGE_SAVED_KEY, '1');
  } catch {
    // storage unavailable: offered for this visit only
  }
  useInstallPrompt.setState({ engaged: true });
}
