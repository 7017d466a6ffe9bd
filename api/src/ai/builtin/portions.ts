/** Household measures in the three languages, and how a portion is written in a meal line. */
import type { Locale } from '#protocol/i18n/locales.ts';
import { formatNumber } from './text.ts';

export type HouseholdUnit = 'unit' | 'egg' | 'slice' | 'tablespoon' | 'teaspoon' | 'cup' | 'glass' | 'ladle';
export type PortionUnit = 'g' | 'ml' | HouseholdUnit;

/** Singular and plural, as the meal parser (foodPortion) reads them. */
export const UNIT_LABELS: Record<HouseholdUnit, Record<Locale, readonly [string, string]>> = {
  unit: { 'pt-BR': ['unidade', 'unidades'], 'es-AR': ['unidad', 'unidades'], 'en-US': ['unit', 'units'] },
  egg: { 'pt-BR': ['ovo', 'ovos'], 'es-AR': ['huevo', 'huevos'], 'en-US': ['egg', 'eggs'] },
  slice: { 'pt-BR': ['fatia', 'fatias'], 'es-AR': ['rebanada', 'rebanadas'], 'en-US': ['slice', 'slices'] },
  tablespoon: { 'pt-BR': ['colher de sopa', 'colheres de sopa'], 'es-AR': ['cucharada', 'cucharadas'], 'en-US': ['tablespoon', 'tablespoons'] },
  teaspoon: { 'pt-BR': ['colher de chá', 'colheres de chá'], 'es-AR': ['cucharadita', 'cucharaditas'], 'en-US': ['teaspoon', 'teaspoons'] },
  cup: { 'pt-BR': ['xícara', 'xícaras'], 'es-AR': ['taza', 'tazas'], 'en-US': ['cup', 'cups'] },
  glass: { 'pt-BR': ['copo', 'copos'], 'es-AR': ['vaso', 'vasos'], 'en-US': ['glass', 'glasses'] },
  ladle: { 'pt-BR': ['concha', 'conchas'], 'es-AR': ['cucharón', 'cucharones'], 'en-US': ['ladle', 'ladles'] },
};

/** Leafy salads are served freely; the phrase the meal parser reads as a free amount. */
export const FREE_AMOUNT: Record<Locale, string> = { 'pt-BR': 'à vontade', 'es-AR': 'a voluntad', 'en-US': 'as desired' };

/** Household amounts move in halves at most: 1.5 → '1½', 0.5 → '½'. */
export function formatAmount(amount: number, locale: Locale): string {
  const whole = Math.floor(amount);
  const half = amount - whole >= 0.5;
  if (!half) return formatNumber(whole, locale);
  return whole === 0 ? '½' : `${formatNumber(whole, locale)}½`;
}

/** Metric sizes read better rounded: to the gram below 20 g, else to 5 g (or ml). */
const roundMetric = (value: number) => (value < 20 ? Math.max(1, Math.round(value)) : Math.round(value / 5) * 5);

/**
 * '120 g', '200 ml', '4 colheres de sopa – 100 g', '1 copo – 200 ml'. No comma: the meal text
 * splits foods on commas. `metricSize` is the grams (or ml) of the amount.
 */
export function portionText(amount: number, unit: PortionUnit, metricSize: number, liquid: boolean, locale: Locale): string {
  if (unit === 'g' || unit === 'ml') return `${formatNumber(amount, locale)} ${unit}`;
  const [singular, plural] = UNIT_LABELS[unit][locale];
  const household = `${formatAmount(amount, locale)} ${amount > 1 ? plural : singular}`;
  return `${household} – ${formatNumber(roundMetric(metricSize), locale)} ${liquid ? 'ml' : 'g'}`;
}
