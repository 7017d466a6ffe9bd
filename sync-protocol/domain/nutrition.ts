/**
 * The nutrition analysis of SPEC §9 that the admin panel shows beside a client and the built-in
 * generator starts from: Mifflin-St Jeor BMR, TDEE by activity level, a target per goal within
 * the weekly-rate caps, and a macro split. Pure; kcal are rounded only in the result.
 */
import { normalizeActivityLevel, normalizeGender, normalizeGoalType, type ActivityLevel, type GoalType } from './client-enums.ts';
import { isLocalDate } from './calendar.ts';

export const KCAL_PER_KG = 7700;
export const ACTIVITY_MULTIPLIERS: Record<ActivityLevel, number> = { sedentary: 1.2, light: 1.375, moderate: 1.55, active: 1.725, veryActive: 1.9 };
/** SPEC §9 caps and rates, in kg per week and kcal per day. */
export const MAX_LOSS_KG_PER_WEEK = 1;
export const MAX_LOSS_SHARE_OF_TDEE = 0.15;
export const GAIN_KG_PER_WEEK = 0.4;
export const TONE_DEFICIT_KCAL = 200;
/** SPEC is silent on the loss rate of a client who set no weekly goal: a moderate 0.5 kg. */
export const DEFAULT_LOSS_KG_PER_WEEK = 0.5;

/** Shares of the day's energy from protein, carbs and fat, in percent. */
export interface MacroSplit {
  protein: number;
  carbs: number;
  fat: number;
}
/**
 * SPEC §9's default split (20/50/30) for maintaining or health; more protein while eating under
 * or over maintenance, to keep or build lean mass.
 */
export const MACRO_SPLITS: Record<GoalType, MacroSplit> = {
  maintainWeight: { protein: 20, carbs: 50, fat: 30 },
  improveHealth: { protein: 20, carbs: 50, fat: 30 },
  loseWeight: { protein: 30, carbs: 40, fat: 30 },
  tone: { protein: 30, carbs: 40, fat: 30 },
  gainWeight: { protein: 25, carbs: 50, fat: 25 },
  gainMuscle: { protein: 25, carbs: 50, fat: 25 },
};

export interface NutritionInput {
  birthDate?: string | null;
  gender?: string | null;
  height?: number | null;
  currentWeight?: number | null;
  activityLevel?: string | null;
  goalType?: string | null;
  /** The client's own weekly goal in kg, used for weight loss within the caps. */
  weeklyGoal?: number | null;
}

/** What the analysis needs, in the order a missing one is named. */
const NUTRITION_FIELDS = ['birthDate', 'gender', 'height', 'currentWeight'] as const;
export type NutritionField = (typeof NUTRITION_FIELDS)[number];

export interface NutritionAnalysis {
  age: number;
  activityLevel: ActivityLevel;
  goalType: GoalType;
  bmr: number;
  tdee: number;
  /** kcal per day to eat; below TDEE for a deficit. */
  targetCalories: number;
  /** kcal per day against TDEE: negative for a deficit. */
  dailyDelta: number;
  /** kg per week the target leads to: negative for a loss. */
  weeklyRate: number;
  split: MacroSplit;
  /** Grams per day: 4 kcal per gram of protein or carbs, 9 per gram of fat. */
  macros: { protein: number; carbs: number; fat: number };
}

export type NutritionResult = { ok: true; analysis: NutritionAnalysis } | { ok: false; missing: NutritionField[] };

/** kg per week a daily kcal delta leads to, to the hundredth: the one rate of card and diet. */
export function weeklyRateOf(dailyDelta: number): number {
  return Math.round(((dailyDelta * 7) / KCAL_PER_KG) * 100) / 100 + 0;
}

/** Full years between a YYYY-MM-DD birth date and today's YYYY-MM-DD. */
export function ageOn(birthDate: string, today: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

const positive = (value: number | null | undefined): value is number => typeof value === 'number' && Number.isFinite(value) && value > 0;

/** SPEC §9 nutrition analysis for `today` (the client's calendar day); names what is missing. */
export function analyseNutrition(input: NutritionInput, today: string): NutritionResult {
  const birthDate = typeof input.birthDate === 'string' && isLocalDate(input.birthDate) && input.birthDate <= today ? input.birthDate : null;
  const gender = normalizeGender(input.gender) ?? null;
  const height = positive(input.height) ? input.height : null;
  const weight = positive(input.currentWeight) ? input.currentWeight : null;
  if (!birthDate || !gender || height === null || weight === null) {
    const given: Record<NutritionField, unknown> = { birthDate, gender, height, currentWeight: weight };
    return { ok: false, missing: NUTRITION_FIELDS.filter((field) => given[field] === null) };
  }

  const age = ageOn(birthDate, today);
  const activityLevel = normalizeActivityLevel(input.activityLevel) ?? 'sedentary';
  const goalType = normalizeGoalType(input.goalType) ?? 'maintainWeight';
  const bmr = 10 * weight + 6.25 * height - 5 * age + (gender === 'male' ? 5 : -161);
  const tdee = bmr * ACTIVITY_MULTIPLIERS[activityLevel];

  let dailyDelta = 0;
  if (goalType === 'loseWeight') {
    const wanted = positive(input.weeklyGoal) ? input.weeklyGoal : DEFAULT_LOSS_KG_PER_WEEK;
    const capByTdee = (MAX_LOSS_SHARE_OF_TDEE * tdee * 7) / KCAL_PER_KG;
    const rate = Math.min(wanted, MAX_LOSS_KG_PER_WEEK, capByTdee);
    dailyDelta = -(rate * KCAL_PER_KG) / 7;
  } else if (goalType === 'gainWeight' || goalType === 'gainMuscle') {
    dailyDelta = (GAIN_KG_PER_WEEK * KCAL_PER_KG) / 7;
  } else if (goalType === 'tone') {
    // Toning eats a fixed 200 kcal under maintenance (about 0.18 kg a week). SPEC's "minimum
    // 0.5 kg/week" for this goal reads as the least weekly goal a client may set for it, not as
    // a deficit: 0.5 kg a week would need 550 kcal and make the 200 meaningless.
    dailyDelta = -TONE_DEFICIT_KCAL;
  }

  const targetCalories = Math.round(tdee + dailyDelta);
  // The delta and the rate are stated from the rounded figures shown beside them, so that every
  // text (this card, a diet's description) says 1704 − 1449 = 255, never 256 (ADR 018).
  const shownDelta = targetCalories - Math.round(tdee);
  const split = MACRO_SPLITS[goalType];
  return {
    ok: true,
    analysis: {
      age,
      activityLevel,
      goalType,
      bmr: Math.round(bmr),
      tdee: Math.round(tdee),
      targetCalories,
      dailyDelta: shownDelta,
      weeklyRate: weeklyRateOf(shownDelta),
      split,
      macros: {
        protein: Math.round((targetCalories * split.protein) / 100 / 4),
        carbs: Math.round((targetCalories * split.carbs) / 100 / 4),
        fat: Math.round((targetCalories * split.fat) / 100 / 9),
      },
    },
  };
}
