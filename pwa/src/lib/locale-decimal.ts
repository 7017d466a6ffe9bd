/**
 * Decimals as people read them in their language (ADR 015): a comma in pt-BR and es-AR, a point
 * in en-US, and no grouping, so a field shows "45,2", never "45.2", in pt-BR. Reading what they
 * type, with either separator, is sync-protocol/domain/decimal.ts's `parseDecimal`, the rule the
 * server applies too: what a form accepts is what REST and the sync accept.
 */

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

/** A number as a field shows it in `locale` ('' for none): `45.2` → "45,2" in pt-BR. */
export function formatDecimal(value: number | null | undefined, locale: string, decimals = 1): string {
  return typeof value === 'number' && Number.isFinite(value) ? formatter(locale, decimals).format(value) : '';
}
