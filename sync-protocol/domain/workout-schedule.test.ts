import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseWeekdayName, parseWeeklySchedule } from './workout-schedule.ts';

const jsonSchedule = [
  {
    day: 'Segunda-feira',
    workout: {
      name: 'Treino A',
      duration: '45 min',
      type: 'força',
      exercises: [
        { name: 'Agachamento', sets: 3, reps: 12, rest: '60s', notes: 'Costas retas', safety: 'Joelhos alinhados' },
        { name: 'Flexão', sets: '3', reps: '10-12' },
      ],
    },
  },
  { day: 'Wednesday', title: 'Cardio', duration: 30, exercises: [{ name: 'Caminhada', reps: '30 min' }] },
  { day: 'Domingo', workout: { name: 'Descanso', exercises: [] } },
];

const freeText = `Plano semanal para iniciantes.
Aqueça antes de cada treino.

**Segunda-feira:**
- Agachamento: 3x12
• Flexão de braço - 3x10
1. Prancha 3x30
2) Alongamento final
Foque na postura.

## Quarta-feira
* Caminhada leve
Ritmo confortável.
Beba água.

Sexta-feira
- Supino 4x10-12
---
Domingo:
Descanso ativo: caminhada leve de 20 minutos.
`;

describe('parseWeekdayName', () => {
  it.each([
    ['Domingo', 0], ['Segunda-feira', 1], ['segunda', 1], ['Terça-feira', 2], ['TERCA FEIRA', 2], ['Quarta', 3],
    ['quinta-feira', 4], ['Sexta-feira', 5], ['Sábado', 6], ['sabado', 6],
  ])('Portuguese %s → %i', (name, weekday) => {
    expect(parseWeekdayName(name)).toBe(weekday);
  });

  it.each([
    ['domingo', 0], ['Lunes', 1], ['martes', 2], ['Miércoles', 3], ['miercoles', 3], ['Jueves', 4], ['VIERNES', 5], ['Sábado', 6],
  ])('Spanish %s → %i', (name, weekday) => {
    expect(parseWeekdayName(name)).toBe(weekday);
  });

  it.each([
    ['Sunday', 0], ['monday', 1], ['Tuesday', 2], ['WEDNESDAY', 3], ['Thursday', 4], ['Friday', 5], ['Saturday', 6],
    ['Sun', 0], ['mon', 1], ['Tue', 2], ['Wed', 3], ['thu', 4], ['Fri', 5], ['SAT', 6],
  ])('English %s → %i', (name, weekday) => {
    expect(parseWeekdayName(name)).toBe(weekday);
  });

  it.each(['', 'Segundo', 'feira', 'Treino A', 'Mo'])('%s is not a weekday', (name) => {
    expect(parseWeekdayName(name)).toBeNull();
  });
});

describe('parseWeeklySchedule from JSON', () => {
  const expected = [
    {
      weekday: 1,
      day: 'Segunda-feira',
      name: 'Treino A',
      duration: '45 min',
      type: 'força',
      exercises: [
        { name: 'Agachamento', sets: '3', reps: '12', rest: '60s', notes: 'Costas retas', safety: 'Joelhos alinhados' },
        { name: 'Flexão', sets: '3', reps: '10-12' },
      ],
    },
    { weekday: 3, day: 'Wednesday', name: 'Cardio', duration: '30', exercises: [{ name: 'Caminhada', reps: '30 min' }] },
    { weekday: 0, day: 'Domingo', name: 'Descanso', exercises: [] },
  ];

  it('reads a JSON string', () => {
    expect(parseWeeklySchedule(JSON.stringify(jsonSchedule))).toEqual(expected);
  });

  it('reads an already parsed array', () => {
    expect(parseWeeklySchedule(jsonSchedule)).toEqual(expected);
  });

  it('skips days it cannot place and exercises without a name, and reads exercise strings', () => {
    const schedule = [
      { day: 'Someday', exercises: [{ name: 'Lost' }] },
      'Segunda',
      { day: 'Friday', exercises: [{ sets: 3 }, 'Remada 3x15', 7, { name: '  ' }] },
    ];
    expect(parseWeeklySchedule(schedule)).toEqual([{ weekday: 5, day: 'Friday', exercises: [{ name: 'Remada', sets: '3', reps: '15' }] }]);
  });
});

