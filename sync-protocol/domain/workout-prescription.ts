import type { ExerciseKind } from '../conflict/workout.ts';
import { foldText } from './fold.ts';
import { restSeconds } from './rest-time.ts';

/**
 * What a session's screen reads from the coach's prescription (issue 48, ADR 030): how many sets
 * to offer, the reps to pre-fill, and whether the exercise is done for time. Coaches type these in
 * three languages: "4", "3-4", "8-12", "até a falha", "45s", "30 segundos", "1 min".
 */

/** Sets offered when the plan names none, and the most a prescription may offer. */
export const DEFAULT_SET_COUNT = 3;
const MAX_PRESCRIBED_SETS = 20;

/** The first whole number of a text ("3-4" → 3, "4 séries" → 4); null without one. */
function firstNumber(text: string | null | undefined): number | null {
  const match = typeof text === 'string' ? /\d+/.exec(text) : null;
  return match ? Number(match[0]) : null;
}

/** The sets a prescription asks for, a range's lower bound ("3-4" → 3); the default when unreadable. */
export function prescribedSetCount(sets: string | null | undefined): number {
  const count = firstNumber(sets);
  return count !== null && count >= 1 && count <= MAX_PRESCRIBED_SETS ? count : DEFAULT_SET_COUNT;
}

/** A time unit after a figure: "45s", "30 segundos", "1 min", "2'". */
const TIMED = /\d\s*(?:s|seg|segs|segundos?|sec|secs|seconds?|m|min|mins|minutos?|minutes?|'|"|'')(?![\p{L}])/u;

/** Whether the reps a coach wrote are a time ("45s", "30 segundos", "1 min"): the set then takes a time. */
export const isTimedPrescription = (reps: string | null | undefined): boolean => typeof reps === 'string' && TIMED.test(foldText(reps));

/** How an exercise's sets are logged, from its prescription: for time, else reps with a load (left blank for body weight). */
export const exerciseKindOf = (reps: string | null | undefined): ExerciseKind => (isTimedPrescription(reps) ? 'time' : 'load');

/**
 * The reps to pre-fill from a prescription: a range's lower bound ("8-12" → 8), the figure itself
 * ("10"); null for a time or a text with no figure ("até a falha").
 */
export function prescribedReps(reps: string | null | undefined): number | null {
  if (isTimedPrescription(reps)) return null;
  const count = firstNumber(reps);
  return count !== null && count >= 1 && count <= 1000 ? count : null;
}

/** The seconds to pre-fill for a timed prescription ("45s" → 45, "1 min" → 60), read as a rest is; null otherwise. */
export function prescribedSeconds(reps: string | null | undefined): number | null {
  return typeof reps === 'string' && isTimedPrescription(reps) ? restSeconds(reps) : null;
}
