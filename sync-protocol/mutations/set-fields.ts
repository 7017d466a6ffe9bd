/**
 * A workout set's figures (issue 48, ADR 030): reps 0 to 1,000; a load 0 to 1,000 kg, kept to
 * 0.01 kg (a load typed to 0.1 lb, or a 1.25 kg plate); a set's time up to 4 hours. A set with no
 * reps (done for time), no load (body weight) or no time gives null for it. In a module of their
 * own, apart from ./fields.ts: the session's screen reads a set with them, and every signed-in
 * page's code, which holds ./fields.ts, does not carry them.
 */
import { parseDecimal } from '../domain/decimal.ts';
import { isBlank, type Checked } from './fields.ts';

export const REPS_MAX = 1000;
export const LOAD_MAX_KG = 1000;
export const SET_SECONDS_MAX = 4 * 60 * 60;
/** Stored loads have two decimals at most, as stored weights (ADR 020). */
export const LOAD_DECIMALS = 2;

/** A whole or decimal figure from 0 to `max`, or null when blank; else the message key. */
function figure(value: unknown, decimals: number, max: number, key: string): Checked<number | null> {
  if (isBlank(value)) return { ok: true, value: null };
  const n = parseDecimal(value, decimals);
  return n === null || n < 0 || n > max ? { ok: false, key } : { ok: true, value: n };
}

/** A set's reps: a whole number from 0 to REPS_MAX, or null. */
export const checkReps = (value: unknown) => figure(value, 0, REPS_MAX, 'validation.repsInvalid');

/** A set's load in kg, from 0 to LOAD_MAX_KG, or null (body weight). */
export const checkLoad = (value: unknown) => figure(value, LOAD_DECIMALS, LOAD_MAX_KG, 'validation.loadInvalid');

/** A set's time in whole seconds, from 0 to SET_SECONDS_MAX, or null. */
export const checkSetSeconds = (value: unknown) => figure(value, 0, SET_SECONDS_MAX, 'validation.setTimeInvalid');
