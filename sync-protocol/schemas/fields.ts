import { number, string, type ValidationError } from 'yup';
import { parseDecimal } from '../domain/decimal.ts';

/*
 * Field builders the schemas share. Messages are catalog keys (`validation.*`), translated by the
 * server for `details` and by the PWA for its forms.
 */

/** '' and null from a form mean "not given". */
export const blankToUndefined = (value: unknown, original: unknown) => (original === '' || original === null ? undefined : value);

/**
 * A string field, trimmed. yup's own `.trim()` calls `value.trim()` before its type check and
 * throws on an object; here a non-string is left alone and fails the type check with a 400.
 */
export const trimmed = () =>
  string()
    .typeError('validation.invalidType')
    .transform((value: unknown) => (typeof value === 'string' ? value.trim() : value));

/** Optional text: trimmed; blank (spaces only too) or null is "not given". */
export const text = (max: number) =>
  trimmed()
    .max(max, 'validation.tooLong')
    .transform((value: unknown, original: unknown) => (original === null || value === '' ? undefined : value));

/**
 * A number, or a string read as a plain decimal with "." or "," and at most `decimals` decimals
 * (domain/decimal.ts): never yup's own cast, which reads `'0x40'` as 64 and `'1e2'` as 100, and
 * `[1]` or `true` as numbers. Anything else fails with `message`.
 */
export const numeric = (decimals = Number.POSITIVE_INFINITY, message = 'validation.number') =>
  number()
    .typeError(message)
    .transform((value: unknown, original: unknown) => (original === undefined ? value : (parseDecimal(original, decimals) ?? Number.NaN)));

/** yup's own checks that have a catalog key saying the same; any other one is a value of the wrong kind. */
const LIBRARY_CHECK_KEYS: Readonly<Record<string, string>> = {
  required: 'validation.required',
  defined: 'validation.required',
  noUnknown: 'validation.unknownField',
  oneOf: 'validation.invalidOption',
  notOneOf: 'validation.invalidOption',
};

/**
 * The catalog key of one broken rule. Every rule the schemas write names its `validation.*` key;
 * a check yup makes by itself (a value of the wrong type, a null) words its refusal in English
 * ("upTo must be a `string` type…"), which no user or client program may see (issue 46).
 */
export function messageKeyOf(issue: ValidationError): string {
  const { message, type } = issue;
  if (typeof message === 'string' && message.startsWith('validation.')) return message;
  return LIBRARY_CHECK_KEYS[type ?? ''] ?? 'validation.invalidType';
}

/**
 * The first message (a catalog key) of each field of a failed validation, in the schema's order:
 * what a form shows under each field. An object-level message (an unknown field) is under ''.
 */
export function firstErrorPerField(error: ValidationError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.inner) errors[issue.path ?? ''] ??= messageKeyOf(issue);
  return errors;
}
