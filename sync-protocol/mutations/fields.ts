/**
 * Field rules shared by the sync mutations, the REST bodies and the PWA forms. Plain functions
 * rather than yup: a push validates up to a thousand mutations per request, and these run in
 * about a microsecond each (yup takes ~27 µs per envelope here). Failures carry `validation.*`
 * catalog keys, like the yup schemas.
 */

import { isLocalDate, parseInstant } from '../domain/calendar.ts';
import { parseDecimal } from '../domain/decimal.ts';
import { isTypedWeight } from '../domain/units.ts';
import type { ArgSchema } from './mutator.ts';

export type Checked<T> = { ok: true; value: T } | { ok: false; key: string };

const ok = <T>(value: T): Checked<T> => ({ ok: true, value });
const fail = (key: string): Checked<never> => ({ ok: false, key });
/** An emptied field: null, or text of nothing but spaces. */
export const isBlank = (value: unknown) => value === null || (typeof value === 'string' && value.trim() === '');

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
export const DEVICE_ID = /^[A-Za-z0-9_-]{8,64}$/;

export const WEIGHT_MIN = 1;
export const WEIGHT_MAX = 500;
export const NOTES_MAX = 500;

/** A weight typed in kg has one decimal at most: the 0.1 kg step of SPEC §5. */
export const WEIGHT_DECIMALS = 1;
/** Stored kg have two at most: a weight typed to 0.1 lb is kept to 0.01 kg (ADR 020). */
export const STORED_WEIGHT_DECIMALS = 2;

/**
 * SPEC §5 weight record: required ('Por favor, informe seu peso atual.'), then a valid weight
 * ('Por favor, informe um peso válido.'): 1 to 500 kg in steps of 0.1. The one rule of REST, the
 * sync push and the forms (ADR 015): a plain decimal with "." or "," (`' 84,2 '` is 84.2), or a
 * finite JSON number with one decimal at most — or the kg a 0.1 lb step is kept as (ADR 020).
 * Never rounded: `84.25` or `0.04` is refused rather than stored as something nobody typed.
 */
export function checkWeight(value: unknown): Checked<number> {
  if (value === undefined || isBlank(value)) return fail('validation.weightRequired');
  const n = parseDecimal(value, STORED_WEIGHT_DECIMALS);
  if (n === null || !isTypedWeight(n) || n < WEIGHT_MIN || n > WEIGHT_MAX) return fail('validation.weightInvalid');
  return ok(n);
}

/** Tape measurements (issue 21), in cm: 10 to 300, as typed in cm (0.1) or kept from 0.1 in (0.01 cm). */
export const LENGTH_MIN_CM = 10;
export const LENGTH_MAX_CM = 300;
/** Body fat in %: what a scale, a caliper or the Navy estimate can give, to 0.1. */
export const BODY_FAT_MIN = 2;
export const BODY_FAT_MAX = 75;

/** A weight that may be left out: a check-in's, whose form sends null for an emptied field (issue 22). */
export function checkWeightOrNone(value: unknown): Checked<number | null> {
  return value === null ? ok(null) : checkWeight(value);
}

/** A body measurement in cm, or null (not measured, or taken away by a correction). */
export function checkLength(value: unknown): Checked<number | null> {
  if (isBlank(value)) return ok(null);
  const n = parseDecimal(value, 2);
  return n === null || n < LENGTH_MIN_CM || n > LENGTH_MAX_CM ? fail('validation.lengthInvalid') : ok(n);
}

/** A body-fat percentage to 0.1, or null. */
export function checkBodyFat(value: unknown): Checked<number | null> {
  if (isBlank(value)) return ok(null);
  const n = parseDecimal(value, 1);
  return n === null || n < BODY_FAT_MIN || n > BODY_FAT_MAX ? fail('validation.bodyFatInvalid') : ok(n);
}

/**
 * Progress photos (issue 21) as the device makes them: the longest side at most 1600 px, a
 * thumbnail at most 320 px, WebP (or JPEG where the browser cannot encode WebP). The byte limits
 * leave room above what those sizes give (a few hundred KB) and refuse anything else.
 */
