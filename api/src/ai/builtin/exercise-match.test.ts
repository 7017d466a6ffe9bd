import { describe, expect, it } from 'vitest';
import { matchExercises } from './exercise-match.ts';

describe('matchExercises', () => {
  it('ranks the barbell back squat first for "Back squat"', () => {
    const matches = matchExercises({ name: 'Back squat', alternativeNames: ['Barbell squat', 'Agachamento livre'], muscleGroups: ['quadriceps', 'glutes'] });
    expect(matches[0]).toEqual({ id: 'barbell-back-squat', name: 'Barbell back squat', muscleGroups: ['quadriceps', 'glutes', 'hamstrings', 'core'], score: 0.88 });
    expect(matches).toHaveLength(5);
    expect(matches.slice(1).every((match) => /squat|sit/i.test(match.name))).toBe(true);
  });

  it('reads names in any language, without case or accents', () => {
    expect(matchExercises({ name: 'AGACHAMENTO BULGARO', alternativeNames: [], muscleGroups: [] })[0]?.id).toBe('bulgarian-split-squat');
    expect(matchExercises({ name: 'Jalón al pecho', alternativeNames: [], muscleGroups: ['back'] })[0]?.id).toBe('lat-pulldown');
    expect(matchExercises({ name: 'Push-ups', alternativeNames: [], muscleGroups: [] })[0]?.id).toBe('push-up');
  });

  it('scores from 0 to 1 with two decimals, best first, and leaves out what shares nothing', () => {
    const matches = matchExercises({ name: 'Remada curvada', alternativeNames: ['Bent-over row'], muscleGroups: ['back', 'biceps'] }, 10);
    expect(matches[0]?.id).toBe('barbell-row');
    for (const [index, match] of matches.entries()) {
      expect(match.score).toBeGreaterThan(0);
      expect(match.score).toBeLessThanOrEqual(1);
      expect(Math.round(match.score * 100) / 100).toBe(match.score);
      if (index > 0) expect(match.score).toBeLessThanOrEqual(matches[index - 1]?.score ?? 1);
    }
    expect(matchExercises({ name: 'Underwater basket weaving', alternativeNames: [], muscleGroups: ['spleen'] })).toEqual([]);
  });

  it('falls back on muscle groups, scored lower than a name match', () => {
    const byMuscle = matchExercises({ name: 'Mystery move', alternativeNames: [], muscleGroups: ['calves'] }, 3);
    expect(byMuscle[0]?.id).toBe('standing-calf-raise');
    expect(byMuscle[0]?.score).toBeLessThanOrEqual(0.25);
  });

  it('returns at most `limit` matches', () => {
    expect(matchExercises({ name: 'Squat', alternativeNames: [], muscleGroups: [] }, 2)).toHaveLength(2);
    expect(matchExercises({ name: 'Squat', alternativeNames: [], muscleGroups: [] }, 0)).toEqual([]);
  });
});
