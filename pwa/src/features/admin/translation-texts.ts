import type { DietPlanDto, PlanDetails, WorkoutPlanDto } from '#protocol/contract/plans.ts';
import { planTextKey, rewriteDiet, rewriteWorkout, type DietContent, type PlanTextKind, type WorkoutContent } from '#protocol/domain/plan-content.ts';
import type { Locale } from '#protocol/i18n/locales.ts';

/** One text of a plan as the author wrote it, and as its translation reads it now. */
export interface TranslatedText {
  kind: PlanTextKind;
  source: string;
  translated: string;
  /** The form field it is, for the texts outside the structure (the title, a workout's duration…). */
  field?: 'title' | 'description' | keyof PlanDetails;
}

type Plan = { kind: 'diet'; plan: DietPlanDto } | { kind: 'workout'; plan: WorkoutPlanDto };

const DETAILS: Record<Plan['kind'], (keyof PlanDetails)[]> = { diet: ['objective'], workout: ['duration', 'frequency'] };

/**
 * Every distinct text of a plan beside its translation into `locale`, in reading order (title,
 * description, details, then the structure): what the author reviews (ADR 024). The translation
 * was made by rewriting this same structure, so both walks meet the texts in the same order.
 * Empty when the plan has no translation into that language yet.
 */
export function translatedTexts(target: Plan, locale: Locale): TranslatedText[] {
  const { plan } = target;
  const translation = plan.translations[locale];
  if (!translation) return [];
  const pairs: TranslatedText[] = [];
  const add = (kind: PlanTextKind, source: string | null | undefined, translated: string | null | undefined, field?: TranslatedText['field']) => {
    if (source && source.trim() !== '') pairs.push({ kind, source, translated: translated ?? source, ...(field && { field }) });
  };
  add('titles', plan.title, translation.title, 'title');
  add('titles', plan.description, translation.description, 'description');
  for (const field of DETAILS[target.kind]) add('notes', plan[field as keyof typeof plan] as string | null, translation.details?.[field], field);

  type Collect = (text: string, kind: PlanTextKind) => string;
  const walk = (content: DietContent | WorkoutContent, collect: Collect) =>
    target.kind === 'diet' ? rewriteDiet(content as DietContent, collect) : rewriteWorkout(content as WorkoutContent, collect);
  const sources: [PlanTextKind, string][] = [];
  const translations: string[] = [];
  walk(plan.content, (text, kind) => (sources.push([kind, text]), text));
  walk(translation.content, (text) => (translations.push(text), text));
  sources.forEach(([kind, source], i) => add(kind, source, translations[i]));

  // Each text once per kind, as the server translates and keys them.
  const seen = new Set<string>();
  return pairs.filter(({ kind, source }) => !seen.has(planTextKey(kind, source)) && Boolean(seen.add(planTextKey(kind, source))));
}
