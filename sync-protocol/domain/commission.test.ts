import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { commissionOf } from './commission.ts';

describe('commissionOf', () => {
  it('pays 70% of each plan price in minor units, rounding a fraction of a cent down', () => {
    expect(commissionOf(1190)).toBe(833); // BRL 11.90 → 8.33
    expect(commissionOf(8990)).toBe(6293); // BRL 89.90 → 62.93
    expect(commissionOf(29990)).toBe(20993); // BRL 299.90 → 209.93
    expect(commissionOf(1150000)).toBe(805000); // ARS 11500 → 8050 (cents, shown without decimals)
    expect(commissionOf(999)).toBe(699); // USD 9.99 → 6.993 → 6.99
    expect(commissionOf(2499)).toBe(1749); // USD 24.99 → 17.493 → 17.49
    expect(commissionOf(7999)).toBe(5599); // USD 79.99 → 55.993 → 55.99
  });

  it('gives nothing for a trial or an invalid amount', () => {
    for (const price of [0, -100, 1.5, Number.NaN]) expect(commissionOf(price)).toBe(0);
  });

  it('never exceeds 70% and is never a cent short of it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), (price) => {
        const commission = commissionOf(price);
        expect(commission * 100).toBeLessThanOrEqual(price * 70);
        expect((commission + 1) * 100).toBeGreaterThan(price * 70);
      }),
    );
  });
});
