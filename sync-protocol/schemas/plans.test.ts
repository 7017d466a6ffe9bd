import { describe, expect, it } from 'vitest';
import { ValidationError } from 'yup';
import { firstErrorPerField } from './fields.ts';
import { dietPlanInputSchema, workoutPlanInputSchema } from './plans.ts';

const firstErrors = (schema: typeof dietPlanInputSchema | typeof workoutPlanInputSchema, value: unknown) => {
  try {
    // As the API validates a body (api/src/http/validate.ts): unknown fields are refused, not stripped.
    schema.validateSync(value, { abortEarly: false, stripUnknown: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return firstErrorPerField(error);
  }
};

describe('diet plan input (SPEC §5 diet form)', () => {
  it('requires title, daily calories, macros and meals, with SPEC messages', () => {
    expect(firstErrors(dietPlanInputSchema, {})).toEqual({
      title: 'validation.titleRequired',
      dailyCalories: 'validation.dailyCaloriesRequired',
      macros: 'validation.macrosRequired',
      meals: 'validation.mealsRequired',
    });
    expect(firstErrors(dietPlanInputSchema, { title: '  ', dailyCalories: '', macros: '', meals: [] })).toMatchObject({ title: 'validation.titleRequired', dailyCalories: 'validation.dailyCaloriesRequired' });
  });

  it('keeps text as text and stores arrays and objects as their JSON', () => {
    const diet = dietPlanInputSchema.validateSync({
      title: ' Plano Carla ',
      dailyCalories: '1800',
      macros: { proteina: 120, carboidratos: 200, gordura: 60 },
      meals: 'Café da manhã (07:00 - 400 kcal)\nAlimentos: ovos, pão',
      substitutions: ['Frango ↔ peixe'],
      tips: '',
    });
    expect(diet).toEqual({
      title: 'Plano Carla',
      dailyCalories: 1800,
      macros: '{"proteina":120,"carboidratos":200,"gordura":60}',
      meals: 'Café da manhã (07:00 - 400 kcal)\nAlimentos: ovos, pão',
      substitutions: '["Frango ↔ peixe"]',
      tips: undefined,
    });
  });

  it('refuses calories out of range, wrong types and unknown fields', () => {
    const base = { title: 'x', macros: 'P 30%', meals: 'm' };
    expect(firstErrors(dietPlanInputSchema, { ...base, dailyCalories: 120 })).toEqual({ dailyCalories: 'validation.dailyCaloriesRange' });
    expect(firstErrors(dietPlanInputSchema, { ...base, dailyCalories: 1800.5 })).toEqual({ dailyCalories: 'validation.dailyCaloriesRange' });
    expect(firstErrors(dietPlanInputSchema, { ...base, dailyCalories: [1800] })).toEqual({ dailyCalories: 'validation.number' });
    expect(firstErrors(dietPlanInputSchema, { ...base, dailyCalories: 1800, title: { text: 'x' } })).toEqual({ title: 'validation.invalidType' });
    expect(firstErrors(dietPlanInputSchema, { ...base, dailyCalories: 1800, status: 'published' })).toEqual({ '': 'validation.unknownField' });
  });
});

describe('workout plan input (SPEC §5 workout form)', () => {
  it('requires title, duration, frequency and weekly schedule, with SPEC messages', () => {
    expect(firstErrors(workoutPlanInputSchema, {})).toEqual({
      title: 'validation.titleRequired',
      duration: 'validation.durationRequired',
      frequency: 'validation.frequencyRequired',
      weeklySchedule: 'validation.weeklyScheduleRequired',
    });
  });

  it('takes a JSON schedule or free text by weekday', () => {
    const json = workoutPlanInputSchema.validateSync({ title: 'A', duration: '60 min', frequency: '3x', weeklySchedule: [{ day: 'Segunda-feira', workout: { name: 'Treino A' } }] });
    expect(json.weeklySchedule).toBe('[{"day":"Segunda-feira","workout":{"name":"Treino A"}}]');
    const free = workoutPlanInputSchema.validateSync({ title: 'A', duration: '60 min', frequency: '3x', weeklySchedule: 'Segunda-feira: Treino A\nQuarta-feira: Treino B' });
    expect(free.weeklySchedule).toBe('Segunda-feira: Treino A\nQuarta-feira: Treino B');
  });
});
