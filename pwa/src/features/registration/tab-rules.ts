import { parseDecimal } from '#protocol/domain/decimal.ts';

/**
 * SPEC §2 registration wizard rules: moving forward needs the current tab's required fields
 * (personal: name, email, password; physical: current weight above 0; goals: target weight and
 * weekly goal above 0); going back is always allowed; jumping past an incomplete tab is blocked.
 */
export const REGISTRATION_TABS = ['personal', 'physical', 'goals'] as const;
export type RegistrationTab = (typeof REGISTRATION_TABS)[number];

export interface TabValues {
  name: string;
  email: string;
  password: string;
  currentWeight: string;
  targetWeight: string;
  weeklyWeightGoal: string;
}

/**
 * Reads a form number as the server will (ADR 015): a plain decimal with "." or ","; NaN for
 * anything else, hex and exponents included. How many decimals a field takes is the schema's.
 */
export const formNumber = (value: string): number => parseDecimal(value, Number.POSITIVE_INFINITY) ?? Number.NaN;

export function tabComplete(tab: RegistrationTab, values: TabValues): boolean {
  switch (tab) {
    case 'personal':
      return values.name.trim() !== '' && values.email.trim() !== '' && values.password !== '';
    case 'physical':
      return formNumber(values.currentWeight) > 0;
    case 'goals':
      return formNumber(values.targetWeight) > 0 && formNumber(values.weeklyWeightGoal) > 0;
  }
}

/** Whether the user may go from tab `from` to tab `to` (indexes). */
export function canOpenTab(from: number, to: number, values: TabValues): boolean {
  if (to <= from) return true;
  return REGISTRATION_TABS.slice(0, to).every((tab) => tabComplete(tab, values));
}

/** Above this weekly goal the form warns (SPEC §2: at most 1.0 kg per week is recommended). */
export const WEEKLY_GOAL_WARNING_ABOVE = 1;
