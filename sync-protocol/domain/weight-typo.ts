/**
 * "Did you mean …?" for a weight (issue 16, ADR 015). A weight more than 15% away from the last
 * one is asked about before it is saved: nobody gains or loses that much between two weigh-ins,
 * and a slip of the decimal separator ("452" for "45,2") is the usual cause. The likely intended
 * weight is the typed digits with the separator moved one or two places, when that lands within
 * 15% of the last weight.
 */
import { WEIGHT_MAX, WEIGHT_MIN } from '../mutations/fields.ts';

/** More than this fraction away from the last weight is asked about. */
export const WEIGHT_JUMP = 0.15;

/** Weights have one decimal: compare them as whole tenths, free of floating-point error. */
const tenths = (weight: number) => Math.round(weight * 10);

/** Whether `typed` is more than 15% away from `last` (exactly 15% is not). */
export function isWeightJump(typed: number, last: number | null): boolean {
  if (last === null || !(last > 0)) return false;
  // |typed − last| / last > 15/100, in integers: 100 · |Δ| > 15 · last.
  return Math.abs(tenths(typed) - tenths(last)) * 100 > WEIGHT_JUMP * 100 * tenths(last);
}

/**
 * null when `typed` needs no question; otherwise the question's suggestion: the typed digits
 * with the separator moved (452 → 45,2; 4,5 → 45) closest to `last`, or null when no such move
 * gives a weight within 15% of it (then the question only asks to confirm).
 */
export function weightJump(typed: number, last: number | null): { suggestion: number | null } | null {
  if (!isWeightJump(typed, last)) return null;
  const typedTenths = tenths(typed);
  let best: number | null = null;
  // The separator one or two places to the left (÷10, ÷100) or to the right (×10, ×100).
  for (const [times, divide] of [[1, 10], [1, 100], [10, 1], [100, 1]] as const) {
    if ((typedTenths * times) % divide !== 0) continue; // would need a second decimal
    const candidate = (typedTenths * times) / divide / 10;
    if (candidate < WEIGHT_MIN || candidate > WEIGHT_MAX || isWeightJump(candidate, last)) continue;
    if (best === null || Math.abs(candidate - (last as number)) < Math.abs(best - (last as number))) best = candidate;
  }
  return { suggestion: best };
}
