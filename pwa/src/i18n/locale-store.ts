import { create } from 'zustand';
import {
  DEFAULT_LOCALE,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE_SECONDS,
  LOCALES,
  toLocale,
  type Locale,
} from '#protocol/i18n/locales.ts';

const isLocale = (value: unknown): value is Locale => (LOCALES as readonly unknown[]).includes(value);

function storedLocale(): Locale | null {
  try {
    const value = localStorage.getItem(LOCALE_COOKIE);
    return isLocale(value) ? value : toLocale(value);
  } catch {
    return null;
  }
}

/** The language the server named in the page it sent (scripts/vite/locale-pages.ts), if any. */
const pageLocale = (): Locale | null => (typeof document === 'undefined' ? null : toLocale(document.documentElement.dataset.locale));

/** Set when the person picked the language on this device (the login page's menu, Settings), not when it was detected. */
const CHOSEN_KEY = 'leve.localeChosen';

function storedChoice(): boolean {
  try {
    return localStorage.getItem(CHOSEN_KEY) === '1';
  } catch {
    return false;
  }
}

function persist(locale: Locale): void {
  try {
    localStorage.setItem(LOCALE_COOKIE, locale);
  } catch {
    // private mode: the cookie still carries the choice
  }
  document.cookie = `${LOCALE_COOKIE}=${locale}; Max-Age=${LOCALE_COOKIE_MAX_AGE_SECONDS}; Path=/; SameSite=Lax`;
  document.documentElement.lang = locale;
}

interface LocaleState {
  /** null until detection answers when nothing was stored. */
  locale: Locale | null;
  /** Whether a person picked `locale` on this device: then an account's language met at sign-in does not replace it. */
  chosen: boolean;
  setLocale(locale: string): void;
  /** A language the person picked (menu, Settings): applied and remembered as theirs. */
  choose(locale: string): void;
  detect(): Promise<void>;
}

/** The interface language: stored choice, else what the server detects (in the page or GET /locale), else pt-BR (SPEC §9). */
export const useLocaleStore = create<LocaleState>((set, get) => ({
  // Known from the first render, so a prerendered page is hydrated in its own language.
  locale: storedLocale() ?? pageLocale(),
  chosen: storedChoice(),
  choose(value) {
    get().setLocale(value);
    try {
      localStorage.setItem(CHOSEN_KEY, '1');
    } catch {
      // private mode: the choice lasts this session
    }
    set({ chosen: true });
  },
  setLocale(value) {
    // A language that is none of the three falls back to the first, pt-BR (SPEC §2).
    const locale = isLocale(value) ? value : toLocale(value) ?? DEFAULT_LOCALE;
    persist(locale);
    set({ locale });
  },
  async detect() {
    const stored = get().locale;
    if (stored) {
      persist(stored);
      return;
    }
    // The server names the language in the page it sent (scripts/vite/locale-pages.ts); the
    // service worker's copy of the page does not, and then the server is asked.
    const named = pageLocale();
    if (named) {
      get().setLocale(named);
      return;
    }
    let detected: Locale = DEFAULT_LOCALE;
    try {
      const response = await fetch('/locale', { credentials: 'include' });
      if (response.ok) detected = toLocale(((await response.json()) as { locale?: string }).locale) ?? DEFAULT_LOCALE;
    } catch {
      // offline or server down: pt-BR (SPEC §7)
    }
    if (!get().locale) get().setLocale(detected);
  },
}));
