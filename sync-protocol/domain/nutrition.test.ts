import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ageOn, analyseNutrition, KCAL_PER_KG, MAX_LOSS_KG_PER_WEEK, type NutritionInput } from './nutrition.ts';

const TODAY = '2026-11-22';
const analysis = (input: NutritionInput) => {
  const result = analyseNutrition(input, TODAY);
  if (!result.ok) throw new Error(`missing ${result.missing.join(', ')}`);
  return result.analysis;
};

describe('ageOn', () => {
  it('counts full years, the birthday included', () => {
    expect(ageOn('1996-11-22', TODAY)).toBe(30);
    expect(ageOn('1996-11-23', TODAY)).toBe(29);
    expect(ageOn('1996-12-01', TODAY)).toBe(29);
    expect(ageOn('2000-02-29', '2026-02-28')).toBe(25);
  });
});

describe('analyseNutrition (SPEC §9), worked examples', () => {
  it('a sedentary woman losing weight: the 15% of TDEE cap binds before the 1 kg', () => {
    // BMR = 10×70 + 6.25×165 − 5×30 − 161 = 1420.25; TDEE = 1420.25 × 1.2 = 1704.3
    // cap = 15% × 1704.3 × 7 / 7700 = 0.2324 kg/week → 255.6 kcal/day → 1448.7
    const a = analysis({ birthDate: '1996-11-22', gender: 'feminino', height: 165, currentWeight: 70, goalType: 'perder_peso', weeklyGoal: 1 });
    expect(a).toMatchObject({ age: 30, activityLevel: 'sedentary', bmr: 1420, tdee: 1704, targetCalories: 1449, dailyDelta: -255, weeklyRate: -0.23 }); // 1449 − 1704, as shown
    // 30/40/30 of 1449 kcal: 109 g protein, 145 g carbs, 48 g fat
    expect(a.macros).toEqual({ protein: 109, carbs: 145, fat: 48 });
  });

  it('a moderately active man losing weight', () => {
    // BMR = 900 + 1125 − 200 + 5 = 1830; TDEE = 2836.5; cap 0.3868 kg → 425.5 kcal → 2411
    const a = analysis({ birthDate: '1986-05-10', gender: 'male', height: 180, currentWeight: 90, activityLevel: 'moderado', goalType: 'loseWeight', weeklyGoal: 1 });
    expect(a).toMatchObject({ age: 40, bmr: 1830, tdee: 2837, targetCalories: 2411, weeklyRate: -0.39 });
  });

  it("keeps a client's slower weekly goal", () => {
    const a = analysis({ birthDate: '1986-05-10', gender: 'male', height: 180, currentWeight: 90, activityLevel: 'moderate', goalType: 'loseWeight', weeklyGoal: 0.25 });
    expect(a.dailyDelta).toBe(-275); // 0.25 × 7700 / 7
    expect(a.weeklyRate).toBe(-0.25);
  });

  it('gains at 0.4 kg a week, 440 kcal a day over TDEE', () => {
    // BMR = 650 + 1093.75 − 125 + 5 = 1623.75; TDEE = 2800.97; + 440 → 3241
    const a = analysis({ birthDate: '2001-01-15', gender: 'male', height: 175, currentWeight: 65, activityLevel: 'ativo', goalType: 'ganhar_massa' });
    expect(a).toMatchObject({ age: 25, bmr: 1624, tdee: 2801, targetCalories: 3241, dailyDelta: 440, weeklyRate: 0.4 });
    expect(a.split).toEqual({ protein: 25, carbs: 50, fat: 25 });
  });

  it('tones with a 200 kcal deficit, and maintains by default', () => {
    const base = { birthDate: '1996-11-22', gender: 'female', height: 165, currentWeight: 70 };
    expect(analysis({ ...base, goalType: 'tonificar' })).toMatchObject({ targetCalories: 1504, dailyDelta: -200, weeklyRate: -0.18 });
    const maintain = analysis(base);
    expect(maintain).toMatchObject({ goalType: 'maintainWeight', targetCalories: 1704, dailyDelta: 0, weeklyRate: 0 });
    expect(maintain.split).toEqual({ protein: 20, carbs: 50, fat: 30 });
  });

  it('names every missing or unusable field', () => {
    expect(analyseNutrition({}, TODAY)).toEqual({ ok: false, missing: ['birthDate', 'gender', 'height', 'currentWeight'] });
    expect(analyseNutrition({ birthDate: '2030-01-01', gender: 'other', height: 0, currentWeight: Number.NaN }, TODAY)).toEqual({
      ok: false,
      missing: ['birthDate', 'gender', 'height', 'currentWeight'],
    });
    expect(analyseNutrition({ birthDate: '1990-01-01', gender: 'male', height: 170 }, TODAY)).toEqual({ ok: false, missing: ['currentWeight'] });
  });

  it('never loses faster than 1 kg a week nor 15% of the weekly TDEE, and macros add up to the target', () => {
    const input = fc.record({
      birthDate: fc.date({ min: new Date('1930-01-01'), max: new Date('2010-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
      gender: fc.constantFrom('male', 'female'),
      height: fc.integer({ min: 100, max: 250 }),
      currentWeight: fc.integer({ min: 30, max: 300 }),
      activityLevel: fc.constantFrom('sedentary', 'light', 'moderate', 'active', 'veryActive', undefined),
      goalType: fc.constantFrom('loseWeight', 'gainWeight', 'gainMuscle', 'maintainWeight', 'improveHealth', 'tone', undefined),
      weeklyGoal: fc.option(fc.double({ min: 0.1, max: 2, noNaN: true }), { nil: undefined }),
    });
    fc.assert(
      fc.property(input, (i) => {
        const a = analysis(i);
        const weeklyDeficit = (-a.dailyDelta * 7) / KCAL_PER_KG;
        expect(weeklyDeficit).toBeLessThanOrEqual(MAX_LOSS_KG_PER_WEEK + 0.001);
        if (a.goalType === 'loseWeight') expect(-a.dailyDelta * 7).toBeLessThanOrEqual(0.15 * a.tdee * 7 + 7);
        const kcal = a.macros.protein * 4 + a.macros.carbs * 4 + a.macros.fat * 9;
        expect(Math.abs(kcal - a.targetCalories)).toBeLessThanOrEqual(12);
      }),
      { numRuns: 300 },
    );
  });
});
