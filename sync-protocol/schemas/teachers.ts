import { object, string, type InferType } from 'yup';
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
