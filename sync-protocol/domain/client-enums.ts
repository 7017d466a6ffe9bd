/**
 * The client enumerations come in several readings across the screens (SPEC §3). We accept
 * every reading, store one canonical value and answer canonical values (ADR 004).
 */

export const ACTIVITY_LEVELS = ['sedentary', 'light', 'moderate', 'active', 'veryActive'] as const;
export type ActivityLevel = (typeof ACTIVITY_LEVELS)[number];

export const GOAL_TYPES = ['loseWeight', 'gainWeight', 'maintainWeight', 'gainMuscle', 'improveHealth', 'tone'] as const;
export type GoalType = (typeof GOAL_TYPES)[number];

export const GENDERS = ['male', 'female'] as const;
export type Gender = (typeof GENDERS)[number];

export const TIME_FRAMES = ['oneMonth', 'threeMonths', 'sixMonths', 'oneYear', 'longTerm'] as const;
export type TimeFrame = (typeof TIME_FRAMES)[number];

export const COUNTRY_CODES = ['BR', 'AR', 'US'] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number];

export const DIETARY_RESTRICTIONS = ['vegetarian', 'vegan', 'glutenFree', 'lactoseFree', 'sugarFree', 'lowCarb'] as const;
export type DietaryRestriction = (typeof DIETARY_RESTRICTIONS)[number];

export const MEDICAL_CONDITIONS = ['diabetes', 'hypertension', 'hypothyroidism', 'metabolicSyndrome', 'heartProblems', 'other'] as const;
export type MedicalCondition = (typeof MEDICAL_CONDITIONS)[number];

export const ROLES = ['user', 'teacher', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Lower case, no accents, no spaces, hyphens or underscores: 'Muito_Ativo' → 'muitoativo'. */
const fold = (value: string) =>
  value.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[\s_-]+/g, '').toLowerCase();

function readingsOf<T extends string>(canon: readonly T[], extra: Record<string, T>): Map<string, T> {
  const map = new Map<string, T>();
  for (const value of canon) map.set(fold(value), value);
  for (const [reading, value] of Object.entries(extra)) map.set(fold(reading), value);
  return map;
}

const activityReadings = readingsOf(ACTIVITY_LEVELS, {
  sedentario: 'sedentary', // profile form, calculation multipliers
  leve: 'light',
  moderado: 'moderate',
  high: 'active', // profile text set
  intenso: 'active', // profile form
  ativo: 'active', // calculation multipliers
  activo: 'active',
  extreme: 'veryActive',
  extremo: 'veryActive',
  muito_ativo: 'veryActive',
  muy_activo: 'veryActive',
});

const goalReadings = readingsOf(GOAL_TYPES, {
  weightLoss: 'loseWeight', // profile text set
  perder_peso: 'loseWeight', // profile form, nutrition analysis
  weightGain: 'gainWeight',
  ganhar_peso: 'gainWeight',
  maintenance: 'maintainWeight',
  manter_peso: 'maintainWeight',
  muscleGain: 'gainMuscle',
  ganhar_massa: 'gainMuscle',
  melhorar_saude: 'improveHealth',
  tonificar: 'tone', // nutrition analysis
});

const genderReadings = readingsOf(GENDERS, {
  masculino: 'male',
  feminino: 'female',
  femenino: 'female',
  m: 'male',
  f: 'female',
});

const timeFrameReadings = readingsOf(TIME_FRAMES, {});
const countryReadings = readingsOf(COUNTRY_CODES, {});
const dietaryReadings = readingsOf(DIETARY_RESTRICTIONS, {});
const medicalReadings = readingsOf(MEDICAL_CONDITIONS, {});

const normalizer =
  <T extends string>(readings: Map<string, T>) =>
  (value: unknown): T | undefined =>
    typeof value === 'string' ? readings.get(fold(value)) : undefined;

export const normalizeActivityLevel = normalizer(activityReadings);
export const normalizeGoalType = normalizer(goalReadings);
export const normalizeGender = normalizer(genderReadings);
export const normalizeTimeFrame = normalizer(timeFrameReadings);
export const normalizeCountryCode = normalizer(countryReadings);
export const normalizeDietaryRestriction = normalizer(dietaryReadings);
export const normalizeMedicalCondition = normalizer(medicalReadings);
