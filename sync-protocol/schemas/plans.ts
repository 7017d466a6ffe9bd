import { array, mixed, object, string, type InferType } from 'yup';
import { PLAN_TEXT_KINDS, type PlanTextKind } from '../domain/plan-content.ts';
import { LOCALES, type Locale } from '../i18n/locales.ts';
import { blankToUndefined, numeric, text, trimmed } from './fields.ts';

/*
 * SPEC §5 diet and workout forms, for the admin and teacher endpoints and their formik forms.
 * The structured fields (macros, meals, substitutions, weeklySchedule) accept every shape SPEC §3
 * lists: text, or JSON given as an array or object, which is stored as its JSON text. The readers
 * in ../domain (diet-plan.ts, workout-schedule.ts) parse them all.
 */

const TITLE_MAX = 200;
const NOTE_MAX = 5_000;
const STRUCTURED_MAX = 50_000;

const isStructured = (value: unknown) => Array.isArray(value) || (typeof value === 'object' && value !== null);

/** Text, or an array or object kept as its JSON text; '' and null mean "not given". */
const structured = () =>
  string()
    .typeError('validation.invalidType')
    .transform((value: unknown, original: unknown) => {
      if (isStructured(original)) return JSON.stringify(original);
      if (original === '' || original === null) return undefined;
      return typeof value === 'string' ? value.trim() || undefined : value;
    })
    .max(STRUCTURED_MAX, 'validation.tooLong');

export const dietPlanInputSchema = object({
  title: trimmed().required('validation.titleRequired').max(TITLE_MAX, 'validation.tooLong'),
  description: text(NOTE_MAX),
  dailyCalories: numeric()
    .transform(blankToUndefined)
    .required('validation.dailyCaloriesRequired')
    .integer('validation.dailyCaloriesRange')
    .min(500, 'validation.dailyCaloriesRange')
    .max(10_000, 'validation.dailyCaloriesRange'),
  macros: structured().required('validation.macrosRequired'),
  meals: structured().required('validation.mealsRequired'),
  weeklyMenu: structured(),
  tips: structured(),
  substitutions: structured(),
}).noUnknown(true, 'validation.unknownField');

export type DietPlanInput = InferType<typeof dietPlanInputSchema>;

/**
 * What the admin form sends for a plan: its fields as typed, blank ones as null (an edit may clear
 * an optional one); the schema above casts and checks it.
 */
export type PlanFormBody<Input> = { [Field in keyof Input]?: string | number | null };

export const workoutPlanInputSchema = object({
  title: trimmed().required('validation.titleRequired').max(TITLE_MAX, 'validation.tooLong'),
  description: text(NOTE_MAX),
  duration: trimmed().required('validation.durationRequired').max(TITLE_MAX, 'validation.tooLong'),
  frequency: trimmed().required('validation.frequencyRequired').max(TITLE_MAX, 'validation.tooLong'),
  weeklySchedule: structured().required('validation.weeklyScheduleRequired'),
  progressionTips: structured(),
  safetyNotes: structured(),
}).noUnknown(true, 'validation.unknownField');

export type WorkoutPlanInput = InferType<typeof workoutPlanInputSchema>;

/** A plan's texts, about two hundred for a full week; room beyond that is not a plan. */
const MAX_EDITED_TEXTS = 1_000;

/**
 * The author's words for a plan's translation into one language (ADR 024): each names
 * a text of the plan by its kind and original, and says how it reads in that language. They
 * replace the model's and the catalog's, now and in every later translation of the plan.
 */
export const planTranslationEditSchema = object({
  // Exactly as a plan's `translations` keys it.
  locale: mixed<Locale>().oneOf(LOCALES, 'validation.invalidOption').required('validation.required'),
  texts: array(
    object({
      kind: mixed<PlanTextKind>().oneOf(PLAN_TEXT_KINDS, 'validation.invalidOption').required('validation.required'),
      source: string().typeError('validation.invalidType').strict().required('validation.required').max(NOTE_MAX, 'validation.tooLong'),
      text: trimmed().required('validation.required').max(NOTE_MAX, 'validation.tooLong'),
    }).noUnknown(true, 'validation.unknownField'),
  )
    .typeError('validation.invalidType')
    .required('validation.required')
    .max(MAX_EDITED_TEXTS, 'validation.tooLong'),
}).noUnknown(true, 'validation.unknownField');

export type PlanTranslationEdit = InferType<typeof planTranslationEditSchema>;
