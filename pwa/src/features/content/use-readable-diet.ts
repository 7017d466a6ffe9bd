import { useMemo } from 'react';
import { dailyCalories, type Macros, type Meal } from '#protocol/domain/diet-plan.ts';
import type { DietPlanDto } from '#protocol/contract/plans.ts';
import { useTranslatedTexts } from './use-translated-texts.ts';

export interface ReadableDiet {
  meals: Meal[];
  macros: Macros | null;
  calories: number | null;
  substitutions: string[];
  tips: string[];
  weeklyMenu: string[];
}

const NONE: readonly string[] = [];

/** Joins lists so one request per context covers the whole diet, then splits them back. */
function unflatten<T>(groups: readonly T[][], flat: readonly T[]): T[][] {
  let at = 0;
  return groups.map((group) => {
    const slice = flat.slice(at, at + group.length);
    at += group.length;
    return slice as T[];
  });
}

/**
 * A diet as its author's texts were structured on save (ADR 024) and, for es-AR and en-US, with
 * meal names, foods, preparations and substitutions in the reader's language once translated.
 */
export function useReadableDiet(diet: DietPlanDto | null): ReadableDiet | null {
  const parsed = useMemo(() => {
    if (!diet) return null;
    const { meals, macros, substitutions, tips, weeklyMenu } = diet.content;
    return {
      meals,
      macros,
      calories: dailyCalories(diet, meals),
      substitutions,
      tips,
      weeklyMenu,
      names: meals.map((m) => m.name),
      foodGroups: meals.map((m) => m.foods),
      foods: meals.flatMap((m) => m.foods),
      preparations: meals.flatMap((m) => (m.preparation ? [m.preparation] : [])),
    };
  }, [diet]);

  const names = useTranslatedTexts('meal-names', parsed?.names ?? NONE);
  const foods = useTranslatedTexts('foods', parsed?.foods ?? NONE);
  const preparations = useTranslatedTexts('preparations', parsed?.preparations ?? NONE);
  const substitutions = useTranslatedTexts('substitutions', parsed?.substitutions ?? NONE);

  return useMemo(() => {
    if (!parsed) return null;
    const translatedFoods = unflatten(parsed.foodGroups, foods);
    let preparationAt = 0;
    return {
      macros: parsed.macros,
      calories: parsed.calories,
      tips: parsed.tips,
      weeklyMenu: parsed.weeklyMenu,
      // The kind stays the one read from the original name: 'Ceia' → supper in any language.
      meals: parsed.meals.map((meal, i) => ({
        ...meal,
        name: names[i] ?? meal.name,
        foods: translatedFoods[i] ?? meal.foods,
        preparation: meal.preparation ? (preparations[preparationAt++] ?? meal.preparation) : undefined,
      })),
      substitutions: [...substitutions],
    };
  }, [parsed, names, foods, preparations, substitutions]);
}
