import { useEffect } from 'react';
import { toLocale } from '#protocol/i18n/locales.ts';
import { useUserDb } from '#pwa/db/current.ts';
import { useLiveData } from '#pwa/db/live-data.ts';
import { useLocaleStore } from '#pwa/i18n/locale-store.ts';

/** The profile language this device last saw, per user: a change is told from what was already there. */
const seenKey = (userId: string) => `leve.profileLanguage.${userId}`;

function swapSeen(userId: string, language: string): string | null {
  try {
    const seen = localStorage.getItem(seenKey(userId));
    localStorage.setItem(seenKey(userId), language);
    return seen;
  } catch {
    return null; // storage unavailable: follow nothing rather than override the device's choice
  }
}

/**
 * The interface follows each change of the profile's language (ADR 019): one made in Settings or
 * the profile form here, or pulled from another device, even while this device was closed. The
 * language the profile has when a device first sees it replaces the one the device opened with,
 * unless the person picked that one on this device (on the login page, say).
 */
export function useProfileLanguage(): void {
  const db = useUserDb((s) => s.db);
  const language = useLiveData(async () => (db ? ((await db.profile.toCollection().first())?.preferredLanguage ?? null) : null), [db]);
  useEffect(() => {
    if (!db || typeof language !== 'string') return;
    const seen = swapSeen(db.userId, language);
    const locale = toLocale(language);
    const { chosen, setLocale } = useLocaleStore.getState();
    if (locale && seen !== language && (seen !== null || !chosen)) setLocale(locale);
  }, [db, language]);
}
