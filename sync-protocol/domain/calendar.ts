/**
 * Instants and calendar dates in the fixed forms the app writes, read digit by digit. A sync push
 * checks two or three of them per mutation, and `Date.parse` plus the `toISOString()` round trip
 * that proves a string canonical took ~1.4 µs each; this takes a small fraction of that.
 */

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** Arithmetic rather than Date.UTC, which reads years 0–99 as 1900–1999. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** The decimal number in value[from, from + count), or -1 if any of those is not a digit. */
function readDigits(value: string, from: number, count: number): number {
  let n = 0;
  for (let i = from; i < from + count; i++) {
    const digit = value.charCodeAt(i) - 48;
    if (!(digit >= 0 && digit <= 9)) return -1;
    n = n * 10 + digit;
  }
  return n;
}

/** '-', the separator of dates and of a timestamp's parts. */
export const DASH = 45;

/** Days from 1970-01-01 to a proleptic Gregorian date (H. Hinnant's days_from_civil). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * ((month + 9) % 12) + 2) / 5) + day - 1;
  return era * 146_097 + yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear - 719_468;
}

/**
 * Days from 1970-01-01 to the 'YYYY-MM-DD' at value[from], or null if that is not a real date
 * (a number, not a [y, m, d] tuple: this runs for every instant a push reads).
 */
function readDays(value: string, from: number): number | null {
  if (value.charCodeAt(from + 4) !== DASH || value.charCodeAt(from + 7) !== DASH) return null;
  const year = readDigits(value, from, 4);
  const month = readDigits(value, from + 5, 2);
  const day = readDigits(value, from + 8, 2);
  if (year < 0 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return daysFromCivil(year, month, day);
}

/** Whether value is a real calendar date written 'YYYY-MM-DD'. */
export const isLocalDate = (value: string): boolean => value.length === 10 && readDays(value, 0) !== null;

/** The length of an instant as `toISOString()` writes it for the years 0000–9999. */
export const INSTANT_LENGTH = 24;

/**
 * The milliseconds of the instant at value[from, from + 24) written as `toISOString()` writes it
 * ('2026-11-21T20:55:00.000Z'), or null for anything else: another form, 31 February, 24:00.
 */
export function readInstant(value: string, from = 0): number | null {
  if (
    value.charCodeAt(from + 10) !== 84 /* T */ ||
    value.charCodeAt(from + 13) !== 58 /* : */ ||
    value.charCodeAt(from + 16) !== 58 ||
    value.charCodeAt(from + 19) !== 46 /* . */ ||
    value.charCodeAt(from + 23) !== 90 /* Z */
  ) {
    return null;
  }
  const days = readDays(value, from);
  const hour = readDigits(value, from + 11, 2);
  const minute = readDigits(value, from + 14, 2);
  const second = readDigits(value, from + 17, 2);
  const millis = readDigits(value, from + 20, 3);
  if (days === null || hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59 || millis < 0) return null;
  return ((days * 24 + hour) * 60 + minute) * 60_000 + second * 1000 + millis;
}

let lastRead = '';
let lastMillis: number | null = null;

/**
 * The milliseconds of a whole string written as `toISOString()` writes it, or null. The last
 * answer is remembered: a push reads each weigh-in's instant three times in a row (its check, the
 * mutator's clamp to now, the row's column).
 */
export function parseInstant(value: string): number | null {
  if (value !== lastRead) lastMillis = (lastRead = value).length === INSTANT_LENGTH ? readInstant(value) : null;
  return lastMillis;
}
