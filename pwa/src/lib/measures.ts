import { parseDecimal } from '#protocol/domain/decimal.ts';
import { feetAndInchesFromCm, kgFromLb, lbFromKg, type UnitSystem } from '#protocol/domain/units.ts';
import { checkWeight, WEIGHT_DECIMALS, type Checked } from '#protocol/mutations/fields.ts';
import { formatDecimal } from './locale-decimal.ts';

/**
 * Weights and heights as one person reads and types them (ADR 020): kg and cm, or lb and
 * ft + in. Stored values are always kg and cm; this is the one place that converts for display
 * and reads what was typed back into kg.
 */
export interface Measures {
  system: UnitSystem;
  /** "77,3 kg" / "170.3 lb"; '' for none. */
  weight(kg: number | null | undefined): string;
  /** The figure in the shown unit, for fields and charts: 77.25 kg → 170.3 in lb. */
  weightFigure(kg: number): number;
  /** A stored weight as its field shows it: "77,3" / "170.3". */
  weightField(kg: number | null | undefined): string;
  /**
   * `from` − `to` as the two figures shown read ("1.4 lb" from 170.3 lb to 168.9 lb), not the kg
   * difference converted: the figures a person sees must agree with each other (issue 17).
   */
  weightDifference(fromKg: number, toKg: number): string;
  /** The unit's symbol for labels: "kg" / "lb". */
  weightSymbol: string;
  /** What was typed in the shown unit, as stored kg; the keys of the one weight rule (ADR 015). */
  readWeight(typed: unknown): Checked<number>;
  /** "167,6 cm" / "5 ft 6 in"; '' for none. */
  height(cm: number | null | undefined): string;
}

const unitFormats = new Map<string, Intl.NumberFormat>();
function unitFormat(locale: string, unit: string, decimals: number): Intl.NumberFormat {
  const key = `${locale}|${unit}|${decimals}`;
  let format = unitFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: decimals });
    unitFormats.set(key, format);
  }
  return format;
}

export function measuresFor(system: UnitSystem, locale: string): Measures {
  const us = system === 'us';
  const weightUnit = us ? 'pound' : 'kilogram';
  const weightFigure = (kg: number) => (us ? lbFromKg(kg) : kg);
  const symbol = unitFormat(locale, weightUnit, 0).formatToParts(1).find((part) => part.type === 'unit')?.value ?? (us ? 'lb' : 'kg');
  return {
    system,
    weightSymbol: symbol,
    weightFigure,
    weight: (kg) => (typeof kg === 'number' && Number.isFinite(kg) ? unitFormat(locale, weightUnit, 1).format(weightFigure(kg)) : ''),
    weightDifference: (fromKg, toKg) => unitFormat(locale, weightUnit, 1).format(Math.round((weightFigure(fromKg) - weightFigure(toKg)) * 10) / 10 + 0),
    weightField: (kg) => (typeof kg === 'number' && Number.isFinite(kg) ? formatDecimal(weightFigure(kg), locale) : ''),
    readWeight(typed) {
      if (typed === undefined || typed === null || (typeof typed === 'string' && typed.trim() === '')) return checkWeight(typed);
      // One decimal in the unit typed: "84,25" kg is refused as before; 170.3 lb is kept as 77.25 kg.
      const figure = parseDecimal(typed, WEIGHT_DECIMALS);
      return figure === null ? { ok: false, key: 'validation.weightInvalid' } : checkWeight(us ? kgFromLb(figure) : figure);
    },
    height(cm) {
      if (typeof cm !== 'number' || !Number.isFinite(cm)) return '';
      if (!us) return unitFormat(locale, 'centimeter', 1).format(cm);
      const { feet, inches } = feetAndInchesFromCm(cm);
      return `${unitFormat(locale, 'foot', 0).format(feet)} ${unitFormat(locale, 'inch', 0).format(inches)}`;
    },
  };
}
