import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { WEIGHT_JUMP, isWeightJump, weightJump } from './weight-typo.ts';

describe('a weight far from the last one (issue 16, 5b)', () => {
  it.each([
    [452, 45, true],
    [45.2, 45, false],
    [51.7, 45, false], // 14.9 %
    [51.75 - 0.05, 45, false],
    [51.8, 45, true], // 15.1 %
    [38.3, 45, false], // −14.9 %
    [38.2, 45, true], // −15.1 %
    [115, 100, false], // exactly 15 %: not more than
    [115.1, 100, true],
    [85, 100, false],
    [84.9, 100, true],
  ])('%d against a last weight of %d: asked = %s', (typed, last, asked) => {
    expect(isWeightJump(typed, last)).toBe(asked);
  });

  it('asks nothing without a last weight', () => {
    expect(weightJump(452, null)).toBeNull();
    expect(isWeightJump(452, null)).toBe(false);
  });

  it.each([
    [452, 45, 45.2], // the missing decimal separator
    [845, 84, 84.5],
    [4.5, 45, 45], // a separator one place too far left
    [8.4, 84.2, 84],
    [1000 / 10, 10.2, 10], // 100 → 10
  ])('typed %d with a last weight of %d: suggests %d', (typed, last, suggestion) => {
    expect(weightJump(typed, last)).toEqual({ suggestion });
  });

  it.each([
    [54.2, 45], // transposed digits: no shift of the separator explains it
    [60, 45],
    [300, 45],
  ])('typed %d with a last weight of %d: asks with no suggestion', (typed, last) => {
    expect(weightJump(typed, last)).toEqual({ suggestion: null });
  });

  it('does not ask when the weight is within 15%', () => {
    expect(weightJump(46.3, 45)).toBeNull();
  });

  it('a suggestion is always a valid weight within 15% of the last one, and the typed digits shifted (property)', () => {
    const tenths = fc.integer({ min: 10, max: 5000 });
    fc.assert(
      fc.property(tenths, tenths, (typedTenths, lastTenths) => {
        const typed = typedTenths / 10;
        const last = lastTenths / 10;
        const jump = weightJump(typed, last);
        expect(jump === null).toBe(!isWeightJump(typed, last));
        if (!jump?.suggestion) return;
        const s = jump.suggestion;
        expect(s).toBeGreaterThanOrEqual(1);
        expect(s).toBeLessThanOrEqual(500);
        expect(Math.round(s * 10) / 10).toBe(s);
        expect(isWeightJump(s, last)).toBe(false);
        expect([typed / 10, typed * 10, typed / 100, typed * 100].some((c) => Math.abs(c - s) < 1e-9)).toBe(true);
        expect(Math.abs(s - last) / last).toBeLessThanOrEqual(WEIGHT_JUMP + 1e-9);
      }),
      { numRuns: 2000 },
    );
  });
});
