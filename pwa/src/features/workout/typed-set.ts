import type { Checked } from '#protocol/mutations/fields.ts';
import { checkLoad, checkReps, checkSetSeconds, LOAD_DECIMALS } from '#protocol/mutations/set-fields.ts';
import { formatDecimal } from '#pwa/lib/locale-decimal.ts';
import type { Measures } from '#pwa/lib/measures.ts';

/**
 * A set's figures as the client types and reads them (ADR 030): reps and seconds whole, a load in
 * kg to 0.01 (1.25 kg plates) or in lb to 0.1 (the measures' conversion of every weight), with
 * either decimal separator. Stored loads are kg (ADR 020); the rules are the mutators' own
 * (mutations/set-fields.ts).
 */
export interface SetFigures {
  reps: number | null;
  loadKg: number | null;
  seconds: number | null;
}

/** What a set's fields hold: the text typed. */
export interface SetTexts {
  reps: string;
  load: string;
  seconds: string;
}

/** A stored load as its field shows it: 42.5 → "42,5" in pt-BR; in lb to 0.1 in the US system. */
export function loadText(kg: number | null | undefined, measures: Measures, locale: string): string {
  return typeof kg === 'number' ? formatDecimal(measures.weightFigure(kg), locale, LOAD_DECIMALS) : '';
}

/** A load typed in the client's unit, as the kg stored; blank is none (body weight). */
export function readLoad(typed: string, measures: Measures): Checked<number | null> {
  if (measures.system === 'metric') return checkLoad(typed);
  // Pounds to 0.1 as every weight (undefined blank, NaN unreadable), then the load's own bounds.
  const kg = measures.storedWeight(typed);
  return kg === undefined ? { ok: true, value: null } : Number.isNaN(kg) ? { ok: false, key: 'validation.loadInvalid' } : checkLoad(kg);
}

export type SetErrors = Partial<Record<keyof SetTexts, string>>;

/**
 * The figures of a set marked done, or what is wrong under which field. A set says what was done:
 * reps, or a time for an exercise done for time.
 */
export function readSet(texts: SetTexts, timed: boolean, measures: Measures): { ok: true; figures: SetFigures } | { ok: false; errors: SetErrors } {
  if (timed) {
    const seconds = checkSetSeconds(texts.seconds);
    if (!seconds.ok) return { ok: false, errors: { seconds: seconds.key } };
    if (seconds.value === null || seconds.value === 0) return { ok: false, errors: { seconds: 'validation.setTimeInvalid' } };
    return { ok: true, figures: { reps: null, loadKg: null, seconds: seconds.value } };
  }
  const reps = checkReps(texts.reps);
  const load = readLoad(texts.load, measures);
  const errors: SetErrors = {};
  if (!reps.ok) errors.reps = reps.key;
  else if (reps.value === null) errors.reps = 'validation.repsInvalid';
  if (!load.ok) errors.load = load.key;
  if (!reps.ok || !load.ok || reps.value === null) return { ok: false, errors };
  return { ok: true, figures: { reps: reps.value, loadKg: load.value, seconds: null } };
}

/** A done set's figures as its fields show them. */
export function setTexts(figures: SetFigures, measures: Measures, locale: string): SetTexts {
  return {
    reps: figures.reps === null ? '' : String(figures.reps),
    load: loadText(figures.loadKg, measures, locale),
    seconds: figures.seconds === null ? '' : String(figures.seconds),
  };
}
