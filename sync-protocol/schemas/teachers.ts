import { mixed, object, string, type InferType } from 'yup';
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