export const PHOTO_TYPES = ['image/webp', 'image/jpeg'] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];
export const PHOTO_MAX_SIDE = 1600;
export const THUMBNAIL_MAX_SIDE = 320;
export const MAX_PHOTO_BYTES = 8 * 1024 * 1024;
export const MAX_THUMBNAIL_BYTES = 256 * 1024;
/** The largest chunk one upload request may carry: a phone on a weak signal sends small ones. */
export const MAX_PHOTO_CHUNK_BYTES = 512 * 1024;

const integerIn = (value: unknown, min: number, max: number) => typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

/** A photo's size in bytes, as its upload must be. */
export function checkPhotoBytes(value: unknown): Checked<number> {
  return integerIn(value, 1, MAX_PHOTO_BYTES) ? ok(value as number) : fail('validation.photoTooLarge');
}

export function checkThumbnailBytes(value: unknown): Checked<number> {
  return integerIn(value, 1, MAX_THUMBNAIL_BYTES) ? ok(value as number) : fail('validation.photoTooLarge');
}

/** A photo's width or height in pixels. */
export function checkPixels(value: unknown): Checked<number> {
  return integerIn(value, 1, PHOTO_MAX_SIDE) ? ok(value as number) : fail('validation.photoDimensions');
}

/** The longest message (issue 22): a few paragraphs; a longer text is several messages. */
export const MESSAGE_MAX = 2000;

/** A message's text: trimmed, not empty, at most MESSAGE_MAX characters. */
export function checkMessageBody(value: unknown): Checked<string> {
  if (typeof value !== 'string') return fail('validation.required');
  const trimmed = value.trim();
  if (trimmed === '') return fail('validation.required');
  return trimmed.length > MESSAGE_MAX ? fail('validation.tooLong') : ok(trimmed);
}

/** A message's text beside a photo: trimmed, may be empty, at most MESSAGE_MAX characters. */
export function checkMessageCaption(value: unknown): Checked<string> {
  if (value === undefined || value === null) return ok('');
  if (typeof value !== 'string') return fail('validation.invalidType');
  const trimmed = value.trim();
  return trimmed.length > MESSAGE_MAX ? fail('validation.tooLong') : ok(trimmed);
}

/**
 * A photo's record as the device (or the coach's browser) made it, by rule name (./mutator.ts
 * `ArgRule`): the one description of its fields that `photo.add`, a message's photo
 * (`messagePhoto`) and the coach's photo form (api/src/http/coach-photo-form.ts) are checked by.
 */
export const PHOTO_RECORD_ARGS = {
  contentType: PHOTO_TYPES,
  bytes: 'photoBytes',
  thumbnailBytes: 'thumbnailBytes',
  width: 'pixels',
  height: 'pixels',
} as const satisfies Record<string, ArgSchema>;

/** The photo a message carries (issue 22): the record of a photo as the device made it. */
export interface MessagePhotoArgs {
  id: string;
  contentType: PhotoType;
  bytes: number;
  thumbnailBytes: number;
  width: number;
  height: number;
}

/** A calendar day written 'YYYY-MM-DD'. */
export function checkLocalDate(value: unknown): Checked<string> {
  return typeof value === 'string' && isLocalDate(value) ? ok(value) : fail('validation.invalidDate');
}

/** A coach asks at most this many questions of their own in a check-in, each this long at most. */
export const CHECK_IN_QUESTIONS_MAX = 5;
export const CHECK_IN_QUESTION_MAX = 200;

/** A check-in's answers to the coach's own questions: each question and answer trimmed, an empty answer dropped. */
export function checkCheckInAnswers(value: unknown): Checked<{ question: string; answer: string }[]> {
  if (value === undefined || value === null) return ok([]);
  if (!Array.isArray(value) || value.length > CHECK_IN_QUESTIONS_MAX) return fail('validation.invalidType');
  const answers: { question: string; answer: string }[] = [];
  for (const item of value as unknown[]) {
    if (typeof item !== 'object' || item === null) return fail('validation.invalidType');
    const { question, answer } = item as Record<string, unknown>;
    if (typeof question !== 'string' || typeof answer !== 'string') return fail('validation.invalidType');
    if (question.trim() === '' || question.trim().length > CHECK_IN_QUESTION_MAX || answer.trim().length > NOTES_MAX) return fail('validation.tooLong');
    if (answer.trim() !== '') answers.push({ question: question.trim(), answer: answer.trim() });
  }
  return ok(answers);
}

