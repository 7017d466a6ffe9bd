import { array, boolean, lazy, mixed, object, ref, string, type InferType, type Schema } from 'yup';
import {
  ACTIVITY_LEVELS,
  COUNTRY_CODES,
  DIETARY_RESTRICTIONS,
  GENDERS,
  GOAL_TYPES,
  MEDICAL_CONDITIONS,
  TIME_FRAMES,
  normalizeActivityLevel,
  normalizeCountryCode,
  normalizeDietaryRestriction,
  normalizeGender,
  normalizeGoalType,
  normalizeMedicalCondition,
  normalizeTimeFrame,
} from '../domain/client-enums.ts';
import { isLocalDate, parseInstant } from '../domain/calendar.ts';
import { WEEKDAYS, type Weekday } from '../domain/check-ins.ts';
import { canonicalTimeZone, isWallTime, NOTICE_KINDS, type NoticeChoicesChange } from '../domain/notice-choices.ts';
import { EMAIL_MAX, EMAIL_PATTERN, LOGIN_PASSWORD_MIN, PASSWORD_MAX, REGISTER_PASSWORD_MIN } from '../domain/credentials.ts';
import { REFERRAL_CODE } from '../domain/referral.ts';
import { LOCALES, toLocale } from '../i18n/locales.ts';
import { STORED_WEIGHT_DECIMALS } from '../mutations/fields.ts';
import { isTypedWeight, isUnitSystem, UNIT_SYSTEMS } from '../domain/units.ts';
import { blankToUndefined, numeric, text, trimmed } from './fields.ts';

/*
 * Messages are catalog keys (`validation.*`), translated by the server for `details` and by the
 * PWA for its forms, so both sides say the same thing in the user's language.
 */

const optionalNumber = (decimals?: number, message?: string) => numeric(decimals, message).transform(blankToUndefined);

const requiredNumber = (decimals?: number, message?: string) => numeric(decimals, message).required('validation.required');

/**
 * Weights are read as the weight record reads them (mutations/fields.ts, ADR 015): kg with one
 * decimal, "." or ",", or the kg a 0.1 lb step is kept as (ADR 020); each form keeps its own
 * SPEC §5 bounds.
 */
const typedWeight = <S extends ReturnType<typeof numeric>>(schema: S) =>
  schema.test('typed-weight', 'validation.weightInvalid', (value) => value === undefined || value === null || isTypedWeight(value));
const optionalWeight = () => typedWeight(optionalNumber(STORED_WEIGHT_DECIMALS, 'validation.weightInvalid'));
const requiredWeight = () => typedWeight(requiredNumber(STORED_WEIGHT_DECIMALS, 'validation.weightInvalid'));
/** Height in cm with one decimal at most; the weekly goal in kg with two (0.25 kg a week). */
const HEIGHT_DECIMALS = 1;
const WEEKLY_GOAL_DECIMALS = 2;

/** Enum field: any accepted reading is folded to the canonical value before `oneOf`. */
export const enumField = <T extends string>(canon: readonly T[], normalize: (v: unknown) => T | undefined) =>
  string()
    .typeError('validation.invalidOption')
    .transform((value, original) => (original === '' || original === null ? undefined : normalize(original) ?? value))
    .oneOf([...canon], 'validation.invalidOption');

const enumList = <T extends string>(canon: readonly T[], normalize: (v: unknown) => T | undefined) =>
  array()
    .of(enumField(canon, normalize).required('validation.invalidOption'))
    .max(canon.length, 'validation.invalidOption')
    .typeError('validation.invalidOption');

const birthDate = () =>
  string()
    .typeError('validation.invalidDate')
    .transform(blankToUndefined)
    .test('real-past-date', 'validation.invalidDate', (value) => {
      if (value === undefined) return true;
      const midnight = isLocalDate(value) ? parseInstant(`${value}T00:00:00.000Z`) : null;
      if (midnight === null) return false;
      const age = (Date.now() - midnight) / (365.25 * 24 * 3600 * 1000);
      return age >= 0 && age <= 120;
    });

