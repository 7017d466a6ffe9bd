import { number, string } from 'yup';

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

export const text = (max: number) => trimmed().max(max, 'validation.tooLong').transform(blankToUndefined);

/** A number or a numeric string; yup alone would also cast `[1]` or `true` to a number. */
export const numeric = () =>
  number()
    .typeError('validation.number')
    .transform((value: unknown, original: unknown) =>
      original === undefined || typeof original === 'number' || typeof original === 'string' ? value : Number.NaN,
    );

