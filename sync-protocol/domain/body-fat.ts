/**
 * The U.S. Navy circumference estimate of body fat (Hodgdon & Beckett 1984, the formulas of DoD
 * Instruction 1308.3): a tape measure instead of calipers or a scan. Measurements are stored in
 * centimetres (ADR 020) but the formulas were fitted in inches, so they are used in inches; the
 * metric form often quoted (495 / (1.0324 − …) − 450) is a later re-fit that differs by a few
 * tenths, and two screens using different forms would disagree.
 */

import { CM_PER_INCH } from './units.ts';

export type NavySex = 'male' | 'female';

export interface NavyBodyFatInput {
  sex: NavySex;
  heightCm: number;
  neckCm: number;
  waistCm: number;
  /** Needed for women only; ignored for men. */
  hipCm?: number | null;
}

/** Outside this range the tape was misread or mistyped: no living body measures there. */
const MIN_PERCENT = 2;
const MAX_PERCENT = 75;

const isMeasure = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0;

const roundTo1 = (value: number) => Math.round(value * 10) / 10;

/**
 * Body fat in percent, to 0.1, or null when it cannot be estimated: a woman without a hip
 * measure, a measure that is missing, zero or negative, a neck as wide as the waist (the
 * logarithm is undefined), or a result no body has.
 */
export function navyBodyFatPercent(input: NavyBodyFatInput): number | null {
  const { sex, heightCm, neckCm, waistCm, hipCm } = input;
  if (!isMeasure(heightCm) || !isMeasure(neckCm) || !isMeasure(waistCm)) return null;
  const height = heightCm / CM_PER_INCH;
  const neck = neckCm / CM_PER_INCH;
  const waist = waistCm / CM_PER_INCH;

  let percent: number;
  if (sex === 'male') {
    const girth = waist - neck;
    if (!(girth > 0)) return null;
    percent = 86.01 * Math.log10(girth) - 70.041 * Math.log10(height) + 36.76;
  } else if (sex === 'female') {
    if (!isMeasure(hipCm)) return null;
    const girth = waist + hipCm / CM_PER_INCH - neck;
    if (!(girth > 0)) return null;
    percent = 163.205 * Math.log10(girth) - 97.684 * Math.log10(height) - 78.387;
  } else {
    // Reached only from untyped data (a stored value that is neither).
    return null;
  }

  const rounded = roundTo1(percent);
  // Checked after rounding, so whatever is shown is inside the range.
  if (!Number.isFinite(rounded) || rounded < MIN_PERCENT || rounded > MAX_PERCENT) return null;
  return rounded;
}
