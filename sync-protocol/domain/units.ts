/**
 * Units of measure (ADR 020). Weights are stored in kg and heights in cm; a person in the US
 * types and reads pounds and feet + inches. Conversions are exact by definition (1 lb =
 * 0.45359237 kg, 1 in = 2.54 cm) and rounded so that what was typed reads back unchanged:
 * a weight typed to 0.1 lb is kept to 0.01 kg (0.022 lb, under the half step), a height typed in
 * whole inches to 0.1 cm (0.04 in).
 */

export const UNIT_SYSTEMS = ['metric', 'us'] as const;
export type UnitSystem = (typeof UNIT_SYSTEMS)[number];

export const KG_PER_LB = 0.45359237;
export const CM_PER_INCH = 2.54;
export const INCHES_PER_FOOT = 12;

/** A country's usual system: the default until the person picks one. */
export function unitSystemOfCountry(countryCode: string): UnitSystem {
  return countryCode === 'US' ? 'us' : 'metric';
}

export function isUnitSystem(value: unknown): value is UnitSystem {
  return value === 'metric' || value === 'us';
}

const round = (value: number, decimals: number) => {
  const scale = 10 ** decimals;
  return Math.round(value * scale) / scale;
};

/** Pounds (to 0.1) as the kilograms stored, to 0.01. */
export const kgFromLb = (lb: number) => round(lb * KG_PER_LB, 2);

/** Stored kilograms as pounds to 0.1: the inverse of `kgFromLb` on every 0.1 lb step. */
export const lbFromKg = (kg: number) => round(kg / KG_PER_LB, 1);

/**
 * Whether a stored weight is one a person can have typed: a 0.1 kg step, or a 0.1 lb step kept to
 * 0.01 kg. `84.25` is neither (84.2 or 84.23 are), so the one weight rule (ADR 015) still
 * refuses it rather than storing what nobody typed.
 */
export function isTypedWeight(kg: number): boolean {
  if (!Number.isFinite(kg)) return false;
  if (round(kg, 1) === kg) return true;
  return kgFromLb(lbFromKg(kg)) === kg;
}

/** Whole inches as the centimetres stored, to 0.1. */
export const cmFromInches = (inches: number) => round(inches * CM_PER_INCH, 1);

/**
 * A tape measurement typed to 0.1 in, as the centimetres stored, to 0.01 (issue 21): 0.01 cm is
 * 0.004 in, under the half step, so the inches typed read back unchanged.
 */
export const cmFromTenthsOfInch = (inches: number) => round(inches * CM_PER_INCH, 2);

/** Stored centimetres as inches to 0.1: the inverse of `cmFromTenthsOfInch` on every 0.1 in step. */
export const inchesFromCm = (cm: number) => round(cm / CM_PER_INCH, 1);

/** Stored centimetres as feet and whole inches (5 ft 6 in); 11.6 in rounds up to the next foot. */
export function feetAndInchesFromCm(cm: number): { feet: number; inches: number } {
  const total = Math.round(cm / CM_PER_INCH);
  return { feet: Math.floor(total / INCHES_PER_FOOT), inches: total % INCHES_PER_FOOT };
}
