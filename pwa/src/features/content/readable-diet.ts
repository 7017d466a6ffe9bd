import { dailyCalories, type Macros, type Meal } from '#protocol/domain/diet-plan-display.ts';
import type { DietPlanDto } from '#protocol/contract/plans.ts';

export interface ReadableDiet {
  meals: Meal[];
  macros: Macros | null;
  calories: number | null;
  substitutions: string[];
  tips: string[];
  weeklyMenu: string[];
}

/**
 * What the diet screens show of a diet: its structure (in the reader's language once
 * usePublishedDiets has chosen it, ADR 024) and its daily calories, the plan's own figure or the
 * meals' sum.
 */
export function readableDiet(diet: DietPlanDto): ReadableDiet {
  const { meals, macros, substitutions, tips, weeklyMenu } = diet.content;
  return { meals, macros, calories: dailyCalories(diet, meals), substitutions, tips, weeklyMenu };
}
