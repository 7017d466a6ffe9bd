/**
 * Referral codes (SPEC §5, §9): 3 to 15 letters and digits, stored upper case. A link carries one
 * into registration; the teacher programme attaches the new client to the code's teacher.
 */
export const REFERRAL_CODE = /^[A-Z0-9]{3,15}$/;

/** SPEC §9: a referral is remembered for 30 days after the link was visited. */
export const REFERRAL_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** ' abc12 ' → 'ABC12'; anything that is not a valid code → null. */
export function normalizeReferralCode(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const code = value.trim().toUpperCase();
  return REFERRAL_CODE.test(code) ? code : null;
}