export const email = () =>
  trimmed()
    .transform((value: unknown) => (typeof value === 'string' ? value.toLowerCase() : value))
    .required('validation.required')
    .max(EMAIL_MAX, 'validation.emailInvalid')
    .matches(EMAIL_PATTERN, { message: 'validation.emailInvalid', excludeEmptyString: true });

/** Optional; `null` clears a phone given before (a client may take it back), '' means unchanged. */
export const phone = () =>
  trimmed()
    .max(30, 'validation.tooLong')
    .nullable()
    .transform((value: unknown) => (value === '' ? undefined : value))
    .matches(/^[+()\d\s.-]*$/, { message: 'validation.phoneInvalid', excludeEmptyString: true });

const language = () =>
  string()
    .typeError('validation.invalidOption')
    .transform((value, original) => (original === '' || original === null ? undefined : toLocale(original) ?? value))
    .oneOf([...LOCALES], 'validation.invalidOption');

/** Optional free-text and history fields shared by registration and profile. */
const profileExtras = {
  phone: phone(),
  birthDate: birthDate(),
  gender: enumField(GENDERS, normalizeGender),
  timeFrame: enumField(TIME_FRAMES, normalizeTimeFrame),
  motivation: text(1000),
  previousAttempts: text(1000),
  highestWeight: optionalWeight().moreThan(20, 'validation.weightRangeWide').max(500, 'validation.weightRangeWide'),
  lowestWeight: optionalWeight().moreThan(20, 'validation.weightRangeWide').max(500, 'validation.weightRangeWide'),
  dietaryRestrictions: enumList(DIETARY_RESTRICTIONS, normalizeDietaryRestriction),
  medicalConditions: enumList(MEDICAL_CONDITIONS, normalizeMedicalCondition),
  activityLevel: enumField(ACTIVITY_LEVELS, normalizeActivityLevel),
  goalType: enumField(GOAL_TYPES, normalizeGoalType),
  countryCode: enumField(COUNTRY_CODES, normalizeCountryCode),
  preferredLanguage: language(),
  /** kg and cm, or lb and ft + in (ADR 020); by default the country's. Measures travel in kg and cm either way. */
  unitSystem: enumField(UNIT_SYSTEMS, (value) => (typeof value === 'string' && isUnitSystem(value.trim().toLowerCase()) ? (value.trim().toLowerCase() as (typeof UNIT_SYSTEMS)[number]) : undefined)),
  /** SPEC §3: preferredLanguage is "also called language". */
  language: language(),
};

/** SPEC §5 registration: the bounds are strict (greater than / less than). */
export const registerClientSchema = object({
  name: trimmed().required('validation.required').min(2, 'validation.nameMin').max(100, 'validation.tooLong'),
  email: email(),
  password: string().typeError('validation.invalidType').required('validation.required').min(REGISTER_PASSWORD_MIN, 'validation.passwordMinRegister').max(PASSWORD_MAX, 'validation.passwordMax'),
  height: requiredNumber(HEIGHT_DECIMALS).moreThan(100, 'validation.heightMin').lessThan(250, 'validation.heightMax'),
  currentWeight: requiredWeight().moreThan(30, 'validation.weightMin').lessThan(300, 'validation.weightMax'),
  targetWeight: requiredWeight().moreThan(30, 'validation.targetMin').lessThan(300, 'validation.targetMax'),
  weeklyWeightGoal: requiredNumber(WEEKLY_GOAL_DECIMALS).min(0.1, 'validation.weeklyGoalMin').max(2, 'validation.weeklyGoalMax'),
  /** From a teacher's referral link (SPEC §5): 3–15 letters and digits, stored upper case. */
  referralCode: string()
    .typeError('validation.invalidType')
    .transform((value: unknown) => (typeof value === 'string' ? value.trim().toUpperCase() : value))
    .matches(REFERRAL_CODE, { message: 'validation.referralCodeFormat', excludeEmptyString: true })
    .optional(),
  ...profileExtras,
  /**
   * The LGPD consent for health data (issue 22, part 4): given only by ticking its own box, never
   * assumed. Without it an account is made, and medical conditions are not taken.
   */
  healthDataConsent: boolean().typeError('validation.invalidType').optional(),
  /** The language of the interface the consent's wording was read in; without it, the request's. */
  healthConsentLocale: language(),
  medicalConditions: profileExtras.medicalConditions.test('health-consent', 'validation.healthConsentRequired', function (conditions) {
    return !conditions?.length || this.parent.healthDataConsent === true;
  }),
})
  .noUnknown(true, 'validation.unknownField')
  .strict(false);

