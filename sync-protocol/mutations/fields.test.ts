import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { checkWeight, WEIGHT_MAX, WEIGHT_MIN } from './fields.ts';

/**
 * SPEC §5 weight record: 1 to 500 in steps of 0.1. One rule for REST, the sync push and the
 * forms: a plain decimal with "." or "," (surrounding spaces ignored), or a finite JSON number.
 */
describe('checkWeight', () => {
  it.each([
    ['84,2', 84.2],
    [' 84,2 ', 84.2],
    ['84.2', 84.2],
    ['1', 1],
    ['500', 500],
    ['500,0', 500],
    [45.2, 45.2],
    [1, 1],
    [500, 500],
  ])('accepts %j as %j', (value, weight) => {
    expect(checkWeight(value)).toEqual({ ok: true, value: weight });
  });

  it.each([
    [77.25, 77.25], // 170.3 lb
    ['77,25', 77.25],
    [84.23, 84.23], // 185.7 lb
  ])('accepts %j, the kg a weight typed in pounds is kept as (ADR 020)', (value, weight) => {
    expect(checkWeight(value)).toEqual({ ok: true, value: weight });
  });

  it.each([undefined, null, '', '   '])('asks for a weight when given %j', (value) => {
    expect(checkWeight(value)).toEqual({ ok: false, key: 'validation.weightRequired' });
  });

  it.each([
    0.04, // would have been stored as 0 kg
    0.9, 0, -0, -1, 500.1, 84.25, 84.05 + 0.01, Infinity, -Infinity, Number.NaN, Number.MAX_VALUE, 5e-324,
    '0x40', // would have been 64 kg
    '1e2', // would have been 100 kg
    '84.25', '84,25', '1.000', '1,000', '0,9', '500,1', '0', '-84', '+84', 'Infinity', 'NaN', 'abc', '84kg', '84.', '٨٤',
    [84], { value: 84 }, true, false,
  ])('refuses %j as an invalid weight', (value) => {
    expect(checkWeight(value)).toEqual({ ok: false, key: 'validation.weightInvalid' });
  });

  it('keeps exactly the weight typed: every 0.1 step from 1 to 500 round-trips (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: WEIGHT_MIN * 10, max: WEIGHT_MAX * 10 }), fc.constantFrom('.', ','), fc.constantFrom('', ' ', '  '), (tenths, separator, pad) => {
        const weight = tenths / 10;
        expect(checkWeight(`${pad}${weight.toFixed(1).replace('.', separator)}${pad}`)).toEqual({ ok: true, value: weight });
        expect(checkWeight(weight)).toEqual({ ok: true, value: weight });
      }),
    );
  });

  it('whatever it accepts is a weight of the SPEC: 1 to 500, one decimal at most (property)', () => {
    const anything = fc.oneof(fc.double(), fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 1 }), fc.integer());
    fc.assert(
      fc.property(anything, (value) => {
        const checked = checkWeight(value);
        if (!checked.ok) return;
        expect(checked.value).toBeGreaterThanOrEqual(WEIGHT_MIN);
        expect(checked.value).toBeLessThanOrEqual(WEIGHT_MAX);
        expect(Number.isInteger(Math.round(checked.value * 10)) && Math.round(checked.value * 10) / 10 === checked.value).toBe(true);
        if (typeof value === 'number') expect(checked.value).toBe(value); // a number is taken as it is, never rounded
      }),
      { numRuns: 2000 },
    );
  });
});
