import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  MAX_POINTS,
  canCompleteDay,
  dailyPercent,
  dailyPoints,
  localDateIn,
  monthlyProgress,
  pointsRequired,
  startOfLocalDay,
  trainingOn,
  weekdayOf,
} from './daily-progress.ts';

const level = fc.integer({ min: 1, max: 5 });
const dayFields = fc.record({ workoutCompleted: fc.boolean(), dietFollowed: fc.boolean(), mood: level, energy: level });

describe('daily points', () => {
  it('gives one point each for workout, diet and a non-neutral mood or energy', () => {
    fc.assert(
      fc.property(dayFields, (day) => {
        const expected = Number(day.workoutCompleted) + Number(day.dietFollowed) + Number(day.mood !== 3 || day.energy !== 3);
        const points = dailyPoints(day);
        expect(points).toBe(expected);
        expect(points).toBeGreaterThanOrEqual(0);
        expect(points).toBeLessThanOrEqual(MAX_POINTS);
        expect(dailyPercent(day)).toBe([0, 33, 67, 100][points]);
        expect(pointsRequired(day)).toBe(MAX_POINTS - points);
        expect(canCompleteDay(day)).toBe(points === MAX_POINTS);
      }),
    );
  });

  it.each([
    [{ workoutCompleted: false, dietFollowed: false, mood: 3, energy: 3 }, 0, 0],
    [{ workoutCompleted: true, dietFollowed: false, mood: 3, energy: 3 }, 1, 33],
    [{ workoutCompleted: false, dietFollowed: false, mood: 1, energy: 3 }, 1, 33],
    [{ workoutCompleted: true, dietFollowed: true, mood: 3, energy: 3 }, 2, 67],
    [{ workoutCompleted: true, dietFollowed: true, mood: 5, energy: 5 }, 3, 100],
  ])('%o → %i points, %i%%', (day, points, percent) => {
    expect(dailyPoints(day)).toBe(points);
    expect(dailyPercent(day)).toBe(percent);
  });
});

describe('day completion', () => {
  it.each([
    [{ workoutCompleted: true, dietFollowed: true, mood: 4, energy: 3 }, true],
    [{ workoutCompleted: true, dietFollowed: true, mood: 3, energy: 2 }, true],
    [{ workoutCompleted: true, dietFollowed: true, mood: 1, energy: 5 }, true],
    [{ workoutCompleted: true, dietFollowed: true, mood: 3, energy: 3 }, false],
    [{ workoutCompleted: false, dietFollowed: true, mood: 5, energy: 5 }, false],
    [{ workoutCompleted: true, dietFollowed: false, mood: 5, energy: 5 }, false],
  ])('%o → %s', (day, completed) => {
    expect(canCompleteDay(day)).toBe(completed);
  });
});

