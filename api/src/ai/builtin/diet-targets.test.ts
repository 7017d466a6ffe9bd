import { describe, expect, it } from 'vitest';
import { dietTargets, gramsOf } from './diet-targets.ts';
import { readProfile, type ClientProfile } from './profile.ts';
import { buildClientProfile } from '../../../test/factories.ts';

const TODAY = '2025-03-01';
const base = buildClientProfile({ id: 'c', name: 'C' });
const targets = (overrides: Partial<ClientProfile>) => {
  const client = { ...base, ...overrides };
  return dietTargets(client, readProfile(client), TODAY);
};

describe('dietTargets', () => {
  it('takes the analysis target, its deficit and the weekly rate', () => {
    expect(targets({})).toMatchObject({ calories: 1950, basis: { dailyDelta: -344, weeklyRate: -0.31, raisedFrom: null }, missing: [], split: { protein: 30, carbs: 40, fat: 30 } });
  });

  it('raises a target below the floor and reports the original', () => {
    expect(targets({ birthDate: '1979-06-01', height: 155, currentWeight: 55, activityLevel: 'sedentary', weeklyWeightGoal: 1 })).toMatchObject({ calories: 1200, basis: { raisedFrom: 1155, dailyDelta: -159 } });
  });

  it('uses a default and names what is missing', () => {
    expect(targets({ gender: null, height: null })).toEqual({ calories: 1800, split: { protein: 30, carbs: 40, fat: 30 }, macros: { protein: 135, carbs: 180, fat: 60 }, basis: null, missing: ['gender', 'height'] });
  });

  it('lowers carbs for low-carb, and caps them at 40% for blood-sugar conditions', () => {
    expect(targets({ dietaryRestrictions: ['lowCarb'] }).split).toEqual({ protein: 30, carbs: 25, fat: 45 });
    expect(targets({ goalType: 'maintainWeight', medicalConditions: ['diabetes'] }).split).toEqual({ protein: 25, carbs: 40, fat: 35 });
    expect(targets({ goalType: 'gainMuscle', medicalConditions: ['metabolicSyndrome'] }).split).toEqual({ protein: 25, carbs: 40, fat: 35 });
    expect(targets({ medicalConditions: ['diabetes'] }).split).toEqual({ protein: 30, carbs: 40, fat: 30 });
  });
});

describe('gramsOf', () => {
  it('turns a split into whole grams at 4/4/9 kcal per gram', () => {
    const grams = gramsOf(1650, { protein: 30, carbs: 40, fat: 30 });
    expect(grams).toEqual({ protein: 124, carbs: 165, fat: 55 });
    expect(grams.protein * 4 + grams.carbs * 4 + grams.fat * 9).toBeCloseTo(1651, 0);
  });
});
