/**
 * Referral codes (SPEC §5, §9): 3 to 15 letters and digits, stored upper case. A link carries one
 * into registration; the teacher programme attaches the new client to the code's teacher.
 */
export const REFERRAL_CODE = /^[A-Z0-9]{3,15}$/;

/** SPEC §9: a referral is remembered for 30 days after the link was visited. */
export const REFERRAL_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * The referral tab's rate (ADR 013): conversions are clicking browsers that became paying
 * students, so they are a part of the clicks and the rate is a fraction from 0 to 1; 0 with no clicks.
 */
export function conversionRate(clicks: number, conversions: number): number {
  return clicks === 0 ? 0 : conversions / clicks;
}

/** ' abc12 ' → 'ABC12'; anything that is not a valid code → null. */
export function normalizeReferralCode(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const code = value.trim().toUpperCase();
  return REFERRAL_CODE.test(code) ? code : null;
}
