/**
 * A plan's content as clients read it (issue 19, part 4): structured once, when its author saves
 * it, from whatever shape was pasted (SPEC §3's text formats, JSON), with the heuristic readers of
 * ./diet-plan.ts and ./workout-schedule.ts; never on the reader's device. A field that was filled
 * but yields nothing is named in `unreadable`: its text is kept and the author is told.
 */
import type { Macros, Meal } from './diet-plan-display.ts';
import { parseMacros, parseMeals, parseTextList } from './diet-plan.ts';
import { parseWeeklySchedule, type ScheduleDay } from './workout-schedule.ts';

export interface DietContent {
  meals: Meal[];
  macros: Macros | null;
  weeklyMenu: string[];
  tips: string[];
  substitutions: string[];
}

export interface WorkoutContent {
  schedule: ScheduleDay[];
  progressionTips: string[];
  safetyNotes: string[];
}

/** The texts of a plan that are structured; the others (title, duration…) are shown as written. */
export type DietTextField = 'meals' | 'macros' | 'weeklyMenu' | 'tips' | 'substitutions';
export type WorkoutTextField = 'weeklySchedule' | 'progressionTips' | 'safetyNotes';
export type DietText = Partial<Record<DietTextField, string | null>>;
export type WorkoutText = Partial<Record<WorkoutTextField, string | null>>;

export interface Structured<Content, Field extends string> {
  content: Content;
  unreadable: Field[];
}

const filled = (text: string | null | undefined): text is string => typeof text === 'string' && text.trim() !== '';

/** The fields whose text was there but read as nothing. */
const unreadableOf = <Field extends string>(text: Partial<Record<Field, string | null | undefined>>, empty: Record<Field, boolean>): Field[] =>
  (Object.keys(empty) as Field[]).filter((field) => empty[field] && filled(text[field]));

export function structureDiet(text: DietText): Structured<DietContent, DietTextField> {
  const content: DietContent = {
    meals: parseMeals(text.meals ?? null),
    macros: parseMacros(text.macros ?? null),
    weeklyMenu: parseTextList(text.weeklyMenu ?? null),
    tips: parseTextList(text.tips ?? null),
    substitutions: parseTextList(text.substitutions ?? null),
  };
  const unreadable = unreadableOf<DietTextField>(text, {
    meals: content.meals.length === 0,
    macros: content.macros === null,
    weeklyMenu: content.weeklyMenu.length === 0,
    tips: content.tips.length === 0,
    substitutions: content.substitutions.length === 0,
  });
  return { content, unreadable };
}

export function structureWorkout(text: WorkoutText): Structured<WorkoutContent, WorkoutTextField> {
  const content: WorkoutContent = {
    schedule: parseWeeklySchedule(text.weeklySchedule ?? null),
    progressionTips: parseTextList(text.progressionTips ?? null),
    safetyNotes: parseTextList(text.safetyNotes ?? null),
  };
  const unreadable = unreadableOf<WorkoutTextField>(text, {
    weeklySchedule: content.schedule.length === 0,
    progressionTips: content.progressionTips.length === 0,
    safetyNotes: content.safetyNotes.length === 0,
  });
  return { content, unreadable };
}

/**
 * What a text of a plan is, for whoever translates it: the model is told, and translations are
 * cached per kind (a meal name and a food may be worded alike and translated differently).
 */
export const PLAN_TEXT_KINDS = ['titles', 'meal-names', 'foods', 'preparations', 'substitutions', 'notes', 'training-names', 'exercises'] as const;
export type PlanTextKind = (typeof PLAN_TEXT_KINDS)[number];

/** A text of a plan by its kind and original words: each is translated, reviewed and corrected once. */
export const planTextKey = (kind: PlanTextKind, text: string) => `${kind}\u0000${text}`;

/** Replaces each text of a structure (`rewrite(text, kind)`), keeping its shape, figures and times. */
type Rewrite = (text: string, kind: PlanTextKind) => string;

export function rewriteDiet(content: DietContent, rewrite: Rewrite): DietContent {
  return {
    meals: content.meals.map((meal) => ({
      ...meal,
      name: rewrite(meal.name, 'meal-names'),
      foods: meal.foods.map((food) => rewrite(food, 'foods')),
      ...(meal.preparation === undefined ? {} : { preparation: rewrite(meal.preparation, 'preparations') }),
    })),
    macros: content.macros,
    weeklyMenu: content.weeklyMenu.map((line) => rewrite(line, 'notes')),
    tips: content.tips.map((line) => rewrite(line, 'notes')),
    substitutions: content.substitutions.map((line) => rewrite(line, 'substitutions')),
  };
}

export function rewriteWorkout(content: WorkoutContent, rewrite: Rewrite): WorkoutContent {
  return {
    schedule: content.schedule.map((day) => ({
      ...day,
      ...(day.name === undefined ? {} : { name: rewrite(day.name, 'training-names') }),
      ...(day.type === undefined ? {} : { type: rewrite(day.type, 'training-names') }),
      ...(day.duration === undefined ? {} : { duration: rewrite(day.duration, 'notes') }),
      ...(day.description === undefined ? {} : { description: rewrite(day.description, 'notes') }),
      exercises: day.exercises.map((exercise) => ({
        ...exercise,
        name: rewrite(exercise.name, 'exercises'),
        ...(exercise.rest === undefined ? {} : { rest: rewrite(exercise.rest, 'notes') }),
        ...(exercise.notes === undefined ? {} : { notes: rewrite(exercise.notes, 'notes') }),
        ...(exercise.safety === undefined ? {} : { safety: rewrite(exercise.safety, 'notes') }),
      })),
    })),
    progressionTips: content.progressionTips.map((line) => rewrite(line, 'notes')),
    safetyNotes: content.safetyNotes.map((line) => rewrite(line, 'notes')),
  };
}
