import { describe, expect, it } from 'vitest';
import { readWeeklyFrequency, trainingDaysOf, trainingWeekOf, weekAdherence, weeklyTarget } from './workout-adherence.ts';
import { parseWeeklySchedule, type ScheduleDay } from './workout-schedule.ts';

const day = (weekday: number, exercises: number): ScheduleDay => ({ weekday, day: String(weekday), exercises: Array.from({ length: exercises }, (_, i) => ({ name: `Exercício ${i}` })) });

describe('the sessions a week a plan’s frequency asks for', () => {
  it.each([
    ['3x por semana', 3],
    ['3x', 3],
    ['3 X semana', 3],
    ['4 days a week', 4],
    ['5 dias por semana', 5],
    ['2 vezes na semana', 2],
    ['Treinar 4 vezes por semana', 4],
    ['3 veces por semana', 3],
    ['tres veces por semana', 3],
    ['Três vezes por semana', 3],
    ['uma vez por semana', 1],
    ['three times a week', 3],
    ['twice a week', 2],
    ['5 treinos semanais', 5],
    ['4 sessões', 4],
    ['6/semana', 6],
    ['3 per week', 3],
    ['4', 4],
    ['Diariamente', 7],
    ['todos os dias', 7],
    ['every day', 7],
  ])('reads “%s” as %i', (text, sessions) => {
    expect(readWeeklyFrequency(text)).toBe(sessions);
  });

  it.each([
    ['2-3x por semana', 2],
    ['3 a 4 vezes por semana', 3],
    ['3 or 4 days a week', 3],
    ['de 2 a 3 veces', 2],
  ])('reads the range “%s” as its lower bound, %i', (text, sessions) => {
    expect(readWeeklyFrequency(text)).toBe(sessions);
  });

  it.each(['', '   ', 'livre', 'Conforme disponibilidade', 'a cada 2 dias', 'every other day', '10x por semana', '0x', '12 semanas', '45 min', null, undefined])('does not read “%s”', (text) => {
    expect(readWeeklyFrequency(text)).toBeNull();
  });
});

describe('a plan’s weekly target', () => {
  it('counts the weekdays with exercises when the frequency does not read: rest days and a day listed twice count once or not at all', () => {
    expect(trainingDaysOf([day(1, 3), day(3, 2), day(3, 1), day(5, 4), day(0, 0)])).toBe(3);
    expect(weeklyTarget({ frequency: 'conforme a agenda', schedule: [day(1, 3), day(3, 2), day(0, 0)] })).toBe(2);
  });

  it('takes the frequency over the schedule when both say', () => {
    expect(weeklyTarget({ frequency: '4x por semana', schedule: [day(1, 3), day(3, 2)] })).toBe(4);
  });

  it('reads a schedule written as text', () => {
    const schedule = parseWeeklySchedule('Segunda-feira: Treino A\n- Supino 4x10\nQuarta-feira: Treino B\n- Agachamento 4x8\nDomingo: Descanso');
    expect(weeklyTarget({ frequency: null, schedule })).toBe(2);
  });

  it('says nothing when neither reads', () => {
    expect(weeklyTarget({ frequency: null, schedule: [] })).toBeNull();
    expect(weeklyTarget({ frequency: '', schedule: [day(0, 0)] })).toBeNull();
  });
});

describe('the week’s adherence on the student’s calendar', () => {
  it('starts the week on Monday', () => {
    expect(trainingWeekOf('2026-11-23')).toBe('2026-11-23'); // a Monday
    expect(trainingWeekOf('2026-11-29')).toBe('2026-11-23'); // the Sunday that closes it
    expect(trainingWeekOf('2026-11-30')).toBe('2026-11-30');
  });

  it('counts the finished sessions started from Monday to today in the student’s zone, none of last week’s', () => {
    const adherence = weekAdherence({
      finishedStarts: [
        '2026-11-23T02:30:00.000Z', // Sunday 22 November, 23:30 in São Paulo: last week
        '2026-11-23T10:00:00.000Z', // Monday
        '2026-11-25T22:00:00.000Z', // Wednesday
        '2026-11-30T02:30:00.000Z', // Sunday 29 November, 23:30 in São Paulo: still this week
      ],
      today: '2026-11-29',
      timeZone: 'America/Sao_Paulo',
      target: 3,
    });
    expect(adherence).toEqual({ weekStart: '2026-11-23', done: 3, target: 3 });
  });

  it('counts nothing on a Monday before the first session, and keeps an unknown target unknown', () => {
    expect(weekAdherence({ finishedStarts: ['2026-11-29T12:00:00.000Z'], today: '2026-11-30', timeZone: 'America/Sao_Paulo', target: null })).toEqual({ weekStart: '2026-11-30', done: 0, target: null });
  });
});
