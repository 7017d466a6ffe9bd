import { describe, expect, it } from 'vitest';
import { parseTextList } from '#protocol/domain/diet-plan.ts';
import { parseWeeklySchedule, type ScheduleDay } from '#protocol/domain/workout-schedule.ts';
import type { Locale } from '#protocol/i18n/locales.ts';
import { workoutPlanInputSchema } from '#protocol/schemas/plans.ts';
import { EXERCISES, type Exercise } from './exercises.ts';
import type { ClientProfile } from './profile.ts';
import { generateBuiltinWorkout } from './workout-generator.ts';
import { buildClientProfile } from '../../../test/factories.ts';

const TODAY = '2025-03-01';

/** BMI 28.7. */
const ana = buildClientProfile({ gender: 'feminino' });

const workout = (overrides: Partial<ClientProfile> = {}, locale: Locale = 'pt-BR') => generateBuiltinWorkout({ client: { ...ana, ...overrides }, locale, today: TODAY });

function catalogExercise(name: string, locale: Locale): Exercise {
  const found = EXERCISES.find((exercise) => exercise.names[locale] === name);
  if (!found) throw new Error(`not a catalog exercise: ${name}`);
  return found;
}

const exercisesOf = (days: ScheduleDay[], locale: Locale = 'pt-BR') => days.flatMap((day) => day.exercises.map((item) => catalogExercise(item.name, locale)));

describe('generateBuiltinWorkout for a moderately active client losing weight', () => {
  const result = workout();
  const days = parseWeeklySchedule(result.weeklySchedule);

  it('fits the workout form', () => {
    expect(() => workoutPlanInputSchema.validateSync(result)).not.toThrow();
    expect(result.title).toBe('Plano de treino — perda de peso (4x por semana)');
    expect(result.duration).toBe('8 semanas');
    expect(result.frequency).toBe('4x por semana');
  });

  it('schedules an upper/lower split on four weekdays the app reads back', () => {
    expect(days.map((day) => [day.weekday, day.day])).toEqual([
      [1, 'Segunda-feira'],
      [2, 'Terça-feira'],
      [4, 'Quinta-feira'],
      [5, 'Sexta-feira'],
    ]);
    expect(days.map((day) => day.name)).toEqual([
      'Treino A — Membros superiores',
      'Treino B — Membros inferiores',
      'Treino C — Membros superiores',
      'Treino D — Membros inferiores',
    ]);
    for (const day of days) {
      expect(day.type).toBe('Força e cardio');
      expect(day.duration).toMatch(/^\d+ min$/);
      expect(day.exercises.length).toBeGreaterThanOrEqual(6);
      for (const item of day.exercises) {
        expect(item.sets).toMatch(/^\d+$/);
        expect(item.reps).toMatch(/^(\d+(-\d+)?|\d+s|\d+ min)$/);
        expect(item.notes).toBeTruthy();
        expect(item.safety).toBeTruthy();
      }
    }
  });

  it('warms up, trains strength at 12-15 reps with short rests, then does cardio and a stretch', () => {
    for (const day of days) {
      const kinds = exercisesOf([day]).map((exercise) => exercise.kind);
      expect(kinds[0]).toBe('cardio');
      expect(kinds.at(-1)).toBe('mobility');
      expect(kinds.filter((kind) => kind === 'strength').length).toBeGreaterThanOrEqual(4);
      // Core and calves have their own rep ranges, and holds are timed.
      const mainLifts = day.exercises.filter((item) => {
        const exercise = catalogExercise(item.name, 'pt-BR');
        return exercise.kind === 'strength' && !exercise.timed && exercise.pattern !== 'core' && exercise.pattern !== 'calves';
      });
      expect(new Set(mainLifts.map((item) => `${item.sets}x${item.reps} ${item.rest}`))).toEqual(new Set(['3x12-15 45s']));
      expect(day.exercises.some((item) => item.reps === '20 min')).toBe(true);
    }
  });

  it('varies the exercises between the two upper-body days', () => {
    const [first, , third] = days as [ScheduleDay, ScheduleDay, ScheduleDay];
    const names = (day: ScheduleDay) => day.exercises.map((item) => item.name);
    expect(names(first)).not.toEqual(names(third));
  });

  it('gives progression tips and general safety notes', () => {
    expect(parseTextList(result.progressionTips)).toContain('Aumente o cardio em 5 minutos por semana até chegar a 30 minutos por sessão.');
    expect(parseTextList(result.safetyNotes)).toEqual([
      'Aqueça de 5 a 10 minutos antes e alongue-se no final.',
      'Pare e procure ajuda se sentir dor no peito, tontura, falta de ar fora do normal ou dor articular aguda.',
      'Beba água antes, durante e depois do treino.',
    ]);
  });

  it('is deterministic', () => {
    expect(workout()).toEqual(result);
  });
});

