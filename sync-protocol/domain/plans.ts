/**
 * The three plans (SPEC §3, §9): identical features, different durations, prices per locale.
 * Money is integer minor units (cents) end to end; ARS is shown without decimals but still
 * counted in cents, so every currency follows one rule.
 */
import { COUNTRY_LOCALE, type Locale } from '../i18n/locales.ts';
import type { CountryCode } from './client-enums.ts';

export const PLAN_IDS = ['monthly', 'quarterly', 'annual'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export const PLAN_DISPLAY_KEYS: Record<PlanId, string> = {
  monthly: 'monthly-basic',
  quarterly: 'quarterly-premium',
  annual: 'annual-complete',
};

export const PLAN_DURATION_MONTHS: Record<PlanId, number> = { monthly: 1, quarterly: 3, annual: 12 };

export const MOST_POPULAR_PLAN: PlanId = 'quarterly';

export const CURRENCY_CODES = ['BRL', 'ARS', 'USD'] as const;
export type CurrencyCode = (typeof CURRENCY_CODES)[number];

interface LocalePricing {
  currency: CurrencyCode;
  prices: Record<PlanId, number>;
  /** A struck-through "from" price with a 'hoje' badge (pt-BR monthly). */
  originalPrices: Partial<Record<PlanId, number>>;
}

export const PLAN_PRICING: Record<Locale, LocalePricing> = {
  'pt-BR': { currency: 'BRL', prices: { monthly: 1190, quarterly: 8990, annual: 29990 }, originalPrices: { monthly: 6990 } },
  'es-AR': { currency: 'ARS', prices: { monthly: 1150000, quarterly: 2602400, annual: 8681400 }, originalPrices: {} },
  'en-US': { currency: 'USD', prices: { monthly: 999, quarterly: 2499, annual: 7999 }, originalPrices: {} },
};

/** Currency by language (SPEC §9): pt-BR BRL, es-AR ARS, en-US USD. */
export const CURRENCY_BY_LOCALE: Record<Locale, CurrencyCode> = { 'pt-BR': 'BRL', 'es-AR': 'ARS', 'en-US': 'USD' };

/** A country's currency, as its language prices plans: BR BRL, AR ARS, US USD (a teacher is paid in it, issue 17). */
export const currencyOfCountry = (country: CountryCode): CurrencyCode => CURRENCY_BY_LOCALE[COUNTRY_LOCALE[country]];

/** Decimals shown per currency: ARS prices are whole pesos (SPEC §9). */
export const DISPLAY_DECIMALS: Record<CurrencyCode, number> = { BRL: 2, ARS: 0, USD: 2 };

/** The 14 features every plan has (catalog keys `plans.feature.*`). */
export const PLAN_FEATURES = [
  'personalDiet',
  'personalWorkout',
  'nutritionistFollowUp',
  'trainerFollowUp',
  'dailyTracking',
  'weightHistory',
  'progressCharts',
  'offlineAccess',
  'mealSubstitutions',
  'exerciseGuides',
  'monthlyDietUpdates',
  'appInstall',
  'support247',
  'threeLanguages',
] as const;

export const TRIAL_HOURS = 24;
export const TRIAL_MS = TRIAL_HOURS * 60 * 60 * 1000;

export const isCurrencyCode = (value: unknown): value is CurrencyCode => typeof value === 'string' && (CURRENCY_CODES as readonly string[]).includes(value);

export const isPlanId = (value: unknown): value is PlanId => typeof value === 'string' && (PLAN_IDS as readonly string[]).includes(value);

/**
 * Start + N calendar months, keeping the time of day and clamping to the month's last day:
 * 31 Jan + 1 month = 28 Feb (29 in a leap year), 31 Mar + 3 months = 30 Jun. In UTC, so the
 * result does not depend on the server's zone.
 */
export function addMonths(startMillis: number, months: number): number {
  const start = new Date(startMillis);
  const year = start.getUTCFullYear();
  const month = start.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return Date.UTC(year, month, Math.min(start.getUTCDate(), lastDay), start.getUTCHours(), start.getUTCMinutes(), start.getUTCSeconds(), start.getUTCMilliseconds());
}

export const planEnd = (startMillis: number, plan: PlanId) => addMonths(startMillis, PLAN_DURATION_MONTHS[plan]);

/** SPEC §3: a plan is looked up by its price (in any locale's currency); unknown → null ('Plano Personalizado'). */
export function planForPrice(price: number, currency: string): PlanId | null {
  for (const pricing of Object.values(PLAN_PRICING)) {
    if (pricing.currency !== currency) continue;
    for (const plan of PLAN_IDS) if (pricing.prices[plan] === price) return plan;
  }
  return null;
}
