/**
 * POST /api/translate-texts (SPEC §7, §4), and the translations made when a plan is published
 * (ADR 024): plans are written in one language and read in three. The source language (pt-BR for
 * the route) comes back unchanged. Otherwise each text is looked up in the SQLite cache
 * (per language, context and text); the rest go to the model in one call, retried once, or with
 * no key to the catalog's own names of foods and meals, the original standing for anything else.
 * Only real translations are cached, so configuring a key later still translates the rest.
 */
import type Database from 'better-sqlite3';
import { DEFAULT_LOCALE, type Locale } from '#protocol/i18n/locales.ts';
import type { TranslateTextsInput } from '#protocol/schemas/translate.ts';
import type { PlanTextKind } from '#protocol/domain/plan-content.ts';
import type { ContentGeneration } from '../ai/content-generation.ts';
import { translateKnownText } from '../ai/builtin/known-texts.ts';
import { DomainError } from '#protocol/errors.ts';
import { translate } from '../i18n/translate.ts';
import type { TranslateTextsResponse } from '#protocol/contract/staff.ts';

const MAX_ATTEMPTS = 2;

export function createTranslations(sqlite: Database.Database, generation: ContentGeneration, now: () => number) {
  const cached = sqlite.prepare<[string, string, string], { translated: string }>('SELECT translated FROM translations WHERE locale = ? AND context = ? AND source = ?');
  const store = sqlite.prepare('INSERT INTO translations (locale, context, source, translated, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING');
  const storeAll = sqlite.transaction((locale: string, context: string, pairs: [string, string][]) => {
    for (const [source, translated] of pairs) store.run(locale, context, source, translated, now());
  });

  return async function translateTexts(
    callerId: string,
    input: Omit<TranslateTextsInput, 'context'> & { context: TranslateTextsInput['context'] | PlanTextKind },
    requestLocale: Locale,
    source: Locale = DEFAULT_LOCALE,
  ): Promise<TranslateTextsResponse> {
    const target = input.targetLanguage as Locale;
    const { texts, context } = input;
    if (target === source) return { success: true, translatedTexts: texts, attempts: 0 };

    const result = texts.map((text) => (text.trim() === '' ? text : cached.get(target, context, text)?.translated));
    const missing = [...new Set(texts.filter((_, i) => result[i] === undefined))];
    if (missing.length === 0) return { success: true, translatedTexts: result as string[], attempts: 0 };

    let attempts = 0;
    let error: string | undefined;
    let fromModel: string[] | null = null;
    while (attempts < MAX_ATTEMPTS) {
      attempts += 1;
      try {
        fromModel = await generation.translate(callerId, missing, source, target, context);
        if (fromModel === null) attempts = 0; // no key: the catalog answers, no model was asked
        error = undefined;
        break;
      } catch (failure) {
        if (!(failure instanceof DomainError)) throw failure;
        error = translate(requestLocale, `errors.${failure.code}`, failure.values);
        // Out of quota, the second try would fail the same way.
        if (failure.code === 'AI_QUOTA_EXCEEDED') break;
      }
    }

    const found = new Map<string, string>();
    missing.forEach((text, i) => {
      const translated = fromModel?.[i] ?? translateKnownText(text, target);
      if (translated) found.set(text, translated);
    });
    storeAll(target, context, [...found]);
    const translatedTexts = texts.map((text, i) => result[i] ?? found.get(text) ?? text);
    return error === undefined ? { success: true, translatedTexts, attempts } : { success: false, translatedTexts, attempts, error };
  };
}

export type TranslateTexts = ReturnType<typeof createTranslations>;
