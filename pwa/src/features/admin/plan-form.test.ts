import { describe, expect, it } from 'vitest';
import { toFormValues, toPayload } from './plan-form.ts';

describe('plan form values', () => {
  it('loads a stored diet as text, JSON indented, blanks for nulls', () => {
    const values = toFormValues('diet', { title: 'Dieta A', description: null, dailyCalories: 1800, macros: '{"protein":120}', meals: 'Café (07:00 - 300 kcal)' });
    expect(values).toEqual({
      title: 'Dieta A',
      description: '',
      dailyCalories: '1800',
      macros: '{\n  "protein": 120\n}',
      meals: 'Café (07:00 - 300 kcal)',
      weeklyMenu: '',
      tips: '',
      substitutions: '',
    });
  });

  it('sends every field, calories as a number and blanks as null', () => {
    const payload = toPayload('diet', { ...toFormValues('diet'), title: '  Dieta A ', dailyCalories: '1800', macros: 'P 30%', meals: 'x' });
    expect(payload).toEqual({ title: 'Dieta A', description: null, dailyCalories: 1800, macros: 'P 30%', meals: 'x', weeklyMenu: null, tips: null, substitutions: null });
  });

  it('takes a generated workout draft as it comes', () => {
    const values = toFormValues('workout', { title: 'Treino', duration: '8 semanas', frequency: '3x', weeklySchedule: [{ day: 'Segunda-feira' }] });
    expect(values.weeklySchedule).toBe('[\n  {\n    "day": "Segunda-feira"\n  }\n]');
    expect(Object.keys(values)).toEqual(['title', 'description', 'duration', 'frequency', 'weeklySchedule', 'progressionTips', 'safetyNotes']);
  });
});
