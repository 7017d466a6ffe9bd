/**
 * Brazilian CPF (taxpayer number) of a teacher (SPEC §2 /professor-cadastro): 11 digits whose
 * last two are check digits (mod 11, weights 10..2 then 11..2). A number of one repeated digit
 * passes the arithmetic but is not issued, so it is refused too.
 */
export const CPF_DIGITS = 11;

/** The digits of a typed CPF ('123.456.789-09' → '12345678909'), at most 11. */
export const cpfDigits = (value: string) => value.replace(/\D/g, '').slice(0, CPF_DIGITS);

function checkDigit(digits: string, length: number): number {
  let sum = 0;
  for (let i = 0; i < length; i++) sum += Number(digits[i]) * (length + 1 - i);
  const rest = (sum * 10) % 11;
  return rest === 10 ? 0 : rest;
}

export function isValidCpf(value: string): boolean {
  const digits = value.replace(/[.\-\s]/g, '');
  if (!/^\d{11}$/.test(digits) || /^(\d)\1{10}$/.test(digits)) return false;
  return checkDigit(digits, 9) === Number(digits[9]) && checkDigit(digits, 10) === Number(digits[10]);
}

/** As typed into the form: '12345678909' → '123.456.789-09', partial input formatted as far as it goes. */
export function formatCpf(value: string): string {
  const d = cpfDigits(value);
  return [d.slice(0, 3), d.slice(3, 6), d.slice(6, 9)].filter(Boolean).join('.') + (d.length > 9 ? `-${d.slice(9)}` : '');
}
