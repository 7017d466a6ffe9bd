/**
 * Time rules of subscriptions (SPEC §4), pure so the server, the PWA and the tests agree:
 * status, remaining-time text, banners. A subscription expires when its end passes: no job runs.
 */

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

/** Whole days left, counting a started day (0 only once it has ended). */
export function daysRemaining(endDate: string, now: number): number {
  const end = parse(endDate);
  if (end === null || end <= now) return 0;
  return Math.ceil((end - now) / DAY_MS);
}

export type RemainingTime =
  | { kind: 'invalid' }
  | { kind: 'expired' }
  | { kind: 'days'; days: number }
  | { kind: 'daysHours'; days: number; hours: number }
  | { kind: 'hours'; hours: number; halfHour: boolean }
  | { kind: 'minutes'; minutes: number };

/**
 * SPEC §4: expired if none left; more than 2 days: days; 1 to 2 days: days and leftover hours;
 * under a day: hours (plus 30min when at least 30 minutes are left over) or, under an hour, minutes.
 */
export function remainingTime(endDate: string, now: number): RemainingTime {
  const end = parse(endDate);
  if (end === null) return { kind: 'invalid' };
  const left = end - now;
  if (left <= 0) return { kind: 'expired' };
  const days = Math.floor(left / DAY_MS);
  if (left > 2 * DAY_MS) return { kind: 'days', days };
  if (left >= DAY_MS) return { kind: 'daysHours', days, hours: Math.floor((left - days * DAY_MS) / HOUR_MS) };
  const hours = Math.floor(left / HOUR_MS);
  if (hours >= 1) return { kind: 'hours', hours, halfHour: left - hours * HOUR_MS >= 30 * 60 * 1000 };
  return { kind: 'minutes', minutes: Math.max(1, Math.floor(left / 60_000)) };
}

export type Banner = 'activation' | 'expiring' | 'trialEnding' | 'expired';

/**
 * SPEC §4 banners: the activation banner when there is no subscription, it is not active, or it
 * is the trial; paid with 7 days or fewer left: expiring; trial with 1 day or less: trial ending;
 * paid with 0 days left: expired.
 */
export function subscriptionBanners(subscription: SubscriptionTimes | null, now: number): Banner[] {
  if (!subscription) return ['activation'];
  const status = subscriptionStatus(subscription, now);
  const banners: Banner[] = [];
  if (status !== 'active' || isTrial(subscription)) banners.push('activation');
  const days = daysRemaining(subscription.endDate, now);
  if (isTrial(subscription)) {
    if (status === 'active' && parse(subscription.endDate)! - now <= DAY_MS) banners.push('trialEnding');
  } else if (days === 0) {
    banners.push('expired');
  } else if (days <= 7) {
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
