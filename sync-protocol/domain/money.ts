import { DEFAULT_LOCALE, LOCALES } from '../i18n/locales.ts';
import { DISPLAY_DECIMALS, type CurrencyCode } from './plans.ts';

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * Formats integer minor units in the subscription's currency by the UI's locale conventions
 * (SPEC §9): R$ 11,90; ARS without decimals; $9.99 in en-US, US$ 9,99 in pt-BR. An unknown
 * locale formats as pt-BR.
 */
export function formatMoney(minorUnits: number, currency: string, locale: string): string {
  const safeLocale = (LOCALES as readonly string[]).includes(locale) || locale === 'es-ES' ? locale : DEFAULT_LOCALE;
  const decimals = DISPLAY_DECIMALS[currency as CurrencyCode] ?? 2;
  const key = `${safeLocale}|${currency}|${decimals}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(safeLocale, { style: 'currency', currency, minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    formatters.set(key, formatter);
  }
  return formatter.format(minorUnits / 100);
}
