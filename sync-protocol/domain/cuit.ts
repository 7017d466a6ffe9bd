/**
 * Argentine CUIT/CUIL (tax and labour number) of a teacher (issue 17): 11 digits, written
 * 20-12345678-6 or without dashes; the last is a check digit: 11 minus the weighted sum of the
 * first ten (weights 5,4,3,2,7,6,5,4,3,2) mod 11, where 11 gives 0 and 10 is never issued.
 */
export const CUIT_DIGITS = 11;
const WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];

/** The digits of a typed CUIT ('20-12345678-6' → '20123456786'), at most 11. */
export const cuitDigits = (value: string) => value.replace(/\D/g, '').slice(0, CUIT_DIGITS);

export function isValidCuit(value: string): boolean {
  const trimmed = value.trim();
  if (!/^\d{2}-?\d{8}-?\d$/.test(trimmed)) return false;
  const digits = trimmed.replace(/-/g, '');
  const sum = WEIGHTS.reduce((total, weight, i) => total + weight * Number(digits[i]), 0);
  const check = 11 - (sum % 11);
  if (check === 10) return false;
  return (check === 11 ? 0 : check) === Number(digits[10]);
}

/** As typed into the form: '20123456786' → '20-12345678-6', partial input formatted as far as it goes. */
export function formatCuit(value: string): string {
  const d = cuitDigits(value);
  return [d.slice(0, 2), d.slice(2, 10), d.slice(10)].filter(Boolean).join('-');
}
