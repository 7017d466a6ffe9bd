/**
 * The tax number a teacher registers with depends on their country (issue 17, ADR 019): a CPF
 * in Brazil, a CUIT/CUIL in Argentina, none in the US. The one rule of the form and the server.
 */
import type { CountryCode } from './client-enums.ts';
import { isValidCpf } from './cpf.ts';
import { isValidCuit } from './cuit.ts';

export type TaxIdField = 'cpf' | 'cuit';

export const TEACHER_TAX_ID: Record<CountryCode, TaxIdField | null> = { BR: 'cpf', AR: 'cuit', US: null };

const VALID: Record<TaxIdField, (value: string) => boolean> = { cpf: isValidCpf, cuit: isValidCuit };

/**
 * What is wrong with `value` as the `field` of a teacher of `country`, as a catalog key; null when
 * it is right or when that country does not ask for that number (it is then not kept).
 */
export function taxIdProblem(country: CountryCode, field: TaxIdField, value: string | null | undefined): string | null {
  if (TEACHER_TAX_ID[country] !== field) return null;
  if (!value) return 'validation.required';
  return VALID[field](value) ? null : `validation.${field}Invalid`;
}
