import { mixed, object, ref, string, type InferType } from 'yup';
import { PASSWORD_MAX, REGISTER_PASSWORD_MIN } from '../domain/credentials.ts';
import { isValidCpf } from '../domain/cpf.ts';
import { email, phone } from './clients.ts';
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
 * SPEC §2 /professor-cadastro: name, email, phone, CPF (check digits), password and its
 * confirmation, expertise, bio and an optional AI-provider key (sealed at rest, never returned).
 */
export const teacherRegistrationSchema = object({
  name: trimmed().required('validation.required').min(2, 'validation.nameMin').max(100, 'validation.tooLong'),
  email: email(),
  phone: phone().required('validation.required'),
  cpf: trimmed()
    .required('validation.required')
    .test('cpf', 'validation.cpfInvalid', (value) => value === undefined || isValidCpf(value))
    .transform((value: unknown) => (typeof value === 'string' ? value.replace(/\D/g, '') : value)),
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
