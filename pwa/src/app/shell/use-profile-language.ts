import { useEffect } from 'react';
import { toLocale } from '#protocol/i18n/locales.ts';
import { useCurrentDb } from '#pwa/db/current.ts';
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
 * language the profile has when a device first sees it replaces the one the device opened with
 * when the person chose it (Settings, the profile form) and did not pick another on this device
 * (on the login page, say); a language only set at sign-up or by a seed leaves the device's.
 */
export function useProfileLanguage(): void {
  const db = useCurrentDb();
  const profile = useLiveData(async () => {
    const found = db ? await db.profile.toCollection().first() : undefined;
    // Stamped when someone chose it (Settings, the profile form), not when it was set at sign-up or seeded.
    return found?.preferredLanguage ? { language: found.preferredLanguage, chosenByPerson: Boolean(found.profileHlcs?.preferredLanguage) } : null;
  }, [db]);
  const language = profile?.language;
  const chosenByPerson = profile?.chosenByPerson ?? false;
  useEffect(() => {
    if (!db || typeof language !== 'string') return;
    const seen = swapSeen(db.userId, language);
    const locale = toLocale(language);
    const { chosen, setLocale } = useLocaleStore.getState();
    if (locale && seen !== language && (seen !== null || (chosenByPerson && !chosen))) setLocale(locale);
  }, [db, language, chosenByPerson]);
}
