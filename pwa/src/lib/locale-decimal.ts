/**
 * Decimals as people type and read them in their language (ADR 015): a comma in pt-BR and es-AR,
 * a point in en-US. Reading takes either separator, by the same rule the server applies
 * (sync-protocol/domain/decimal.ts), so what a form accepts is what REST and the sync accept.
 * Showing uses the locale's separator and no grouping: a field shows "45,2", never "45.2" in
 * pt-BR, and reads back what it showed.
 */
import { parseDecimal } from '#protocol/domain/decimal.ts';

const formats = new Map<string, Intl.NumberFormat>();

function formatter(locale: string, decimals: number): Intl.NumberFormat {
  const key = `${locale}|${decimals}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: decimals, useGrouping: false });
    formats.set(key, format);
  }
  return format;
}

/** The locale's decimal separator: ',' for pt-BR and es-AR, '.' for en-US. */
export function decimalSeparator(locale: string): string {
  return formatter(locale, 1).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
}

/** A number as a field shows it in `locale` ('' for none): `45.2` → "45,2" in pt-BR. */
export function formatDecimal(value: number | null | undefined, locale: string, decimals = 1): string {
  return typeof value === 'number' && Number.isFinite(value) ? formatter(locale, decimals).format(value) : '';
}

/** What the user typed, read with "." or "," and at most `decimals` decimals; null when it is not a plain decimal. */
export function parseLocaleDecimal(text: string, decimals = Number.POSITIVE_INFINITY): number | null {
  return parseDecimal(text, decimals);
}