export type RegisterClientInput = InferType<typeof registerClientSchema>;

/**
 * Giving the consent for health data in Settings (ADR 028): the language of the interface its
 * wording was read in, which the record keeps. Optional: an app from before it sends no body, and
 * the request's language is recorded.
 */
export const healthConsentSchema = object({ locale: language() }).noUnknown(true, 'validation.unknownField').strict(false);

/** SPEC §5 login: the password minimum is 6 here, 8 at registration. */
export const loginSchema = object({
  email: email(),
  password: string().typeError('validation.invalidType').required('validation.required').min(LOGIN_PASSWORD_MIN, 'validation.passwordMinLogin').max(PASSWORD_MAX, 'validation.passwordMax'),
}).noUnknown(true, 'validation.unknownField');

export type LoginInput = InferType<typeof loginSchema>;

/** A password change proves the current password again; the new one follows registration's rules. */
export const passwordChangeSchema = object({
  currentPassword: string().typeError('validation.invalidType').required('validation.required').max(PASSWORD_MAX, 'validation.passwordMax'),
  newPassword: string().typeError('validation.invalidType').required('validation.required').min(REGISTER_PASSWORD_MIN, 'validation.passwordMinRegister').max(PASSWORD_MAX, 'validation.passwordMax'),
  confirmPassword: string().typeError('validation.invalidType').required('validation.required').oneOf([ref('newPassword')], 'validation.passwordMismatch'),
}).noUnknown(true, 'validation.unknownField');

export type PasswordChangeInput = InferType<typeof passwordChangeSchema>;

/** "Forgot password": only an address; the answer is the same whether it has an account (ADR 017). */
export const passwordResetRequestSchema = object({
  email: email(),
}).noUnknown(true, 'validation.unknownField');

/** Setting a new password from a reset link; the new one follows registration's rules. */
export const passwordResetConfirmSchema = object({
  token: string().typeError('validation.invalidType').required('validation.required').max(PASSWORD_MAX, 'validation.invalidType'),
  newPassword: string().typeError('validation.invalidType').required('validation.required').min(REGISTER_PASSWORD_MIN, 'validation.passwordMinRegister').max(PASSWORD_MAX, 'validation.passwordMax'),
  confirmPassword: string().typeError('validation.invalidType').required('validation.required').oneOf([ref('newPassword')], 'validation.passwordMismatch'),
}).noUnknown(true, 'validation.unknownField');

export type PasswordResetConfirmInput = InferType<typeof passwordResetConfirmSchema>;

/**
 * In a profile update `null` takes an optional answer back (issue 17: an emptied phone or
 * motivation is cleared on every device, not dropped); a blank form field ('') still means
 * "unchanged". At registration `null` means "not given", as before.
 */
const clearable = <T>(schema: Schema<T>) =>
  lazy((value: unknown) => (value === null ? mixed().nullable() : schema)) as unknown as Schema<Exclude<T, undefined> | null | undefined>;

/** A required answer cannot be taken back: `null` is refused as missing, not ignored. */
const notClearable = <S extends Schema>(schema: S) =>
  lazy((value: unknown) => (value === null ? mixed().nullable().test('not-cleared', 'validation.required', () => false) : schema)) as unknown as S;

/** A time of day as `HH:MM` (the weigh-in reminder, quiet hours). */
const wallTime = () => string().typeError('validation.invalidOption').test('wall-time', 'validation.invalidOption', (value) => value === undefined || isWallTime(value));

