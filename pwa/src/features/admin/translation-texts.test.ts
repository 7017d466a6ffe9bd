import { describe, expect, it } from 'vitest';
import { aDietPlan, aWorkoutPlan } from '#pwa/test/factories.ts';
import { translatedTexts } from './translation-texts.ts';

describe('translatedTexts: a plan’s texts beside their translation, for the author’s review (ADR 024)', () => {
  it('pairs each text of a diet once, in reading order, with its words in that language', () => {
    const diet = aDietPlan({ title: 'Dieta de outubro', description: null, objective: 'Perder 4 kg' });
    const meal = diet.content.meals[0]!;
    const content = { ...diet.content, meals: [meal, { ...meal, name: 'Lanche' }] };
    const spanish = {
      title: 'Dieta de octubre',
      description: null,
      details: { objective: 'Bajar 4 kg' },
      content: { ...content, meals: content.meals.map((m, i) => ({ ...m, name: i === 0 ? 'Desayuno' : 'Merienda', foods: m.foods.map((food) => `${food} (es)`) })) },
      complete: true,
    };
    const pairs = translatedTexts({ kind: 'diet', plan: { ...diet, content, translations: { 'es-AR': spanish } } }, 'es-AR');
    expect(pairs.slice(0, 4)).toEqual([
      { kind: 'titles', source: 'Dieta de outubro', translated: 'Dieta de octubre', field: 'title' },
      { kind: 'notes', source: 'Perder 4 kg', translated: 'Bajar 4 kg', field: 'objective' },
      { kind: 'meal-names', source: meal.name, translated: 'Desayuno' },
      { kind: 'foods', source: meal.foods[0], translated: `${meal.foods[0]} (es)` },
    ]);
    expect(pairs.filter((pair) => pair.kind === 'foods')).toHaveLength(meal.foods.length); // the second meal's foods are the same texts
    expect(pairs.find((pair) => pair.source === 'Lanche')?.translated).toBe('Merienda');
  });

  it('gives a workout’s duration and frequency, and nothing for a language it was not translated into', () => {
    const workout = aWorkoutPlan({ duration: '8 semanas', frequency: null });
    const english = { title: 'Workout', description: null, content: workout.content, complete: false };
    const pairs = translatedTexts({ kind: 'workout', plan: { ...workout, translations: { 'en-US': english } } }, 'en-US');
    expect(pairs.find((pair) => pair.source === '8 semanas')).toEqual({ kind: 'notes', source: '8 semanas', translated: '8 semanas', field: 'duration' });
    expect(translatedTexts({ kind: 'workout', plan: workout }, 'es-AR')).toEqual([]);
  });
});
