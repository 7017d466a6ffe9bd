import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cmFromInches, cmFromTenthsOfInch, feetAndInchesFromCm, inchesFromCm, isTypedWeight, kgFromLb, lbFromKg, unitSystemOfCountry } from './units.ts';

const tenths = (min: number, max: number) => fc.integer({ min: min * 10, max: max * 10 }).map((n) => n / 10);

describe('units of measure', () => {
  it('follows the country until the person picks: the US in pounds and feet, Brazil and Argentina metric', () => {
    expect(unitSystemOfCountry('US')).toBe('us');
    expect(unitSystemOfCountry('BR')).toBe('metric');
    expect(unitSystemOfCountry('AR')).toBe('metric');
  });

  it('keeps 170.3 lb as 77.25 kg and reads it back as 170.3 lb', () => {
    expect(kgFromLb(170.3)).toBe(77.25);
    expect(lbFromKg(77.25)).toBe(170.3);
    expect(lbFromKg(100)).toBe(220.5);
  });

  it('reads back every weight typed to 0.1 lb from 2.3 to 1102 lb exactly (property)', () => {
    fc.assert(fc.property(tenths(2.3, 1102), (lb) => lbFromKg(kgFromLb(lb)) === lb && isTypedWeight(kgFromLb(lb))), { numRuns: 2000 });
  });

  it('takes every 0.1 kg step as typed, and refuses a kg figure with a second decimal that no pound figure gives', () => {
    fc.assert(fc.property(tenths(1, 500), (kg) => isTypedWeight(kg)));
    expect(isTypedWeight(84.25)).toBe(false);
    expect(isTypedWeight(84.23)).toBe(true); // 185.7 lb
    expect(isTypedWeight(Number.NaN)).toBe(false);
  });

  it('reads back every height typed in whole inches, 3 ft to 8 ft 2 in (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 36, max: 98 }), (inches) => {
        const { feet, inches: rest } = feetAndInchesFromCm(cmFromInches(inches));
        return feet * 12 + rest === inches && rest >= 0 && rest < 12;
      }),
    );
    expect(cmFromInches(66)).toBe(167.6);
    expect(feetAndInchesFromCm(167.6)).toEqual({ feet: 5, inches: 6 });
    expect(feetAndInchesFromCm(182.8)).toEqual({ feet: 6, inches: 0 }); // 71.97 in: the next foot, never "5 ft 12 in"
  });

  it('keeps a tape measurement typed to 0.1 in as cm to 0.01 and reads back the inches typed (property)', () => {
    expect(cmFromTenthsOfInch(34)).toBe(86.36);
    expect(cmFromTenthsOfInch(33.3)).toBe(84.58);
    expect(inchesFromCm(84.58)).toBe(33.3);
    fc.assert(fc.property(tenths(3.9, 118.1), (inches) => inchesFromCm(cmFromTenthsOfInch(inches)) === inches), { numRuns: 2000 });
  });

  it('shows a length typed in cm in inches to 0.1', () => {
    expect(inchesFromCm(84.5)).toBe(33.3);
    expect(inchesFromCm(100)).toBe(39.4);
  });
});
