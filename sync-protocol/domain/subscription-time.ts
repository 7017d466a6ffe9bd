/**
 * Time rules of subscriptions (SPEC §4), pure so the server, the PWA and the tests agree:
 * status, remaining-time text, banners. A subscription expires when its end passes: no job runs.
 */

import { dayNumber, localDateIn } from './daily-progress.ts';

export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;

export interface SubscriptionTimes {
  /** Price in minor units; 0 is the trial. */
  price: number;
  /** 'active' as stored, or 'inactive' when ended early (a trial replaced by a paid plan). */
  status: 'active' | 'inactive' | 'expired';
  startDate: string;
  endDate: string;
}

export type SubscriptionStatus = 'active' | 'inactive' | 'expired';

const parse = (iso: string) => {
  const millis = Date.parse(iso);
  return Number.isFinite(millis) ? millis : null;
};

/** Active while stored active and now is within [start, end); expired once the end has passed. */
export function subscriptionStatus(subscription: SubscriptionTimes, now: number): SubscriptionStatus {
  const start = parse(subscription.startDate);
  const end = parse(subscription.endDate);
  if (start === null || end === null) return 'inactive';
  if (end <= now) return 'expired';
  if (subscription.status !== 'active' || start > now) return 'inactive';
  return 'active';
}

export const isTrial = (subscription: Pick<SubscriptionTimes, 'price'>) => subscription.price === 0;

/**
 * Days remaining (ADR 018), the one figure of banner, card, admin and API: whole calendar days in
 * the client's time zone from today to the last day the plan covers (the day of its last
 * millisecond, so an end at local midnight leaves the day before as the last). 0 on the last day
 * and once ended. Calendar days, not 24-hour spans: the count drops at local midnight, whatever
 * hour the plan was bought, and a DST change neither adds nor removes a day.
 */
export function daysRemaining(endDate: string, now: number, timeZone: string): number {
  const end = parse(endDate);
  if (end === null || end <= now) return 0;
  return dayNumber(localDateIn(timeZone, new Date(end - 1))) - dayNumber(localDateIn(timeZone, new Date(now)));
}

export type RemainingTime =
  | { kind: 'invalid' }
  | { kind: 'expired' }
  | { kind: 'days'; days: number }
  | { kind: 'daysHours'; days: number; hours: number }
  | { kind: 'hours'; hours: number; halfHour: boolean }
  | { kind: 'minutes'; minutes: number };

/**
 * SPEC §4: expired if none left; more than 2 days: days (the calendar count of `daysRemaining`);
 * 1 to 2 days: days and leftover hours; under a day: hours (plus 30min when at least 30 minutes
 * are left over) or, under an hour, minutes.
 */
export function remainingTime(endDate: string, now: number, timeZone: string): RemainingTime {
  const end = parse(endDate);
  if (end === null) return { kind: 'invalid' };
  const left = end - now;
  if (left <= 0) return { kind: 'expired' };
  if (left > 2 * DAY_MS) return { kind: 'days', days: daysRemaining(endDate, now, timeZone) };
  const days = Math.floor(left / DAY_MS);
  if (left >= DAY_MS) return { kind: 'daysHours', days, hours: Math.floor((left - days * DAY_MS) / HOUR_MS) };
  const hours = Math.floor(left / HOUR_MS);
  if (hours >= 1) return { kind: 'hours', hours, halfHour: left - hours * HOUR_MS >= 30 * 60 * 1000 };
  return { kind: 'minutes', minutes: Math.max(1, Math.floor(left / 60_000)) };
}

export type Banner = 'activation' | 'expiring' | 'trialEnding' | 'expired';

/**
 * SPEC §4 banners: the activation banner when there is no subscription, it is not active, or it
 * is the trial; paid and active with 7 days or fewer left (0 on the last day): expiring; trial
 * with 1 day or less: trial ending; paid and ended: expired.
 */
export function subscriptionBanners(subscription: SubscriptionTimes | null, now: number, timeZone: string): Banner[] {
  if (!subscription) return ['activation'];
  const status = subscriptionStatus(subscription, now);
  const banners: Banner[] = [];
  if (status !== 'active' || isTrial(subscription)) banners.push('activation');
  if (isTrial(subscription)) {
    if (status === 'active' && parse(subscription.endDate)! - now <= DAY_MS) banners.push('trialEnding');
  } else if (status === 'expired') {
    banners.push('expired');
  } else if (status === 'active' && daysRemaining(subscription.endDate, now, timeZone) <= 7) {
    banners.push('expiring');
  }
  return banners;
}

/**
 * SPEC §4 gating: diet and workout need an active subscription that is not the trial. The prompt
 * says which: the trial message when the price is zero, otherwise the no-plan message.
 */
export type Gate = 'open' | 'trial' | 'noPlan';

export function contentGate(subscription: SubscriptionTimes | null, now: number): Gate {
  if (!subscription) return 'noPlan';
  if (isTrial(subscription)) return 'trial';
  return subscriptionStatus(subscription, now) === 'active' ? 'open' : 'noPlan';
}
