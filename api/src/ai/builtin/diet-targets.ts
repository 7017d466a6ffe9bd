/**
 * The day's energy and macro targets of a built-in diet: SPEC §9's nutrition analysis, a safety
 * floor, a default when the profile is incomplete, and a macro split adjusted for low-carb and
 * blood-sugar conditions.
 */
import { analyseNutrition, MACRO_SPLITS, weeklyRateOf, type MacroSplit, type NutritionAnalysis, type NutritionField } from '#protocol/domain/nutrition.ts';
import type { ClientProfile, ProfileReading } from './profile.ts';

/**
 * Safety floor: below about 1200 kcal (women) or 1500 kcal (men) a diet hardly meets
 * micronutrient needs without supervision, so a computed target under it is raised to it. A
 * client whose TDEE is itself lower (small, older, sedentary) is floored at the TDEE instead, so
 * the floor never makes the plan a surplus. Unknown gender uses the lower floor.
 */
const MIN_KCAL_FEMALE = 1200;
const MIN_KCAL_MALE = 1500;

/** Without birth date, gender, height or weight: a moderate intake, stated as a default. */
const DEFAULT_KCAL_FEMALE = 1800;
const DEFAULT_KCAL_MALE = 2200;

/** The diet form accepts 500 to 10 000 kcal (schemas/plans.ts); only an implausible profile reaches either end. */
const FORM_MIN_KCAL = 500;
const FORM_MAX_KCAL = 10_000;

/** Fewer carbs, more fat, for the lowCarb restriction. */
const LOW_CARB_SPLIT: MacroSplit = { protein: 30, carbs: 25, fat: 45 };
/** Diabetes and metabolic syndrome: carbohydrates at 40% of the energy at most. */
const MAX_CARBS_FOR_GLYCEMIC_CONTROL = 40;

/** How the target was reached from the analysis. */
export interface TargetBasis {
  analysis: NutritionAnalysis;
  /** The analysis' own target when the safety floor replaced it. */
  raisedFrom: number | null;
  /** kcal per day against TDEE (negative for a deficit) and the kg per week it leads to. */
  dailyDelta: number;
  weeklyRate: number;
}

export interface DietTargets {
  calories: number;
  split: MacroSplit;
  /** Grams per day at 4 / 4 / 9 kcal per gram. */
  macros: { protein: number; carbs: number; fat: number };
  /** null when the profile misses what the analysis needs (`missing`) and the default applies. */
  basis: TargetBasis | null;
  missing: NutritionField[];
}

function macroSplit(reading: ProfileReading, base: MacroSplit): MacroSplit {
  if (reading.restrictions.has('lowCarb')) return LOW_CARB_SPLIT;
  const glycemic = reading.conditions.has('diabetes') || reading.conditions.has('metabolicSyndrome');
  if (!glycemic || base.carbs <= MAX_CARBS_FOR_GLYCEMIC_CONTROL) return base;
  const protein = Math.max(base.protein, 25);
  return { protein, carbs: MAX_CARBS_FOR_GLYCEMIC_CONTROL, fat: 100 - protein - MAX_CARBS_FOR_GLYCEMIC_CONTROL };
}

export function gramsOf(calories: number, split: MacroSplit): DietTargets['macros'] {
  return {
    protein: Math.round((calories * split.protein) / 400),
    carbs: Math.round((calories * split.carbs) / 400),
    fat: Math.round((calories * split.fat) / 900),
  };
}

export function dietTargets(client: ClientProfile, reading: ProfileReading, today: string): DietTargets {
  const result = analyseNutrition({ ...client, weeklyGoal: client.weeklyWeightGoal }, today);
  if (!result.ok) {
    const calories = reading.gender === 'male' ? DEFAULT_KCAL_MALE : DEFAULT_KCAL_FEMALE;
    const split = macroSplit(reading, MACRO_SPLITS[reading.goalType]);
    return { calories, split, macros: gramsOf(calories, split), basis: null, missing: result.missing };
  }
  const { analysis } = result;
  const floor = Math.min(reading.gender === 'male' ? MIN_KCAL_MALE : MIN_KCAL_FEMALE, analysis.tdee);
  const calories = Math.min(Math.max(analysis.targetCalories, floor, FORM_MIN_KCAL), FORM_MAX_KCAL);
  const dailyDelta = calories - analysis.tdee;
  const split = macroSplit(reading, analysis.split);
  return {
    calories,
    split,
    macros: gramsOf(calories, split),
    basis: {
      analysis,
      raisedFrom: calories > analysis.targetCalories ? analysis.targetCalories : null,
      dailyDelta,
      weeklyRate: weeklyRateOf(dailyDelta),
    },
    missing: [],
  };
}