describe('generateBuiltinWorkout volume by activity level and goal', () => {
  it('sedentary: three full-body days (Mon, Wed, Fri) of beginner exercises', () => {
    const result = workout({ activityLevel: 'sedentario' });
    const days = parseWeeklySchedule(result.weeklySchedule);
    expect(days.map((day) => day.weekday)).toEqual([1, 3, 5]);
    expect(result.frequency).toBe('3x por semana');
    expect(days.every((day) => day.name?.endsWith('Corpo inteiro'))).toBe(true);
    expect(exercisesOf(days).filter((exercise) => exercise.level !== 'beginner')).toEqual([]);
  });

  it('very active and gaining muscle: five days, push/pull/legs, 8-12 reps with long rests, no cardio block', () => {
    const result = workout({ activityLevel: 'muito_ativo', goalType: 'ganhar_massa' });
    const days = parseWeeklySchedule(result.weeklySchedule);
    expect(days.map((day) => day.weekday)).toEqual([1, 2, 3, 4, 5]);
    expect(days.map((day) => day.name)).toEqual([
      'Treino A — Peito, ombros e tríceps',
      'Treino B — Costas e bíceps',
      'Treino C — Pernas e glúteos',
      'Treino D — Membros superiores',
      'Treino E — Membros inferiores',
    ]);
    const sets = days.flatMap((day) => day.exercises.filter((item) => item.reps === '8-12'));
    expect(sets.length).toBeGreaterThan(15);
    expect(new Set(sets.map((item) => `${item.sets}x${item.reps} ${item.rest}`))).toEqual(new Set(['4x8-12 90s']));
    expect(days.every((day) => day.type === 'Força')).toBe(true);
    expect(parseTextList(result.progressionTips)).toContain('Quando completar 12 repetições em todas as séries com boa técnica, aumente a carga em 2 a 5%.');
  });

  it('active and losing weight: five days with a cardio and core day midweek', () => {
    const days = parseWeeklySchedule(workout({ activityLevel: 'active' }).weeklySchedule);
    expect(days).toHaveLength(5);
    expect(days[2]).toMatchObject({ weekday: 3, name: 'Treino C — Cardio e core', type: 'Cardio e core' });
    expect(days[2]?.exercises.some((item) => item.reps === '35 min')).toBe(true);
  });
});

describe('generateBuiltinWorkout safety', () => {
  it('heart problems: only low-impact exercises, no breath-holding lifts, moderate effort and cardiac notes', () => {
    for (const activityLevel of ['sedentary', 'moderate', 'veryActive']) {
      const result = workout({ activityLevel, medicalConditions: ['heartProblems'] });
      const days = parseWeeklySchedule(result.weeklySchedule);
      const exercises = exercisesOf(days);
      expect(exercises.length).toBeGreaterThan(15);
      expect(exercises.filter((exercise) => exercise.impact === 'high' || exercise.strain).map((exercise) => exercise.id)).toEqual([]);
      expect(exercises.filter((exercise) => exercise.level === 'advanced')).toEqual([]);
      const strength = days.flatMap((day) => day.exercises).filter((item) => catalogExercise(item.name, 'pt-BR').kind === 'strength');
      expect(strength.every((item) => item.safety?.endsWith('Não prenda a respiração: solte o ar na fase de esforço.'))).toBe(true);
      expect(strength.every((item) => item.rest === '90s')).toBe(true);
      expect(days.every((day) => day.description?.startsWith('Intensidade moderada'))).toBe(true);
      expect(parseTextList(result.safetyNotes).join(' ')).toContain('liberação do cardiologista');
    }
  });

  it('hypertension: the same limits and a blood-pressure check', () => {
    const result = workout({ activityLevel: 'active', medicalConditions: ['hypertension'] });
    expect(exercisesOf(parseWeeklySchedule(result.weeklySchedule)).filter((exercise) => exercise.impact === 'high' || exercise.strain)).toEqual([]);
    expect(parseTextList(result.safetyNotes)).toContain('Meça a pressão antes do treino e não treine se estiver acima de 160/100 mmHg.');
    expect(result.description).toContain('baixo impacto e intensidade moderada');
  });

  it('a BMI of 30 or more: joint-friendly, with no jumps or running', () => {
    const result = workout({ activityLevel: 'active', currentWeight: 95 });
    const exercises = exercisesOf(parseWeeklySchedule(result.weeklySchedule));
    expect(exercises.filter((exercise) => exercise.impact === 'high')).toEqual([]);
    expect(result.description).toContain('Com IMC de 34,9');
    expect(parseTextList(result.safetyNotes)).toContain('Exercícios sem saltos para proteger joelhos e tornozelos; use tênis com bom amortecimento.');
  });

  it('without those limits a fat-loss plan may use intervals with jumps', () => {
    const exercises = exercisesOf(parseWeeklySchedule(workout({ activityLevel: 'active' }).weeklySchedule));
    expect(exercises.some((exercise) => exercise.impact === 'high')).toBe(true);
  });

  it('65 or older: low impact', () => {
    const result = workout({ birthDate: '1955-01-01', activityLevel: 'active' });
    expect(exercisesOf(parseWeeklySchedule(result.weeklySchedule)).filter((exercise) => exercise.impact === 'high')).toEqual([]);
    expect(result.description).toContain('Aos 70 anos');
  });

  it('diabetes: a glucose check before and after training', () => {
    expect(parseTextList(workout({ medicalConditions: ['diabetes'] }).safetyNotes).join(' ')).toContain('Meça a glicemia antes e depois do treino');
  });
});

