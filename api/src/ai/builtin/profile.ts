/** The client fields a built-in draft is based on, and their canonical readings. */
import {
  normalizeActivityLevel,
  normalizeDietaryRestriction,
  normalizeGender,
  normalizeGoalType,
  normalizeMedicalCondition,
  type ActivityLevel,
  type DietaryRestriction,
  type Gender,
  type GoalType,
  type MedicalCondition,
} from '#protocol/domain/client-enums.ts';
import { LOCALES, DEFAULT_LOCALE, type Locale } from '#protocol/i18n/locales.ts';
import type { ClientDto } from '#protocol/contract/clients.ts';

/** The client fields a draft is based on, as the API names them. */
export type ClientProfile = Pick<
  ClientDto,
  'id' | 'name' | 'birthDate' | 'gender' | 'height' | 'currentWeight' | 'targetWeight' | 'activityLevel' | 'goalType' | 'weeklyWeightGoal' | 'dietaryRestrictions' | 'medicalConditions'
>;

/** The profile's enumerations in their canonical values (any screen's reading is accepted). */
export interface ProfileReading {
  gender: Gender | null;
  /** SPEC §5: activity defaults to sedentary and the goal to maintaining weight. */
  activityLevel: ActivityLevel;
  goalType: GoalType;
  restrictions: ReadonlySet<DietaryRestriction>;
  conditions: ReadonlySet<MedicalCondition>;
  /** kg/m², one decimal; null without height and weight. */
  bmi: number | null;
}

const definedOnly = <T>(values: readonly (T | undefined)[]): T[] => values.filter((value): value is T => value !== undefined);

export function readProfile(client: ClientProfile): ProfileReading {
  const { height, currentWeight } = client;
  const bmi = height && currentWeight && height > 0 && currentWeight > 0 ? Math.round((currentWeight / (height / 100) ** 2) * 10) / 10 : null;
  return {
    gender: normalizeGender(client.gender) ?? null,
    activityLevel: normalizeActivityLevel(client.activityLevel) ?? 'sedentary',
    goalType: normalizeGoalType(client.goalType) ?? 'maintainWeight',
    restrictions: new Set(definedOnly((client.dietaryRestrictions ?? []).map(normalizeDietaryRestriction))),
    conditions: new Set(definedOnly((client.medicalConditions ?? []).map(normalizeMedicalCondition))),
    bmi,
  };
}

/** The caller passes the stored preferred language; anything unknown reads as the default locale. */
export function supportedLocale(locale: string): Locale {
  return (LOCALES as readonly string[]).includes(locale) ? (locale as Locale) : DEFAULT_LOCALE;
}
