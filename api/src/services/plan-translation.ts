/**
 * A published plan in the two languages its author did not write in (ADR 024): every text of its
 * structure, its title and its description, translated once on the server and stored beside the
 * original, so a reader in any language reads it offline and no device asks for a translation.
 * The words come from translate-texts' cache, the configured model, or the catalog of foods and
 * meals; a text none of them knows stays as written and the translation is marked incomplete.
 * The whole plan goes to the model in one call per language (each text with its kind), so that
 * publishing costs the author two of their AI calls, not one per kind of text.
 */
import type { PlanDetails, PlanTranslation, PlanTranslations } from '#protocol/contract/plans.ts';
import { planTextKey as keyOf, type PlanTextKind } from '#protocol/domain/plan-content.ts';
import { LOCALES, type Locale } from '#protocol/i18n/locales.ts';
import type { TextToTranslate, Translations } from './translations.ts';

type Rewrite<Content> = (content: Content, rewrite: (text: string, kind: PlanTextKind) => string) => Content;

export interface PlanWords<Content> {
  title: string;
  description: string | null;
  content: Content;
  details: PlanDetails;
}

/** The author's words per language, by `planTextKey` (the `translation_edits` column). */
export type TranslationEdits = Partial<Record<Locale, Record<string, string>>>;

/** Every distinct text of a plan with its kind, in reading order: what gets translated. */
export function planTexts<Content>(plan: PlanWords<Content>, rewrite: Rewrite<Content>): TextToTranslate[] {
  const items = new Map<string, TextToTranslate>();
  const collect = (text: string, kind: PlanTextKind) => {
    if (text.trim() !== '') items.set(keyOf(kind, text), { text, context: kind });
    return text;
  };
  collect(plan.title, 'titles');
  if (plan.description !== null) collect(plan.description, 'titles');
  for (const text of Object.values(plan.details)) if (text) collect(text, 'notes');
  rewrite(plan.content, collect);
  return [...items.values()];
}

/** The translations, and whether a model asked for words failed (out of quota, unreachable). */
export interface PlanTranslated<Content> {
  translations: PlanTranslations<Content>;
  modelFailed: boolean;
}

export function createPlanTranslation(translateItems: Translations['translateItems']) {
  return async function translatePlan<Content>(
    callerId: string,
    language: Locale,
    plan: PlanWords<Content>,
    rewrite: Rewrite<Content>,
    edits: TranslationEdits = {},
  ): Promise<PlanTranslated<Content>> {
    // Each distinct text of each kind once: one model call per language for the whole plan.
    const sources = planTexts(plan, rewrite);

    // Both languages at once: the author waits for the slower call, not for their sum.
    let modelFailed = false;
    const translateInto = async (target: Locale): Promise<PlanTranslation<Content>> => {
      // The author's words first; only the rest is asked for.
      const authored = edits[target] ?? {};
      const asked = sources.filter((source) => authored[keyOf(source.context as PlanTextKind, source.text)] === undefined);
      const answer = await translateItems(callerId, asked, target, language);
      if (answer.failure) modelFailed = true;
      const words = new Map<string, string>(Object.entries(authored));
      let complete = true;
      asked.forEach((source, i) => {
        // Nobody knew it: it stays as written and the translation is incomplete.
        if (!answer.known[i]) complete = false;
        words.set(keyOf(source.context as PlanTextKind, source.text), answer.translatedTexts[i] ?? source.text);
      });
      const word = (text: string, kind: PlanTextKind) => words.get(keyOf(kind, text)) ?? text;
      return {
        title: word(plan.title, 'titles'),
        description: plan.description === null ? null : word(plan.description, 'titles'),
        content: rewrite(plan.content, word),
        details: Object.fromEntries(Object.entries(plan.details).map(([field, text]) => [field, text ? word(text, 'notes') : text])),
        complete,
      };
    };
    const targets = LOCALES.filter((locale) => locale !== language);
    const translated = await Promise.all(targets.map(translateInto));
    return { translations: Object.fromEntries(targets.map((target, i) => [target, translated[i]])) as PlanTranslations<Content>, modelFailed };
  };
}

export type TranslatePlan = ReturnType<typeof createPlanTranslation>;
