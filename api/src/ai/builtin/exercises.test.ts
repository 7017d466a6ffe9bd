import { describe, expect, it } from 'vitest';
import { LOCALES } from '#protocol/i18n/locales.ts';
import { EXERCISES, type MovementPattern } from './exercises.ts';

const MUSCLE_GROUPS = ['quadriceps', 'glutes', 'hamstrings', 'calves', 'chest', 'back', 'shoulders', 'biceps', 'triceps', 'forearms', 'core', 'hip flexors', 'full body', 'cardio'];
const STRENGTH_PATTERNS: MovementPattern[] = ['squat', 'lunge', 'hinge', 'push', 'shoulders', 'pull', 'biceps', 'triceps', 'core', 'calves'];

describe('EXERCISES', () => {
  it('holds about fifty exercises with unique ids, names in every language and other names', () => {
    expect(EXERCISES.length).toBeGreaterThanOrEqual(45);
    expect(EXERCISES.length).toBeLessThanOrEqual(70);
    expect(new Set(EXERCISES.map((exercise) => exercise.id)).size).toBe(EXERCISES.length);
    for (const exercise of EXERCISES) {
      for (const locale of LOCALES) expect(exercise.names[locale].trim(), exercise.id).not.toBe('');
      expect(exercise.alternativeNames.length, exercise.id).toBeGreaterThan(0);
      expect(exercise.equipment.length, exercise.id).toBeGreaterThan(0);
    }
  });

  it('uses one vocabulary of English muscle groups', () => {
    for (const exercise of EXERCISES) for (const muscle of exercise.muscleGroups) expect(MUSCLE_GROUPS, exercise.id).toContain(muscle);
  });

  it('derives the kind from the movement', () => {
    for (const exercise of EXERCISES) {
      const expected = exercise.pattern === 'cardio' || exercise.pattern === 'conditioning' ? 'cardio' : exercise.pattern === 'mobility' ? 'mobility' : 'strength';
      expect(exercise.kind, exercise.id).toBe(expected);
    }
  });

  it('flags jumping and running as high impact, and heavy lifts and long holds as straining', () => {
    const byId = (id: string) => EXERCISES.find((exercise) => exercise.id === id);
    for (const id of ['jump-squat', 'jogging', 'burpee', 'jump-rope', 'jumping-jacks']) expect(byId(id)?.impact, id).toBe('high');
    for (const id of ['brisk-walk', 'stationary-bike', 'glute-bridge', 'leg-press']) expect(byId(id)?.impact, id).toBe('low');
    for (const id of ['barbell-deadlift', 'barbell-back-squat', 'plank', 'wall-sit']) expect(byId(id)?.strain, id).toBe(true);
  });

  it('offers a beginner, low-impact, non-straining exercise for every strength movement, so any client gets a full session', () => {
    for (const pattern of STRENGTH_PATTERNS) {
      const safe = EXERCISES.filter((exercise) => exercise.pattern === pattern && exercise.level === 'beginner' && exercise.impact === 'low' && !exercise.strain);
      expect(safe.length, pattern).toBeGreaterThanOrEqual(1);
    }
  });
});
