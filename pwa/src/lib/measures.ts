import { parseDecimal } from '#protocol/domain/decimal.ts';
import { CM_PER_INCH, cmFromInches, cmFromTenthsOfInch, feetAndInchesFromCm, inchesFromCm, INCHES_PER_FOOT, KG_PER_LB, kgFromLb, lbFromKg, type UnitSystem } from '#protocol/domain/units.ts';
import { checkLength, checkWeight, WEIGHT_DECIMALS, type Checked } from '#protocol/mutations/fields.ts';
import { formatDecimal } from './locale-decimal.ts';

/**
 * Weights and heights as one person reads and types them (ADR 020): kg and cm, or lb and
 * ft + in. Stored values are always kg and cm; this is the one place that converts for display
 * and reads what was typed back into kg.
 */
export interface Measures {
  system: UnitSystem;
  /** "77,3 kg" / "170.3 lb"; '' for none. With `fixed`, always one decimal ("1,0 kg"). */
  weight(kg: number | null | undefined, fixed?: boolean): string;
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
  /** A tape measurement (issue 21): "84,5 cm" / "33.3 in"; '' for none. */
  length(cm: number | null | undefined): string;
  /** The figure in the shown unit, to 0.1: 84.58 cm → 33.3 in. */
  lengthFigure(cm: number): number;
  /** A stored length as its field shows it: "84,5" / "33.3". */
  lengthField(cm: number | null | undefined): string;
  /** `from` − `to` as the two figures shown read, as `weightDifference`. */
  lengthDifference(fromCm: number, toCm: number): string;
  /** The unit's symbol for labels: "cm" / "in". */
  lengthSymbol: string;
  /** A length typed in the shown unit to 0.1, as stored cm; blank is null (not measured). */
  readLength(typed: string): Checked<number | null>;
  /** "167,6 cm" / "5 ft 6 in"; '' for none. */
  height(cm: number | null | undefined): string;
  /**
   * A form's weight text, typed in the shown unit, as the kg its body carries: undefined when
   * blank, NaN when unreadable, so the shared schema says what is wrong (ADR 015).
   */
  storedWeight(typed: string): number | undefined;
  /** A weekly goal as its field shows it: "0,5" kg or "1.1" lb a week. */
  weeklyGoalField(kg: number | null | undefined): string;
  /** A weekly goal typed per week in the shown unit, as kg a week to 0.01. */
  storedWeeklyGoal(typed: string): number | undefined;
  /** A height as the form's fields show it: cm, or feet and inches. */
  heightFields(cm: number | null | undefined): HeightFields;
  /** The form's height fields as the cm stored; undefined when blank, NaN when unreadable. */
  storedHeight(fields: HeightFields): number | undefined;
  /**
   * A validation key as this person reads it: the bounds of the shared schema are in kg and cm,
   * so in lb and ft + in they are said with the figures converted ("greater than 66.1 lb").
   */
  message(key: string): { id: string; values?: Record<string, string> };
}

export interface HeightFields {
  height: string;
  heightFeet: string;
  heightInches: string;
}

/**
 * The schema's bounds (schemas/clients.ts) as a person in pounds and feet is told them. Each is the
 * nearest figure on their side of the bound that reads true: 100 cm at least is 3 ft 4 in (3 ft
 * 3 in is 99 cm), 0.1 kg a week at least is 0.3 lb (0.2 lb is 0.09 kg).
 */
const US_BOUNDS: Record<string, (us: Measures, locale: string) => Record<string, string>> = {
  heightMin: (us) => ({ value: us.height(cmFromInches(Math.ceil(100 / CM_PER_INCH))) }),
  heightMax: (us) => ({ value: us.height(cmFromInches(Math.floor(250 / CM_PER_INCH))) }),
  weightMin: (us) => ({ value: us.weight(30) }),
  weightMax: (us) => ({ value: us.weight(300) }),
  targetMin: (us) => ({ value: us.weight(30) }),
  targetMax: (us) => ({ value: us.weight(300) }),
  weeklyGoalMin: (_us, locale) => ({ value: unitFormat(locale, 'pound', 1).format(Math.ceil((0.1 / KG_PER_LB) * 10) / 10) }),
  weeklyGoalMax: (_us, locale) => ({ value: unitFormat(locale, 'pound', 1).format(Math.floor((2 / KG_PER_LB) * 10) / 10) }),
  weightRangeWide: (us) => ({ min: us.weight(20), max: us.weight(500) }),
};

const blank = (typed: string) => typed.trim() === '';
/** Any decimals: how many a field takes is the schema's to say. */
const anyDecimal = (typed: string) => parseDecimal(typed, Number.POSITIVE_INFINITY) ?? Number.NaN;

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

const fixedFormats = new Map<string, Intl.NumberFormat>();
function fixedFormat(locale: string, unit: string): Intl.NumberFormat {
  const key = `${locale}|${unit}`;
  let format = fixedFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short', minimumFractionDigits: 1, maximumFractionDigits: 1 });
    fixedFormats.set(key, format);
  }
  return format;
}