describe('calendar', () => {
  it('reads the local date at an instant in an IANA zone', () => {
    const at = new Date('2026-03-01T02:30:00Z');
    expect(localDateIn('America/Sao_Paulo', at)).toBe('2026-02-28');
    expect(localDateIn('UTC', at)).toBe('2026-03-01');
    expect(localDateIn('America/Argentina/Buenos_Aires', at)).toBe('2026-02-28');
  });

  it('rejects an unknown zone with a RangeError', () => {
    expect(() => localDateIn('Mars/Olympus_Mons', new Date())).toThrow(RangeError);
  });

  it.each([
    ['2026-11-21', 6], ['2026-11-22', 0], ['2024-02-29', 4], ['1970-01-01', 4], ['0001-01-01', 1],
  ])('weekdayOf(%s) = %i', (date, weekday) => {
    expect(weekdayOf(date)).toBe(weekday);
  });

  it('rejects a weekday for a date that is not a calendar date', () => {
    expect(() => weekdayOf('2026-02-30')).toThrow(RangeError);
  });

  it.each([
    ['America/Sao_Paulo', '2026-11-01', '2026-11-01T03:00:00Z'],
    ['America/Argentina/Buenos_Aires', '2026-11-01', '2026-11-01T03:00:00Z'],
    ['America/New_York', '2026-01-01', '2026-01-01T05:00:00Z'],
    ['America/New_York', '2026-07-01', '2026-07-01T04:00:00Z'],
    ['UTC', '2026-02-01', '2026-02-01T00:00:00Z'],
    ['Pacific/Kiritimati', '2026-02-01', '2026-01-31T10:00:00Z'],
    ['Pacific/Pago_Pago', '2026-02-01', '2026-02-01T11:00:00Z'],
    // Chile moves its clocks at midnight in September: that Sunday begins at 01:00.
    ['America/Santiago', '2026-09-06', '2026-09-06T04:00:00Z'],
  ])('a day in %s starts at its first local minute (%s → %s)', (zone, date, instant) => {
    expect(new Date(startOfLocalDay(zone, date)).toISOString()).toBe(new Date(instant).toISOString());
  });

  it('starts each day at the first minute whose local date is that day', () => {
    const zones = ['America/Sao_Paulo', 'America/New_York', 'America/Santiago', 'Europe/London', 'Asia/Kathmandu', 'Australia/Lord_Howe'];
    fc.assert(
      fc.property(fc.constantFrom(...zones), fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2040, 0, 1) }), (zone, at) => {
        const day = localDateIn(zone, new Date(at));
        const start = startOfLocalDay(zone, day);
        expect(start).toBeLessThanOrEqual(at);
        expect(localDateIn(zone, new Date(start))).toBe(day);
        expect(localDateIn(zone, new Date(start - 60_000)) < day).toBe(true);
      }),
    );
  });
});

describe('monthly progress', () => {
  it('counts against the 29 days of February 2024', () => {
    const dates = Array.from({ length: 29 }, (_, i) => `2024-02-${String(i + 1).padStart(2, '0')}`);
    expect(monthlyProgress(dates, '2024-02')).toEqual({ percentage: 100, daysCompleted: 29, totalDaysInMonth: 29 });
    expect(monthlyProgress(dates.slice(0, 10), '2024-02')).toEqual({ percentage: 34, daysCompleted: 10, totalDaysInMonth: 29 });
  });

  it('counts against the 28 days of February 2026', () => {
    const dates = ['2026-02-01', '2026-02-14', '2026-02-28'];
    expect(monthlyProgress(dates, '2026-02')).toEqual({ percentage: 11, daysCompleted: 3, totalDaysInMonth: 28 });
  });

  it('ignores duplicates, other months and malformed dates', () => {
    const dates = ['2026-03-01', '2026-03-01', '2026-02-28', '2026-04-01', '2025-03-02', '2026-03-32', '2026-03-2', '2026-03-15'];
    expect(monthlyProgress(dates, '2026-03')).toEqual({ percentage: 6, daysCompleted: 2, totalDaysInMonth: 31 });
  });

  it('answers zero for a month without completed days', () => {
    expect(monthlyProgress([], '2026-04')).toEqual({ percentage: 0, daysCompleted: 0, totalDaysInMonth: 30 });
  });

  it('rejects a month that is not YYYY-MM', () => {
    expect(() => monthlyProgress([], '2026-13')).toThrow(RangeError);
    expect(() => monthlyProgress([], '2026-3')).toThrow(RangeError);
  });
});

describe('trainingOn', () => {
  // 2026-11-23 is a Monday, 2026-11-22 a Sunday, 2026-11-24 a Tuesday.
  const schedule = [
    { weekday: 1, day: 'Segunda-feira', name: 'Treino A', exercises: [{ name: 'Agachamento', sets: '3', reps: '12' }] },
    { weekday: 0, day: 'Domingo', description: 'Caminhada leve', exercises: [] },
    { weekday: 2, day: 'Terça-feira', exercises: [] },
  ];

  it('finds the day with exercises or a description', () => {
    expect(trainingOn(schedule, '2026-11-23')?.name).toBe('Treino A');
    expect(trainingOn(schedule, '2026-11-22')?.description).toBe('Caminhada leve');
  });

  it('answers null for a weekday that is empty or absent', () => {
    expect(trainingOn(schedule, '2026-11-24')).toBeNull();
    expect(trainingOn(schedule, '2026-11-25')).toBeNull();
    expect(trainingOn([], '2026-11-23')).toBeNull();
  });
});
