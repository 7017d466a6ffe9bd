import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { rewriteWorkout, structureDiet, structureWorkout } from './plan-content.ts';

const PT_MEALS = `Café da manhã (07:00 - 350 kcal)
Alimentos: 2 ovos mexidos, 1 fatia de pão integral
Preparo: Mexa os ovos em fogo baixo.

Almoço (12h30 – 600 kcal)
Alimentos: 150g de frango grelhado; arroz integral (100 g)`;

describe('a diet is structured once, when its author saves it (issue 19, part 4)', () => {
  it('reads the text an author pastes into meals, macros and lists', () => {
    const { content, unreadable } = structureDiet({
      meals: PT_MEALS,
      macros: '{"proteina": "120g", "carboidratos": 180, "gorduras": "60 g"}',
      weeklyMenu: 'Segunda: frango\nTerça: peixe',
      tips: '["Beba água", "Durma bem"]',
      substitutions: null,
    });
    expect(unreadable).toEqual([]);
    expect(content.meals.map((m) => [m.name, m.time, m.calories, m.kind])).toEqual([
      ['Café da manhã', '07:00', 350, 'breakfast'],
      ['Almoço', '12:30', 600, 'lunch'],
    ]);
    expect(content.meals[0]?.foods).toEqual(['2 ovos mexidos', '1 fatia de pão integral']);
    expect(content.meals[0]?.preparation).toBe('Mexa os ovos em fogo baixo.');
    expect(content.macros).toEqual({ protein: 120, carbs: 180, fat: 60 });
    expect(content.weeklyMenu).toEqual(['Segunda: frango', 'Terça: peixe']);
    expect(content.tips).toEqual(['Beba água', 'Durma bem']);
    expect(content.substitutions).toEqual([]);
  });

  it('names a filled field it could not read, so the author is told and its text kept', () => {
    const { content, unreadable } = structureDiet({ meals: '[{"sem": "nome"}]', macros: null, weeklyMenu: null, tips: null, substitutions: null });
    expect(content.meals).toEqual([]);
    expect(unreadable).toEqual(['meals']);
  });
});

describe('a workout is structured once, when its author saves it (issue 19, part 4)', () => {
  it('reads weekday headings such as “Segunda-feira: Peito” into days with exercises', () => {
    const { content, unreadable } = structureWorkout({
      weeklySchedule: 'Segunda-feira: Peito\n- Supino reto 4x10\n- Crucifixo 3x12\n\nQuarta-feira: Costas\n- Remada curvada 4x10',
      progressionTips: 'Aumente a carga a cada 2 semanas',
      safetyNotes: null,
    });
    expect(unreadable).toEqual([]);
    expect(content.schedule.map((d) => [d.weekday, d.name, d.exercises.map((e) => e.name)])).toEqual([
      [1, 'Peito', ['Supino reto', 'Crucifixo']],
      [3, 'Costas', ['Remada curvada']],
    ]);
    expect(content.schedule[0]?.exercises[0]).toMatchObject({ sets: '4', reps: '10' });
    expect(content.progressionTips).toEqual(['Aumente a carga a cada 2 semanas']);
    expect(content.safetyNotes).toEqual([]);
  });

  it('names a schedule with text but no day it could place', () => {
    expect(structureWorkout({ weeklySchedule: 'treino livre, como quiser', progressionTips: null, safetyNotes: null }).unreadable).toEqual(['weeklySchedule']);
  });

  it('hands every text a reader reads to a translation, and keeps the figures', () => {
    const { content } = structureWorkout({
      weeklySchedule: JSON.stringify([{ day: 'Segunda-feira', workout: { name: 'Peito', type: 'Força', duration: '45 minutos', exercises: [{ name: 'Supino reto', sets: '4', reps: '10', rest: '60s', notes: 'Devagar' }] } }]),
      progressionTips: 'Aumente a carga',
      safetyNotes: 'Aqueça antes',
    });
    const seen: string[] = [];
    const rewritten = rewriteWorkout(content, (text, kind) => {
      seen.push(`${kind}:${text}`);
      return text.toUpperCase();
    });
    expect(seen.sort()).toEqual(['exercises:Supino reto', 'notes:45 minutos', 'notes:60s', 'notes:Aqueça antes', 'notes:Aumente a carga', 'notes:Devagar', 'training-names:Força', 'training-names:Peito']);
    expect(rewritten.schedule[0]).toMatchObject({ weekday: 1, duration: '45 MINUTOS', exercises: [{ name: 'SUPINO RETO', sets: '4', reps: '10', rest: '60S' }] });
  });

  it('never throws, whatever an author saved', () => {
    const text = fc.option(fc.string(), { nil: null });
    fc.assert(
      fc.property(text, text, text, (a, b, c) => {
        structureWorkout({ weeklySchedule: a, progressionTips: b, safetyNotes: c });
        structureDiet({ meals: a, macros: b, weeklyMenu: c, tips: a, substitutions: b });
      }),
    );
  });
});
