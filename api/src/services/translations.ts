/**
 * POST /api/translate-texts (SPEC §7, §4), and the translations made when a plan is published
 * (ADR 024): plans are written in one language and read in three. The source language (pt-BR for
 * the route) comes back unchanged. Otherwise each text is looked up in the database's cache
 * (per language, context and text); the rest go to the model in one call, retried once, or with
 * no key to the catalog's own names of foods and meals, the original standing for anything else.
 * Only real translations are cached, so configuring a key later still translates the rest.
 */
import { DEFAULT_LOCALE, type Locale } from '#protocol/i18n/locales.ts';
import type { TranslateTextsInput } from '#protocol/schemas/translate.ts';
import type { ContentGeneration } from '../ai/content-generation.ts';
import type { SqlDatabase } from '../db/sql/port.ts';
import { translateKnownText } from '../ai/builtin/known-texts.ts';
import { DomainError } from '#protocol/errors.ts';
import { translate } from '../i18n/translate.ts';
import type { TranslateTextsResponse } from '#protocol/contract/staff.ts';

const MAX_ATTEMPTS = 2;

export function createTranslations(db: SqlDatabase, generation: ContentGeneration, now: () => number) {
  const cached = async (locale: string, context: string, source: string) =>
    (await db.get<{ translated: string }>('SELECT translated FROM translations WHERE locale = ? AND context = ? AND source = ?', [locale, context, source]))?.translated;
  /** Stores new translations in one transaction; a text cached meanwhile keeps its first translation. */
  const storeAll = (locale: string, pairs: [context: string, source: string, translated: string][]) =>
    db.transaction(async () => {
      for (const [context, source, translated] of pairs) {
        await db.run('INSERT INTO translations (locale, context, source, translated, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING', [locale, context, source, translated, now()]);
      }
    });

  /**
   * Texts, each of its own kind, into one language: from the cache, then one model call for all
   * the rest (retried once), else the catalog; `failure` is set when the model was asked and failed.
   */
  async function translateItems(callerId: string, items: TextToTranslate[], target: Locale, source: Locale): Promise<ItemsTranslated> {
    if (target === source) return { translatedTexts: items.map(({ text }) => text), known: items.map(() => true), attempts: 0 };
    const keyOf = ({ text, context }: TextToTranslate) => `${context}\u0000${text}`;
    const result: (string | undefined)[] = [];
    for (const { text, context } of items) result.push(text.trim() === '' ? text : await cached(target, context, text));
    const missing = [...new Map(items.filter((_, i) => result[i] === undefined).map((item) => [keyOf(item), item])).values()];
    if (missing.length === 0) return { translatedTexts: result as string[], known: items.map(() => true), attempts: 0 };

    const contexts = [...new Set(missing.map(({ context }) => context))];
    let attempts = 0;
    let failure: DomainError | undefined;
    let fromModel: string[] | null = null;
    while (attempts < MAX_ATTEMPTS) {
      attempts += 1;
      try {
        const texts = missing.map(({ text }) => text);
        fromModel = await generation.translate(callerId, texts, source, target, contexts.length === 1 ? (contexts[0] as string) : missing.map(({ context }) => context));
        if (fromModel === null) attempts = 0; // no key: the catalog answers, no model was asked
        failure = undefined;
        break;
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        failure = error;
        // Out of quota, the second try would fail the same way.
        if (error.code === 'AI_QUOTA_EXCEEDED') break;
      }
    }

    const found = new Map<string, string>();
    const stored: [string, string, string][] = [];
    missing.forEach((item, i) => {
      const translated = fromModel?.[i] ?? translateKnownText(item.text, target);
      if (!translated) return;
      found.set(keyOf(item), translated);
      stored.push([item.context, item.text, translated]);
    });
    if (stored.length > 0) await storeAll(target, stored);
    const translatedTexts = items.map((item, i) => result[i] ?? found.get(keyOf(item)) ?? item.text);
    const known = items.map((item, i) => result[i] !== undefined || found.has(keyOf(item)));
    return failure === undefined ? { translatedTexts, known, attempts } : { translatedTexts, known, attempts, failure };
  }

  /** POST /api/translate-texts: texts of one kind; a model failure is told in the caller's language. */
  async function translateTexts(callerId: string, input: TranslateTextsInput, requestLocale: Locale): Promise<TranslateTextsResponse> {
    const { translatedTexts, attempts, failure } = await translateItems(
      callerId,
      input.texts.map((text) => ({ text, context: input.context })),
      input.targetLanguage as Locale,
      DEFAULT_LOCALE,
    );
    return failure === undefined ? { success: true, translatedTexts, attempts } : { success: false, translatedTexts, attempts, error: translate(requestLocale, `errors.${failure.code}`, failure.values) };
  }

  return { translateTexts, translateItems };
}

export interface TextToTranslate {
  text: string;
  /** What the text is (a plan's text kind, or the route's context): cached and told to the model. */
  context: string;
}

export interface ItemsTranslated {
  translatedTexts: string[];
  /** Per text: false when nobody knew it (no model answer, not in the catalog) and it stays as written. */
  known: boolean[];
  attempts: number;
  failure?: DomainError;
}

export type Translations = ReturnType<typeof createTranslations>;
