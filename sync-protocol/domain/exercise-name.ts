import { foldText } from './fold.ts';

/**
 * The form of an exercise's name that its history follows (issue 48, ADR 030): a coach who
 * retypes "Supino reto" as "supino-reto" or "SUPINO RETO" in a new version of the plan keeps the
 * client's history with it. Lower case, no accents, punctuation read as a space, single spaces.
 */
export function exerciseNameKey(name: string): string {
  return foldText(name)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
