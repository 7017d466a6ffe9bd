import { mixed, object, ref, string, type InferType } from 'yup';
import { PASSWORD_MAX, REGISTER_PASSWORD_MIN } from '../domain/credentials.ts';
import { COUNTRY_CODES, normalizeCountryCode, type CountryCode } from '../domain/client-enums.ts';
import { taxIdProblem, type TaxIdField } from '../domain/tax-id.ts';
import { email, enumField, phone } from './clients.ts';
import { text, trimmed } from './fields.ts';
import { CURRENCY_CODES, type CurrencyCode } from '../domain/plans.ts';
import { REFERRAL_CODE } from '../domain/referral.ts';

/** SPEC §5 referral code edit: not empty, then 3–15 letters and digits; typed in any case, stored upper case. */
export const referralCodeUpdateSchema = object({
  code: string()
    .typeError('validation.invalidType')
    .transform((value: unknown) => (typeof value === 'string' ? value.trim().toUpperCase() : value))
    .required('validation.referralCodeRequired')
    .matches(REFERRAL_CODE, 'validation.referralCodeFormat'),
}).noUnknown(true, 'validation.unknownField');

export type ReferralCodeUpdate = InferType<typeof referralCodeUpdateSchema>;

/** POST /api/teacher/payouts: the whole available balance of one currency. */
export const payoutRequestSchema = object({
  currency: mixed<CurrencyCode>().oneOf(CURRENCY_CODES, 'validation.invalidOption').required('validation.required'),
}).noUnknown(true, 'validation.unknownField');

/** POST /api/admin/payouts/:id/status: where an admin moves a payout. */
export const payoutStatusSchema = object({
  status: mixed<'processing' | 'completed' | 'rejected'>().oneOf(['processing', 'completed', 'rejected'] as const, 'validation.invalidOption').required('validation.required'),
}).noUnknown(true, 'validation.unknownField');

/**
 * A teacher's tax number, kept as its digits, checked by the rule of their country
 * (domain/tax-id.ts). A CUIT may be written with dashes; a CPF with its dots and dash.
 */
const taxId = (field: TaxIdField, separators: RegExp) =>
  trimmed()
    .transform((value: unknown) => (typeof value === 'string' ? value.replace(separators, '') : value))
    .test(field, (value, context) => {
      const problem = taxIdProblem((context.parent as { countryCode: CountryCode }).countryCode, field, value);
      return problem === null || context.createError({ message: problem });
    });

/**
 * SPEC §2 /professor-cadastro: name, email, phone, the teacher's country and its tax number (a
 * CPF in Brazil, a CUIT/CUIL in Argentina, none in the US: issue 17), password and its
 * confirmation, expertise, bio and an optional AI-provider key (sealed at rest, never returned).
 * A client of before the country was asked sends none: Brazil, as it was.
 */
export const teacherRegistrationSchema = object({
  countryCode: enumField(COUNTRY_CODES, normalizeCountryCode).default('BR'),
  name: trimmed().required('validation.required').min(2, 'validation.nameMin').max(100, 'validation.tooLong'),
  email: email(),
  phone: phone().required('validation.required'),
  cpf: taxId('cpf', /\D/g),
  cuit: taxId('cuit', /[\s-]/g),
  password: string().typeError('validation.invalidType').required('validation.required').min(REGISTER_PASSWORD_MIN, 'validation.passwordMinRegister').max(PASSWORD_MAX, 'validation.passwordMax'),
  confirmPassword: string().typeError('validation.invalidType').required('validation.required').oneOf([ref('password')], 'validation.passwordMismatch'),
  expertise: text(200),
  bio: text(2000),
  aiKey: text(300),
}).noUnknown(true, 'validation.unknownField');

export type TeacherRegistrationInput = InferType<typeof teacherRegistrationSchema>;

/** PUT /api/teacher/ai-key: a new key, or null / '' to remove the stored one. */
export const aiKeyUpdateSchema = object({
  aiKey: text(300).nullable(),
}).noUnknown(true, 'validation.unknownField');
