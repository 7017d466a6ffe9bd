/**
 * A teacher's commission on a referred student's paid subscription (SPEC §1, §9): 70% of the
 * price paid, in its currency, in integer minor units. The rule for a fraction of a cent (or of a
 * peso) is to round down: the platform never pays out more than 70%, and the sum of a teacher's
 * entries is exactly what the ledger shows.
 */
export const COMMISSION_PERCENT = 70;

/** SPEC §9: a payout needs at least 50 in the currency (5000 cents), unless configured otherwise per currency. */
export const DEFAULT_MINIMUM_PAYOUT_MINOR = 5_000;

export function commissionOf(priceMinor: number, percent: number = COMMISSION_PERCENT): number {
  if (!Number.isSafeInteger(priceMinor) || priceMinor <= 0) return 0;
  return Math.floor((priceMinor * percent) / 100);
}
