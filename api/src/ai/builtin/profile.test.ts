import { describe, expect, it } from 'vitest';
import { readProfile, supportedLocale, type ClientProfile } from './profile.ts';

const client: ClientProfile = {
  id: 'c',
  name: 'C',
  birthDate: null,
  gender: 'Masculino',
  height: 180,
  currentWeight: 100,
  targetWeight: null,
  activityLevel: 'muito_ativo',
  goalType: 'ganhar_massa',
  weeklyWeightGoal: null,
  dietaryRestrictions: ['glutenFree', 'unknown'],
  medicalConditions: ['hypertension'],
};

describe('readProfile', () => {
  it('reads every screen’s enumeration into canonical values, and the BMI', () => {
    const reading = readProfile(client);
    expect(reading).toMatchObject({ gender: 'male', activityLevel: 'veryActive', goalType: 'gainMuscle', bmi: 30.9 });
    expect([...reading.restrictions]).toEqual(['glutenFree']);
    expect([...reading.conditions]).toEqual(['hypertension']);
  });

  it('defaults to sedentary and maintaining weight, with no BMI without the measures', () => {
    expect(readProfile({ ...client, gender: null, activityLevel: null, goalType: null, height: null })).toMatchObject({ gender: null, activityLevel: 'sedentary', goalType: 'maintainWeight', bmi: null });
  });
});

describe('supportedLocale', () => {
  it('keeps our locales and falls back to pt-BR', () => {
    expect(supportedLocale('es-AR')).toBe('es-AR');
    expect(supportedLocale('fr-FR')).toBe('pt-BR');
  });
});