/** Optional notes: trimmed; empty means none. */
export function checkNotes(value: unknown): Checked<string | null> {
  if (value === undefined || value === null) return ok(null);
  if (typeof value !== 'string') return fail('validation.invalidType');
  const trimmed = value.trim();
  if (trimmed.length > NOTES_MAX) return fail('validation.tooLong');
  return ok(trimmed === '' ? null : trimmed);
}

export function checkUuid(value: unknown): Checked<string> {
  return typeof value === 'string' && UUID.test(value) ? ok(value) : fail('validation.idInvalid');
}

/** Mood and energy: integers 1 to 5 (SPEC §5). */
export function checkLevel(value: unknown): Checked<number> {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 5 ? ok(value) : fail('validation.levelRange');
}

export function checkBoolean(value: unknown): Checked<boolean> {
  return typeof value === 'boolean' ? ok(value) : fail('validation.booleanRequired');
}

/** An ISO-8601 instant as JavaScript writes it (`toISOString()`). */
export function checkInstant(value: unknown): Checked<string> {
  return typeof value === 'string' && parseInstant(value) !== null ? ok(value) : fail('validation.invalidDate');
}

const zoneCache = new Map<string, boolean>();
/** An IANA time zone the runtime knows ('America/Sao_Paulo'). */
export function checkTimeZone(value: unknown): Checked<string> {
  if (typeof value !== 'string' || value.length === 0 || value.length > 64) return fail('validation.invalidOption');
  let known = zoneCache.get(value);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: value });
      known = true;
    } catch {
      known = false;
    }
    if (zoneCache.size < 1000) zoneCache.set(value, known);
  }
  return known ? ok(value) : fail('validation.invalidOption');
}

/** An exercise's or a set's place in its list. */
export const POSITION_MAX = 999;
/** An exercise's name, as a coach or the client wrote it, and the key its history follows. */
export const EXERCISE_NAME_MAX = 120;
/** Each of a plan's prescriptions kept with an exercise ("4", "8-12", "60-90s"). */
export const PRESCRIPTION_TEXT_MAX = 60;

export function checkPosition(value: unknown): Checked<number> {
  return integerIn(value, 0, POSITION_MAX) ? ok(value as number) : fail('validation.invalidType');
}

/** A day of the week, 0 (Sunday) to 6, as a plan's schedule names its days. */
export function checkWeekday(value: unknown): Checked<number> {
  return integerIn(value, 0, 6) ? ok(value as number) : fail('validation.invalidOption');
}

/** An exercise's name or its history's key: trimmed, 1 to EXERCISE_NAME_MAX characters. */
export function checkExerciseName(value: unknown): Checked<string> {
  if (typeof value !== 'string' || value.trim() === '') return fail('validation.required');
  const trimmed = value.trim();
  return trimmed.length > EXERCISE_NAME_MAX ? fail('validation.tooLong') : ok(trimmed);
}

/** What a plan asked of an exercise: its sets, reps and rest as written, each short or null. */
export function checkPrescription(value: unknown): Checked<{ sets: string | null; reps: string | null; rest: string | null }> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return fail('validation.invalidType');
  const fields = value as Record<string, unknown>;
  const prescription = { sets: null as string | null, reps: null as string | null, rest: null as string | null };
  for (const field of ['sets', 'reps', 'rest'] as const) {
    const text = fields[field];
    if (text === undefined || text === null) continue;
    if (typeof text !== 'string') return fail('validation.invalidType');
    if (text.trim().length > PRESCRIPTION_TEXT_MAX) return fail('validation.tooLong');
    prescription[field] = text.trim() === '' ? null : text.trim();
  }
  return ok(prescription);
}