/** An IANA zone the runtime knows, kept by its canonical name. */
const timeZone = () =>
  string()
    .typeError('validation.invalidOption')
    .transform((value: string) => canonicalTimeZone(value) ?? value)
    .test('time-zone', 'validation.invalidOption', (value) => value === undefined || canonicalTimeZone(value) === value);

/** Weekdays, 0 Sunday … 6 Saturday, each once; none turns the reminder off on every day. */
const weekdays = () =>
  array()
    .typeError('validation.invalidOption')
    .of(mixed<Weekday>().oneOf([...WEEKDAYS], 'validation.invalidOption').required('validation.invalidOption'))
    .max(7, 'validation.invalidOption')
    .test('each-once', 'validation.invalidOption', (days) => days === undefined || new Set(days).size === days.length);

/** Switches per kind and channel (ADR 032): only the kinds that exist, each channel a true boolean. */
const noticeChoice = object({
  push: boolean().strict().typeError('validation.invalidType'),
  email: boolean().strict().typeError('validation.invalidType'),
})
  .noUnknown(true, 'validation.unknownField')
  .typeError('validation.invalidType')
  .default(undefined);
const noticeChoices = () =>
  object(Object.fromEntries(NOTICE_KINDS.map((kind) => [kind, noticeChoice])))
    .noUnknown(true, 'validation.unknownField')
    .typeError('validation.invalidType')
    .default(undefined) as unknown as Schema<NoticeChoicesChange | undefined>;

/**
 * SPEC §5 profile form: every field optional; a given name or email must be valid; the bounds are
 * inclusive (height 100 to 250, weights 30 to 300). Role, password and ids are not fields here:
 * sending them is an unknown-field error, so nobody can raise their own role.
 */
export const profileUpdateSchema = object({
  name: notClearable(trimmed().min(2, 'validation.nameMin').max(100, 'validation.tooLong')),
  email: notClearable(email().notRequired()),
  height: notClearable(optionalNumber(HEIGHT_DECIMALS).min(100, 'validation.heightMin').max(250, 'validation.heightMax')),
  currentWeight: notClearable(optionalWeight().min(30, 'validation.weightMin').max(300, 'validation.weightMax')),
  targetWeight: notClearable(optionalWeight().min(30, 'validation.targetMin').max(300, 'validation.targetMax')),
  weeklyWeightGoal: notClearable(optionalNumber(WEEKLY_GOAL_DECIMALS).min(0.1, 'validation.weeklyGoalMin').max(2, 'validation.weeklyGoalMax')),
  phone: clearable(profileExtras.phone),
  birthDate: clearable(profileExtras.birthDate),
  gender: clearable(profileExtras.gender),
  timeFrame: clearable(profileExtras.timeFrame),
  motivation: clearable(profileExtras.motivation),
  previousAttempts: clearable(profileExtras.previousAttempts),
  highestWeight: clearable(profileExtras.highestWeight),
  lowestWeight: clearable(profileExtras.lowestWeight),
  dietaryRestrictions: profileExtras.dietaryRestrictions,
  medicalConditions: profileExtras.medicalConditions,
  activityLevel: notClearable(profileExtras.activityLevel),
  goalType: notClearable(profileExtras.goalType),
  countryCode: notClearable(profileExtras.countryCode),
  preferredLanguage: notClearable(profileExtras.preferredLanguage),
  unitSystem: notClearable(profileExtras.unitSystem),
  language: notClearable(profileExtras.language),
  // What the person is told, when and where (issue 50, ADR 032).
  notices: notClearable(noticeChoices()),
  timeZone: notClearable(timeZone()),
  weighInTime: notClearable(wallTime()),
  weighInDays: notClearable(weekdays()),
  quietStart: notClearable(wallTime()),
  quietEnd: notClearable(wallTime()),
}).noUnknown(true, 'validation.unknownField');

export type ProfileUpdateInput = InferType<typeof profileUpdateSchema>;
