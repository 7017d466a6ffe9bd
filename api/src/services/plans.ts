/**
 * Diet and workout plans as clients receive them (SPEC §3), created here by the seed (authoring
 * is plan-authoring.ts). Every write stamps a new sync version and stores the texts structured
 * (ADR 024), so no reader's device parses them.
 */
import { uuidv7 } from '#protocol/ids.ts';
import type { DietPlanDto, PlanStatus, PlanTranslations, WorkoutPlanDto } from '#protocol/contract/plans.ts';
import { DEFAULT_LOCALE, toLocale } from '#protocol/i18n/locales.ts';
import type { SqlDatabase } from '../db/sql/port.ts';
import { structureDiet, structureWorkout, type DietContent, type DietText, type DietTextField, type Structured, type WorkoutContent, type WorkoutText, type WorkoutTextField } from '#protocol/domain/plan-content.ts';

interface PlanRowBase {
  id: string;
  user_id: string;
  title: string;
  description: string | null;
  status: PlanStatus;
  created_at: number;
  updated_at: number;
  published_at: number | null;
  deleted_at: number | null;
  version: number;
  content: string | null;
  unreadable: string;
  language: string;
  translations: string;
  translation_edits: string;
}
export interface DietPlanRaw extends PlanRowBase {
  objective: string | null;
  daily_calories: number | null;
  macros: string | null;
  meals: string | null;
  weekly_menu: string | null;
  tips: string | null;
  substitutions: string | null;
}
export interface WorkoutPlanRaw extends PlanRowBase {
  duration: string | null;
  frequency: string | null;
  weekly_schedule: string | null;
  progression_tips: string | null;
  safety_notes: string | null;
}

/** The `content` and `unreadable` columns of a structured plan. */
const structuredColumns = <Content, Field extends string>({ content, unreadable }: Structured<Content, Field>) => ({
  content: JSON.stringify(content),
  unreadable: JSON.stringify(unreadable),
});
export const dietColumns = (text: DietText) => structuredColumns(structureDiet(text));
export const workoutColumns = (text: WorkoutText) => structuredColumns(structureWorkout(text));

export const dietText = (row: DietPlanRaw): DietText => ({ meals: row.meals, macros: row.macros, weeklyMenu: row.weekly_menu, tips: row.tips, substitutions: row.substitutions });
export const workoutText = (row: WorkoutPlanRaw): WorkoutText => ({ weeklySchedule: row.weekly_schedule, progressionTips: row.progression_tips, safetyNotes: row.safety_notes });

/** The stored structure; a row older than the column (until the start-up backfill) is structured now. */
function storedContent<Content, Field extends string>(row: PlanRowBase, structure: () => Structured<Content, Field>): Structured<Content, Field> {
  if (row.content === null) return structure();
  return { content: JSON.parse(row.content) as Content, unreadable: JSON.parse(row.unreadable) as Field[] };
}

/** The author's language and the plan in the others (published plans only; ADR 024). */
const languages = <Content>(row: PlanRowBase) => ({
  language: toLocale(row.language) ?? DEFAULT_LOCALE,
  translations: JSON.parse(row.translations) as PlanTranslations<Content>,
});

/** An optional instant as ISO text, as every DTO sends it. */
export const isoOrNull = (millis: number | null) => (millis === null ? null : new Date(millis).toISOString());

export const toDietPlan = (row: DietPlanRaw): DietPlanDto => ({
  ...storedContent<DietContent, DietTextField>(row, () => structureDiet(dietText(row))),
  ...languages<DietContent>(row),
  id: row.id,
  title: row.title,
  description: row.description,
  objective: row.objective,
  status: row.status,
  dailyCalories: row.daily_calories,
  macros: row.macros,
  meals: row.meals,
  weeklyMenu: row.weekly_menu,
  tips: row.tips,
  substitutions: row.substitutions,
  createdAt: new Date(row.created_at).toISOString(),
  publishedAt: isoOrNull(row.published_at),
});

export const toWorkoutPlan = (row: WorkoutPlanRaw): WorkoutPlanDto => ({
  ...storedContent<WorkoutContent, WorkoutTextField>(row, () => structureWorkout(workoutText(row))),
  ...languages<WorkoutContent>(row),
  id: row.id,
  title: row.title,
  description: row.description,
  status: row.status,
  duration: row.duration,
  frequency: row.frequency,
  weeklySchedule: row.weekly_schedule,
  progressionTips: row.progression_tips,
  safetyNotes: row.safety_notes,
  createdAt: new Date(row.created_at).toISOString(),
  publishedAt: isoOrNull(row.published_at),
});

type Derived = 'id' | 'createdAt' | 'publishedAt' | 'content' | 'unreadable' | 'language' | 'translations';
export type NewDiet = Omit<DietPlanDto, Derived>;
export type NewWorkout = Omit<WorkoutPlanDto, Derived>;

export function createPlans(db: SqlDatabase, bumpVersion: (userId: string) => Promise<number>, now: () => number) {
  return {
    async addDiet(userId: string, diet: NewDiet, at: number = now()): Promise<string> {
      const id = uuidv7(at);
      const { content, unreadable } = dietColumns(diet);
      await db.run(
        `INSERT INTO diet_plans (id, user_id, title, description, objective, status, daily_calories, macros, meals, weekly_menu, tips, substitutions, content, unreadable, created_at, updated_at, published_at, version)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          id,
          userId,
          diet.title,
          diet.description,
          diet.objective,
          diet.status,
          diet.dailyCalories,
          diet.macros,
          diet.meals,
          diet.weeklyMenu,
          diet.tips,
          diet.substitutions,
          content,
          unreadable,
          at,
          at,
          diet.status === 'published' ? at : null,
          await bumpVersion(userId),
        ],
      );
      return id;
    },
    async addWorkout(userId: string, workout: NewWorkout, at: number = now()): Promise<string> {
      const id = uuidv7(at);
      const { content, unreadable } = workoutColumns(workout);
      await db.run(
        `INSERT INTO workout_plans (id, user_id, title, description, status, duration, frequency, weekly_schedule, progression_tips, safety_notes, content, unreadable, created_at, updated_at, published_at, version)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          id,
          userId,
          workout.title,
          workout.description,
          workout.status,
          workout.duration,
          workout.frequency,
          workout.weeklySchedule,
          workout.progressionTips,
          workout.safetyNotes,
          content,
          unreadable,
          at,
          at,
          workout.status === 'published' ? at : null,
          await bumpVersion(userId),
        ],
      );
      return id;
    },
    publishedDiets: async (userId: string) =>
      (await db.all<DietPlanRaw>("SELECT * FROM diet_plans WHERE user_id = ? AND status = 'published' AND deleted_at IS NULL ORDER BY published_at DESC, id DESC", [userId])).map(toDietPlan),
    publishedWorkouts: async (userId: string) =>
      (await db.all<WorkoutPlanRaw>("SELECT * FROM workout_plans WHERE user_id = ? AND status = 'published' AND deleted_at IS NULL ORDER BY published_at DESC, id DESC", [userId])).map(toWorkoutPlan),
  };
}

export type Plans = ReturnType<typeof createPlans>;
