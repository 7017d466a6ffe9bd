import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { checkInDue, checkInWeek, daysBetween, weekdayOf, WEEKDAYS, type Weekday } from './check-ins.ts';

const localDates = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2099, 11, 31) }).map((ms) => new Date(ms).toISOString().slice(0, 10));
const weekdays = fc.constantFrom(...WEEKDAYS);

describe('check-in weeks (issue 22, part 2)', () => {
  it('names a day’s week by the check-in day on or before it: that weekday, at most six days back', () => {
    fc.assert(
      fc.property(localDates, weekdays, (day, checkInDay) => {
        const week = checkInWeek(day, checkInDay);
        expect(weekdayOf(week)).toBe(checkInDay);
        expect(daysBetween(week, day)).toBeGreaterThanOrEqual(0);
        expect(daysBetween(week, day)).toBeLessThan(7);
      }),
    );
  });

  it('puts seven consecutive days from a check-in day in one week, and the eighth in the next', () => {
    fc.assert(
      fc.property(localDates, weekdays, (day, checkInDay) => {
        const week = checkInWeek(day, checkInDay);
        const next = new Date(Date.parse(`${week}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
        expect(checkInWeek(next, checkInDay)).toBe(next);
        expect(daysBetween(week, next)).toBe(7);
      }),
    );
  });

  it.each([
    // 2026-11-28 is a Saturday; a Monday client's week began on the 23rd.
    ['2026-11-28', 1, '2026-11-23'],
    ['2026-11-23', 1, '2026-11-23'],
    ['2026-11-22', 1, '2026-11-16'],
    ['2026-11-28', 6, '2026-11-28'],
    // Across a month and a year.
    ['2027-01-01', 3, '2026-12-30'],
    ['2028-03-01', 2, '2028-02-29'],
  ] as [string, Weekday, string][])('%s with check-ins on weekday %i is the week of %s', (day, checkInDay, week) => {
    expect(checkInWeek(day, checkInDay)).toBe(week);
  });

  it('asks from the check-in day until the week’s check-in is filled, and not before a week has begun since registering', () => {
    const base = { checkInDay: 1 as Weekday, registeredOn: '2026-11-09', weeksDone: [] as string[] };
    expect(checkInDue({ ...base, today: '2026-11-12' })).toBeNull(); // the week of the 9th is the week they registered
    expect(checkInDue({ ...base, today: '2026-11-16' })).toBe('2026-11-16');
    expect(checkInDue({ ...base, today: '2026-11-18' })).toBe('2026-11-16'); // a late check-in still counts
    expect(checkInDue({ ...base, today: '2026-11-18', weeksDone: ['2026-11-16'] })).toBeNull();
    expect(checkInDue({ ...base, today: '2026-11-23', weeksDone: ['2026-11-16'] })).toBe('2026-11-23');
  });
});
