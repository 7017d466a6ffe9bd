export const LOCALES = ['pt-BR', 'es-AR', 'en-US'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'pt-BR';

/** Cookie (and localStorage key) holding the chosen locale; kept one year. */
export const LOCALE_COOKIE = 'locale';
export const LOCALE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * Maps any language tag to one of our catalogs: 'pt', 'pt-PT' → pt-BR; 'es', 'es-ES', 'es-MX' →
 * es-AR; 'en', 'en-GB' → en-US.
 */
export function toLocale(tag: string | null | undefined): Locale | null {
  if (!tag) return null;
  const language = tag.trim().toLowerCase().split(/[-_]/)[0];
  if (language === 'pt') return 'pt-BR';
  if (language === 'es') return 'es-AR';
  if (language === 'en') return 'en-US';
  return null;
}

/** Picks the best locale from an Accept-Language header, honouring q-values. */
export function negotiateLocale(acceptLanguage: string | null | undefined): Locale | null {
  if (!acceptLanguage) return null;
  const ranked = acceptLanguage
    .slice(0, 500)
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(params.find((p) => p.trim().startsWith('q='))?.trim().slice(2) ?? '1');
      return { tag, q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const locale = toLocale(tag);
    if (locale) return locale;
  }
  return null;
}

/** Country → preferred language (SPEC §2: BR gives pt-BR, AR gives es-AR, US gives en-US). */
export const COUNTRY_LOCALE = { BR: 'pt-BR', AR: 'es-AR', US: 'en-US' } as const satisfies Record<string, Locale>;

/** The reverse: the country a reader of each language most likely lives in (issue 17: the registration form's preset). */
export const LOCALE_COUNTRY = { 'pt-BR': 'BR', 'es-AR': 'AR', 'en-US': 'US' } as const satisfies Record<Locale, keyof typeof COUNTRY_LOCALE>;