describe('parseWeeklySchedule from free text', () => {
  const days = parseWeeklySchedule(freeText);

  it('splits on weekday headings and ignores the text before the first one', () => {
    expect(days.map((d) => [d.weekday, d.day])).toEqual([[1, 'Segunda-feira'], [3, 'Quarta-feira'], [5, 'Sexta-feira'], [0, 'Domingo']]);
  });

  it('reads bullets as exercises with sets and reps', () => {
    expect(days[0]).toEqual({
      weekday: 1,
      day: 'Segunda-feira',
      description: 'Foque na postura.',
      exercises: [
        { name: 'Agachamento', sets: '3', reps: '12' },
        { name: 'Flexão de braço', sets: '3', reps: '10' },
        { name: 'Prancha', sets: '3', reps: '30' },
        { name: 'Alongamento final' },
      ],
    });
    expect(days[1]?.exercises).toEqual([{ name: 'Caminhada leve' }]);
    expect(days[1]?.description).toBe('Ritmo confortável.\nBeba água.');
    expect(days[2]?.exercises).toEqual([{ name: 'Supino', sets: '4', reps: '10-12' }]);
  });

  it('keeps a rest day that has only a description', () => {
    expect(parseWeeklySchedule(freeText).find((day) => day.weekday === 0)).toEqual({
      weekday: 0,
      day: 'Domingo',
      description: 'Descanso ativo: caminhada leve de 20 minutos.',
      exercises: [],
    });
  });
});

describe('parseWeeklySchedule headings that name the day', () => {
  const text = `Segunda-feira: Treino A - Peito e tríceps
- Supino 4x10
Terça - Cardio
- Corrida leve
**Quarta-feira (Pernas)**
- Agachamento 3x12
Quinta-feira – Mobilidade
## Sexta:
Monday: Upper body
Sábado
- Segunda-feira livre
Domingo de descanso, caminhada opcional.`;
  const days = parseWeeklySchedule(text);

  it('reads the weekday from the start of the line and the rest as the name', () => {
    expect(days.map((d) => [d.weekday, d.day, d.name])).toEqual([
      [1, 'Segunda-feira', 'Treino A - Peito e tríceps'],
      [2, 'Terça', 'Cardio'],
      [3, 'Quarta-feira', 'Pernas'],
      [4, 'Quinta-feira', 'Mobilidade'],
      [5, 'Sexta', undefined],
      [1, 'Monday', 'Upper body'],
      [6, 'Sábado', undefined],
    ]);
  });

  it('keeps the exercises under their named day', () => {
    expect(days[0]?.exercises).toEqual([{ name: 'Supino', sets: '4', reps: '10' }]);
    expect(days[2]?.exercises).toEqual([{ name: 'Agachamento', sets: '3', reps: '12' }]);
  });

  it('leaves bullets and lines where the weekday runs on into the sentence alone', () => {
    expect(days[6]).toEqual({
      weekday: 6,
      day: 'Sábado',
      description: 'Domingo de descanso, caminhada opcional.',
      exercises: [{ name: 'Segunda-feira livre' }],
    });
  });

  it.each([
    ['**Segunda-feira:** Treino B', 1, 'Treino B'],
    ['**Terça-feira** - Costas', 2, 'Costas'],
    ['Miércoles: Piernas', 3, 'Piernas'],
    ['Wednesday — Rest', 3, 'Rest'],
    ['Sexta (Full body):', 5, 'Full body'],
  ])('%s → weekday %i named %s', (line, weekday, name) => {
    expect(parseWeeklySchedule(`${line}\n- Prancha`)).toEqual([{ weekday, day: expect.any(String), name, exercises: [{ name: 'Prancha' }] }]);
  });

  it.each(['Segunda série: 3x12', 'Sexta - Supino 4x10', '1. Segunda-feira: Treino A', '- Terça - Cardio', 'Sextante: bússola'])(
    '%s is not a heading',
    (line) => {
      expect(parseWeeklySchedule(line)).toEqual([]);
    },
  );
});

describe('unreadable schedules', () => {
  it.each([['{'], [42], [null], [{}], [undefined], ['{"day":"Segunda"}'], [''], ['Apenas texto sem dias']])('%o → []', (schedule) => {
    expect(parseWeeklySchedule(schedule)).toEqual([]);
  });

  it('never throws', () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.string(), fc.json()), (schedule) => {
        for (const day of parseWeeklySchedule(schedule)) {
          expect(day.weekday).toBeGreaterThanOrEqual(0);
          expect(day.weekday).toBeLessThanOrEqual(6);
        }
      }),
    );
  });
});
