import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useLiveQuery } from 'dexie-react-hooks';
import { DEFAULT_LOCALE } from '#protocol/i18n/locales.ts';
import { useUserDb } from '#pwa/db/current.ts';
import type { UserDb } from '#pwa/db/user-db.ts';
import { answer, apiClient } from '#pwa/lib/api.ts';

/** The contexts of SPEC §7 translate-texts: the server words its prompt by them. */
export type TranslationContext = 'foods' | 'meal-names' | 'preparations' | 'substitutions';

/** The exact list is the key (SPEC §7: cached per language, context and text list). */
export const translationKey = (locale: string, context: TranslationContext, texts: readonly string[]) => `${locale}\u0000${context}\u0000${JSON.stringify(texts)}`;

// One request per list and page life: a failed translation is retried on the next visit, not in a loop.
const requested = new Set<string>();

export async function fetchTranslation(db: UserDb, locale: string, context: TranslationContext, texts: readonly string[]): Promise<void> {
  const key = translationKey(locale, context, texts);
  if (requested.has(key)) return;
  requested.add(key);
  try {
    const response = await answer(apiClient['translate-texts'].$post({ json: { texts: [...texts], targetLanguage: locale, context } }));
    const translated = response.translatedTexts;
    // The server fell back to the originals (model failed): keep nothing, try again next visit.
    if (response.success !== true) throw new Error('translate-texts: not translated');
    if (!Array.isArray(translated) || translated.length !== texts.length || !translated.every((t) => typeof t === 'string')) {
      throw new Error('translate-texts: unexpected response');
    }
    await db.translations.put({ key, translations: translated as string[] });
  } catch (error) {
    console.error('translation.failed', error); // SPEC §8: only logged; the original text stays
  }
}

/**
 * The texts in the reader's language when a translation is cached, else the originals; a missing
 * translation is fetched in the background. Diets are written in Portuguese, which is never sent.
 */
export function useTranslatedTexts(context: TranslationContext, texts: readonly string[]): readonly string[] {
  const { locale } = useIntl();
  const db = useUserDb((s) => s.db);
  const wanted = locale !== DEFAULT_LOCALE && texts.length > 0;
  const key = translationKey(locale, context, texts);
  const cached = useLiveQuery(async () => (db && wanted ? ((await db.translations.get(key)) ?? null) : null), [db, wanted, key]);

  useEffect(() => {
    if (db && wanted && cached === null) void fetchTranslation(db, locale, context, texts);
    // `key` stands for `texts`: a new array with the same words must not refetch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [db, wanted, cached, key, locale, context]);

  return cached?.translations ?? texts;
}
