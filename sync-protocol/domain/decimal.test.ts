import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseDecimal } from './decimal.ts';

describe('parseDecimal: a plain decimal, "." or "," as separator, at most N decimals', () => {
  it.each([
    ['84', 84],
    ['84.2', 84.2],
    ['84,2', 84.2],
    [' 84,2 ', 84.2],
    ['\t45.0\n', 45],
    ['007', 7],
    [84.2, 84.2],
    [84, 84],
    [0.5, 0.5],
  ])('reads %j as %j (one decimal)', (value, expected) => {
    expect(parseDecimal(value, 1)).toBe(expected);
  });

  it.each([
    '', ' ', '0x40', '0X40', '1e2', '1E2', '84.25', '84,25', '1.000', '1,000', '1.000,5', '84.', '.5', ',5', '+84', '-84', '84 2', '8 4',
    'Infinity', '-Infinity', 'NaN', '٨٤', '８４', '84kg', '84.2.1', '0b101', '0o17', '1_000',
  ])('refuses the string %j', (value) => {
    expect(parseDecimal(value, 1)).toBeNull();
  });

  it.each([Number.NaN, Infinity, -Infinity, 84.25, 0.04, 1e-7, null, undefined, true, [84], { weight: 84 }, 84n])('refuses %s', (value) => {
    expect(parseDecimal(value, 1)).toBeNull();
  });

  it('takes as many decimals as it is told', () => {
    expect(parseDecimal('0,25', 2)).toBe(0.25);
    expect(parseDecimal(0.25, 2)).toBe(0.25);
    expect(parseDecimal('0,255', 2)).toBeNull();
    expect(parseDecimal('2000', 0)).toBe(2000);
    expect(parseDecimal('2000.5', 0)).toBeNull();
    expect(parseDecimal(2000.5, 0)).toBeNull();
  });

  it('reads back every one-decimal number it would show, with either separator (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), fc.constantFrom('.', ','), (tenths, separator) => {
        const value = tenths / 10;
        const text = value.toFixed(1).replace('.', separator);
        expect(parseDecimal(text, 1)).toBe(value);
        expect(parseDecimal(value, 1)).toBe(value);
      }),
    );
  });

  it('never reads anything but a plain decimal (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (text) => {
        const value = parseDecimal(text, 1);
        if (value === null) return;
        expect(text.trim()).toMatch(/^\d+([.,]\d)?$/);
        expect(value).toBe(Number(text.trim().replace(',', '.')));
      }),
    );
  });
});
