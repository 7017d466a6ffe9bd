import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { daysInMonth, isLocalDate, parseInstant, readInstant } from './calendar.ts';

/** What the hand-written readers replace: the regular form, then Date's own round trip. */
const referenceInstant = (value: string): number | null => {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(value)) return null;
  const millis = Date.parse(value);
  return Number.isFinite(millis) && new Date(millis).toISOString() === value ? millis : null;
};
const referenceDate = (value: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(value) && referenceInstant(`${value}T00:00:00.000Z`) !== null;

const FIRST = new Date('0000-01-01T00:00:00.000Z').getTime();
const LAST = new Date('9999-12-31T23:59:59.999Z').getTime();
/** Valid strings with one character replaced by a likely troublemaker. */
const nearMiss = (valid: fc.Arbitrary<string>) =>
  fc.tuple(valid, fc.nat(), fc.constantFrom(...'0123456789-:.TZtz +/a\u0660\uff10')).map(([value, at, char]) => {
    const i = at % value.length;
    return value.slice(0, i) + char + value.slice(i + 1);
  });
const instants = fc.integer({ min: FIRST, max: LAST }).map((millis) => new Date(millis).toISOString());

describe('calendar', () => {
  it.each([
    [2024, 2, 29], [2026, 2, 28], [2000, 2, 29], [1900, 2, 28], [2026, 1, 31], [2026, 4, 30], [2026, 12, 31],
  ])('%i-%i has %i days', (year, month, days) => {
    expect(daysInMonth(year, month)).toBe(days);
  });

  it.each([
    ['2024-02-29', true], ['2026-02-28', true], ['2026-12-31', true], ['0000-02-29', true],
    ['2026-02-29', false], ['2026-13-01', false], ['2026-00-10', false], ['2026-04-31', false],
    ['2026-4-01', false], ['2026-04-01T00:00', false], [' 2026-04-01', false], ['', false],
  ])('isLocalDate(%s) = %s', (value, valid) => {
    expect(isLocalDate(value)).toBe(valid);
  });

  it('agrees with Date on every date and near miss', () => {
    const dates = instants.map((instant) => instant.slice(0, 10));
    fc.assert(fc.property(fc.oneof(dates, nearMiss(dates), fc.string({ maxLength: 12 })), (value) => {
          expect(isLocalDate(value)).toBe(referenceDate(value));
        }), { numRuns: 2000 });
  });
});

describe('instants', () => {
  it.each([
    ['1970-01-01T00:00:00.000Z', 0],
    ['2026-11-21T20:55:00.123Z', Date.UTC(2026, 10, 21, 20, 55, 0, 123)],
    ['2024-02-29T23:59:59.999Z', Date.UTC(2024, 1, 29, 23, 59, 59, 999)],
    ['0000-01-01T00:00:00.000Z', FIRST],
    ['1969-12-31T23:59:59.999Z', -1],
  ])('reads %s', (value, millis) => {
    expect(parseInstant(value)).toBe(millis);
  });

  it.each([
    '2026-02-29T00:00:00.000Z', '2026-01-01T24:00:00.000Z', '2026-01-01T00:60:00.000Z', '2026-01-01T00:00:60.000Z',
    '2026-01-01T00:00:00Z', '2026-01-01T00:00:00.000+00:00', '2026-01-01 00:00:00.000Z', '+002026-01-01T00:00:00.000Z', '',
  ])('refuses %s', (value) => {
    expect(parseInstant(value)).toBeNull();
  });

  it('agrees with Date on every instant and near miss', () => {
    fc.assert(fc.property(fc.oneof(instants, nearMiss(instants), fc.string({ maxLength: 26 })), (value) => {
          expect(parseInstant(value)).toBe(referenceInstant(value));
        }), { numRuns: 3000 });
  });

  it('reads instants in any order, the same one again or another', () => {
    const instants = ['2026-11-21T20:55:00.000Z', '2026-11-21T20:55:00.001Z', '2026-02-31T20:55:00.000Z', '2026-11-21T20:55:00.000Z'];
    for (const value of [...instants, ...instants.reverse()]) expect(parseInstant(value)).toBe(referenceInstant(value));
  });

  it('reads an instant inside a longer string', () => {
    expect(readInstant('x2026-11-21T20:55:00.000Z-000000-a', 1)).toBe(Date.UTC(2026, 10, 21, 20, 55));
  });
});
