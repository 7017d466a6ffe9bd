import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ACTIVITY_LEVELS, GOAL_TYPES, normalizeActivityLevel, normalizeGender, normalizeGoalType } from './client-enums.ts';

describe('client enumerations', () => {
  it.each([
    ['sedentary', 'sedentary'], ['Sedentário', 'sedentary'], ['sedentario', 'sedentary'],
    ['light', 'light'], ['leve', 'light'], ['moderate', 'moderate'], ['moderado', 'moderate'],
    ['active', 'active'], ['high', 'active'], ['intenso', 'active'], ['ativo', 'active'],
    ['veryActive', 'veryActive'], ['very_active', 'veryActive'], ['extreme', 'veryActive'], ['extremo', 'veryActive'], ['muito_ativo', 'veryActive'], ['MUITO-ATIVO', 'veryActive'],
  ])('activity level %s → %s', (reading, canonical) => {
    expect(normalizeActivityLevel(reading)).toBe(canonical);
  });

  it.each([
    ['loseWeight', 'loseWeight'], ['weightLoss', 'loseWeight'], ['perder_peso', 'loseWeight'],
    ['gainWeight', 'gainWeight'], ['weightGain', 'gainWeight'], ['ganhar_peso', 'gainWeight'],
    ['maintainWeight', 'maintainWeight'], ['maintenance', 'maintainWeight'], ['manter_peso', 'maintainWeight'],
    ['gainMuscle', 'gainMuscle'], ['muscleGain', 'gainMuscle'], ['ganhar_massa', 'gainMuscle'],
    ['improveHealth', 'improveHealth'], ['melhorar_saude', 'improveHealth'], ['melhorar_saúde', 'improveHealth'],
    ['tonificar', 'tone'],
  ])('goal type %s → %s', (reading, canonical) => {
    expect(normalizeGoalType(reading)).toBe(canonical);
  });

  it('reads gender in Portuguese and English', () => {
    expect(normalizeGender('masculino')).toBe('male');
    expect(normalizeGender('Feminino')).toBe('female');
    expect(normalizeGender('female')).toBe('female');
  });

  it('answers undefined for anything that is not a reading, never throws', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const activity = normalizeActivityLevel(value);
        const goal = normalizeGoalType(value);
        expect(activity === undefined || (ACTIVITY_LEVELS as readonly string[]).includes(activity)).toBe(true);
        expect(goal === undefined || (GOAL_TYPES as readonly string[]).includes(goal)).toBe(true);
      }),
    );
    expect(normalizeActivityLevel('couch potato')).toBeUndefined();
    expect(normalizeActivityLevel(3)).toBeUndefined();
  });

  it('is idempotent: a canonical value reads as itself', () => {
    for (const value of ACTIVITY_LEVELS) expect(normalizeActivityLevel(value)).toBe(value);
    for (const value of GOAL_TYPES) expect(normalizeGoalType(value)).toBe(value);
  });
});
