import { describe, expect, it } from 'vitest';
import { normalizeReferralCode } from './referral.ts';

describe('normalizeReferralCode', () => {
  it('keeps 3 to 15 letters and digits, upper case', () => {
    expect(normalizeReferralCode(' prof123 ')).toBe('PROF123');
    expect(normalizeReferralCode('ABC')).toBe('ABC');
    expect(normalizeReferralCode('A'.repeat(15))).toBe('A'.repeat(15));
  });

  it('refuses anything else', () => {
    for (const value of ['AB', 'A'.repeat(16), 'PROF-1', 'PRÓF1', 'a b c', '', null, 42, undefined]) expect(normalizeReferralCode(value)).toBeNull();
  });
});
