import type { Schema } from 'yup';
import { dietPlanInputSchema, workoutPlanInputSchema } from '#protocol/schemas/plans.ts';
import type { PlanKind, PlanPayload } from './admin-api.ts';

export interface PlanField {
  name: string;
  labelId: string;
  required?: boolean;
  /** Rows of a multiline field; absent for a one-line field. */
  rows?: number;
  /** Structured (macros, meals …): free text or JSON, said under the field. */
  structured?: boolean;
  numeric?: boolean;
}

/** SPEC §5 diet and workout forms, in the order shown; the schemas are the server's own. */
export const PLAN_FORMS: Record<PlanKind, { schema: Schema; fields: PlanField[] }> = {
  diet: {
    schema: dietPlanInputSchema,
    fields: [
      { name: 'title', labelId: 'admin.form.title', required: true },
      { name: 'description', labelId: 'admin.form.description', rows: 2 },
      { name: 'dailyCalories', labelId: 'admin.form.dailyCalories', required: true, numeric: true },
      { name: 'macros', labelId: 'admin.form.macros', required: true, rows: 3, structured: true },
      { name: 'meals', labelId: 'admin.form.meals', required: true, rows: 8, structured: true },
      { name: 'weeklyMenu', labelId: 'admin.form.weeklyMenu', rows: 4, structured: true },
      { name: 'tips', labelId: 'admin.form.tips', rows: 3, structured: true },
      { name: 'substitutions', labelId: 'admin.form.substitutions', rows: 3, structured: true },
    ],
  },
  workout: {
    schema: workoutPlanInputSchema,
    fields: [
      { name: 'title', labelId: 'admin.form.title', required: true },
      { name: 'description', labelId: 'admin.form.description', rows: 2 },
      { name: 'duration', labelId: 'admin.form.duration', required: true },
      { name: 'frequency', labelId: 'admin.form.frequency', required: true },
      { name: 'weeklySchedule', labelId: 'admin.form.weeklySchedule', required: true, rows: 10, structured: true },
      { name: 'progressionTips', labelId: 'admin.form.progressionTips', rows: 3, structured: true },
      { name: 'safetyNotes', labelId: 'admin.form.safetyNotes', rows: 3, structured: true },
    ],
  },
};

export type PlanFormValues = Record<string, string>;

/** JSON text of an array or object, indented for reading in a multiline field; other text as it is. */
function readable(value: string): string {
  const text = value.trim();
  if (!/^[[{]/.test(text)) return value;
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return value;
  }
}

/** The form's text values from a stored plan or a generated draft; blank where absent. */
export function toFormValues(kind: PlanKind, source?: Record<string, unknown> | null): PlanFormValues {
  return Object.fromEntries(
    PLAN_FORMS[kind].fields.map(({ name, structured }) => {
      const value = source?.[name];
      if (value === null || value === undefined) return [name, ''];
      if (typeof value === 'object') return [name, JSON.stringify(value, null, 2)];
      return [name, structured ? readable(String(value)) : String(value)];
    }),
  );
}

/**
 * What Save sends: the schema's own cast (trimmed, calories as a number), every field present and
 * null when left blank, so an edit can also clear an optional field.
 */
export function toPayload(kind: PlanKind, values: PlanFormValues): PlanPayload {
  const cast = PLAN_FORMS[kind].schema.cast(values) as Record<string, string | number | undefined>;
  return Object.fromEntries(PLAN_FORMS[kind].fields.map(({ name }) => [name, cast[name] ?? null]));
}