export function measuresFor(system: UnitSystem, locale: string): Measures {
  const us = system === 'us';
  const weightUnit = us ? 'pound' : 'kilogram';
  const weightFigure = (kg: number) => (us ? lbFromKg(kg) : kg);
  const symbol = unitFormat(locale, weightUnit, 0).formatToParts(1).find((part) => part.type === 'unit')?.value ?? (us ? 'lb' : 'kg');
  const lengthUnit = us ? 'inch' : 'centimeter';
  const lengthFigure = (cm: number) => (us ? inchesFromCm(cm) : cm);
  const measures: Measures = {
    system,
    weightSymbol: symbol,
    lengthSymbol: unitFormat(locale, lengthUnit, 0).formatToParts(1).find((part) => part.type === 'unit')?.value ?? (us ? 'in' : 'cm'),
    lengthFigure,
    length: (cm) => (typeof cm === 'number' && Number.isFinite(cm) ? unitFormat(locale, lengthUnit, 1).format(lengthFigure(cm)) : ''),
    lengthField: (cm) => (typeof cm === 'number' && Number.isFinite(cm) ? formatDecimal(lengthFigure(cm), locale) : ''),
    lengthDifference: (fromCm, toCm) => unitFormat(locale, lengthUnit, 1).format(Math.round((lengthFigure(fromCm) - lengthFigure(toCm)) * 10) / 10 + 0),
    readLength(typed) {
      if (blank(typed)) return { ok: true, value: null };
      // One decimal in the unit typed; inches are kept as cm to 0.01 so that they read back as typed.
      const figure = parseDecimal(typed, 1);
      return figure === null ? { ok: false, key: 'validation.lengthInvalid' } : checkLength(us ? cmFromTenthsOfInch(figure) : figure);
    },
    weightFigure,
    weight: (kg, fixed = false) => (typeof kg === 'number' && Number.isFinite(kg) ? (fixed ? fixedFormat(locale, weightUnit) : unitFormat(locale, weightUnit, 1)).format(weightFigure(kg)) : ''),
    weightDifference: (fromKg, toKg) => unitFormat(locale, weightUnit, 1).format(Math.round((weightFigure(fromKg) - weightFigure(toKg)) * 10) / 10 + 0),
    weightField: (kg) => (typeof kg === 'number' && Number.isFinite(kg) ? formatDecimal(weightFigure(kg), locale) : ''),
    readWeight(typed) {
      if (typed === undefined || typed === null || (typeof typed === 'string' && typed.trim() === '')) return checkWeight(typed);
      // One decimal in the unit typed: "84,25" kg is refused as before; 170.3 lb is kept as 77.25 kg.
      const figure = parseDecimal(typed, WEIGHT_DECIMALS);
      return figure === null ? { ok: false, key: 'validation.weightInvalid' } : checkWeight(us ? kgFromLb(figure) : figure);
    },
    storedWeight(typed) {
      if (blank(typed)) return undefined;
      if (!us) return anyDecimal(typed);
      const lb = parseDecimal(typed, WEIGHT_DECIMALS);
      return lb === null ? Number.NaN : kgFromLb(lb);
    },
    weeklyGoalField: (kg) => (typeof kg === 'number' && Number.isFinite(kg) ? (us ? formatDecimal(lbFromKg(kg), locale, 1) : formatDecimal(kg, locale, 2)) : ''),
    storedWeeklyGoal(typed) {
      if (blank(typed)) return undefined;
      if (!us) return anyDecimal(typed);
      const lb = parseDecimal(typed, 1);
      return lb === null ? Number.NaN : kgFromLb(lb);
    },
    heightFields(cm) {
      if (typeof cm !== 'number' || !Number.isFinite(cm)) return { height: '', heightFeet: '', heightInches: '' };
      const { feet, inches } = feetAndInchesFromCm(cm);
      return { height: formatDecimal(cm, locale), heightFeet: String(feet), heightInches: String(inches) };
    },
    storedHeight({ height, heightFeet, heightInches }) {
      if (!us) return blank(height) ? undefined : anyDecimal(height);
      if (blank(heightFeet) && blank(heightInches)) return undefined;
      const feet = blank(heightFeet) ? 0 : parseDecimal(heightFeet, 0);
      const inches = blank(heightInches) ? 0 : parseDecimal(heightInches, 0);
      if (feet === null || inches === null || inches >= INCHES_PER_FOOT) return Number.NaN;
      return cmFromInches(feet * INCHES_PER_FOOT + inches);
    },
    height(cm) {
      if (typeof cm !== 'number' || !Number.isFinite(cm)) return '';
      if (!us) return unitFormat(locale, 'centimeter', 1).format(cm);
      const { feet, inches } = feetAndInchesFromCm(cm);
      return `${unitFormat(locale, 'foot', 0).format(feet)} ${unitFormat(locale, 'inch', 0).format(inches)}`;
    },
    message(key) {
      const name = key.startsWith('validation.') ? key.slice('validation.'.length) : '';
      const bound = us ? US_BOUNDS[name] : undefined;
      return bound ? { id: `units.bounds.${name}`, values: bound(measures, locale) } : { id: key };
    },
  };
  return measures;
}
