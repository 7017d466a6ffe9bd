/**
 * A published plan in the two languages its author did not write in (ADR 024): every text of its
 * structure, its title and its description, translated once on the server and stored beside the
 * original, so a reader in any language reads it offline and no device asks for a translation.
 * The words come from translate-texts' cache, the configured model, or the catalog of foods and
 * meals; a text none of them knows stays as written and the translation is marked incomplete.
 */
import type { PlanTranslation, PlanTranslations } from '#protocol/contract/plans.ts';
import type { PlanTextKind } from '#protocol/domain/plan-content.ts';
import { LOCALES, type Locale } from '#protocol/i18n/locales.ts';
import type { TranslateTexts } from './translations.ts';

type Rewrite<Content> = (content: Content, rewrite: (text: string, kind: PlanTextKind) => string) => Content;

export interface PlanWords<Content> {
  title: string;
  description: string | null;
  content: Content;
}

const keyOf = (kind: PlanTextKind, text: string) => `${kind}\u0000${text}`;

export function createPlanTranslation(translateTexts: TranslateTexts) {
  return async function translatePlan<Content>(callerId: string, language: Locale, plan: PlanWords<Content>, rewrite: Rewrite<Content>): Promise<PlanTranslations<Content>> {
    // Each distinct text once per kind: one request per kind and language.
    const texts = new Map<PlanTextKind, Set<string>>();
    const collect = (text: string, kind: PlanTextKind) => {
      if (text.trim() !== '') (texts.get(kind) ?? texts.set(kind, new Set()).get(kind))?.add(text);
      return text;
    };
    rewrite(plan.content, collect);
    collect(plan.title, 'titles');
    if (plan.description !== null) collect(plan.description, 'titles');

    // Every language and kind at once: the author waits for the slowest call, not for their sum.
    const translateInto = async (target: Locale): Promise<PlanTranslation<Content>> => {
      const words = new Map<string, string>();
      let complete = true;
      await Promise.all(
        [...texts].map(async ([kind, set]) => {
          const sources = [...set];
          const answer = await translateTexts(callerId, { texts: sources, targetLanguage: target, context: kind }, target, language);
          sources.forEach((source, i) => {
            const translated = answer.translatedTexts[i] ?? source;
            // Back as written: nobody knew it (a name that reads the same in both is marked too).
            if (translated === source) complete = false;
            words.set(keyOf(kind, source), translated);
          });
        }),
      );
      const word = (text: string, kind: PlanTextKind) => words.get(keyOf(kind, text)) ?? text;
      return {
        title: word(plan.title, 'titles'),
        description: plan.description === null ? null : word(plan.description, 'titles'),
        content: rewrite(plan.content, word),
        complete,
      };
    };
    const targets = LOCALES.filter((locale) => locale !== language);
    const translated = await Promise.all(targets.map(translateInto));
    return Object.fromEntries(targets.map((target, i) => [target, translated[i]])) as PlanTranslations<Content>;
  };
}

export type TranslatePlan = ReturnType<typeof createPlanTranslation>;