describe('generateBuiltinWorkout languages', () => {
  it('writes es-AR weekdays, names and frequency', () => {
    const result = workout({}, 'es-AR');
    const days = parseWeeklySchedule(result.weeklySchedule);
    expect(days.map((day) => day.day)).toEqual(['Lunes', 'Martes', 'Jueves', 'Viernes']);
    expect(result.frequency).toBe('4 veces por semana');
    expect(result.duration).toBe('8 semanas');
    expect(exercisesOf(days, 'es-AR').length).toBeGreaterThan(20);
    expect(days[0]?.name).toBe('Rutina A — Tren superior');
  });

  it('writes en-US', () => {
    const result = workout({ activityLevel: 'sedentary' }, 'en-US');
    const days = parseWeeklySchedule(result.weeklySchedule);
    expect(days.map((day) => day.day)).toEqual(['Monday', 'Wednesday', 'Friday']);
    expect(result.frequency).toBe('3 times a week');
    expect(result.duration).toBe('8 weeks');
    expect(result.title).toBe('Workout plan — weight loss (3 times a week)');
    expect(exercisesOf(days, 'en-US').length).toBeGreaterThan(15);
  });

  it('still drafts a plan from an almost empty profile', () => {
    const result = workout({ birthDate: null, gender: null, height: null, currentWeight: null, activityLevel: null, goalType: null });
    expect(() => workoutPlanInputSchema.validateSync(result)).not.toThrow();
    expect(parseWeeklySchedule(result.weeklySchedule)).toHaveLength(3);
  });
});

describe('what the client reads (issue 17, 4)', () => {
  it.each(['pt-BR', 'es-AR', 'en-US'] as const)('%s: no reviewer instruction in the plan text (the admin form says it)', (locale) => {
    expect(Object.values(workout({ medicalConditions: ['hypertension'] }, locale)).join('\n')).not.toMatch(/rascunho|borrador|draft|revise|revisalo|review/i);
  });

  it.each([
    ['es-AR', ['hypertension'], 'Por la hipertensión,', /cardíaco/],
    ['es-AR', ['heartProblems'], 'Por el problema cardíaco,', /hipertensión/],
    ['es-AR', ['hypertension', 'heartProblems'], 'Por la hipertensión y el problema cardíaco,', null],
    ['pt-BR', ['hypertension'], 'Por causa da hipertensão,', /cardíaco/],
    ['pt-BR', ['heartProblems'], 'Por causa do problema cardíaco,', /hipertensão/],
    ['en-US', ['hypertension'], 'Because of hypertension,', /heart condition/],
    ['en-US', ['heartProblems', 'hypertension'], 'Because of hypertension and a heart condition,', null],
  ] as const)('%s %j: names only the client’s own conditions', (locale, conditions, sentence, absent) => {
    const { description } = workout({ medicalConditions: [...conditions] }, locale);
    expect(description).toContain(sentence);
    if (absent) expect(description).not.toMatch(absent);
  });
});
