import { describe, expect, it } from 'vitest';
import { contentGate, DAY_MS, daysRemaining, HOUR_MS, remainingTime, subscriptionBanners, subscriptionStatus, type SubscriptionTimes } from './subscription-time.ts';

const NOW = Date.parse('2026-11-21T12:00:00.000Z');
const at = (offsetMs: number) => new Date(NOW + offsetMs).toISOString();
const sub = (overrides: Partial<SubscriptionTimes> = {}): SubscriptionTimes => ({ price: 1190, status: 'active', startDate: at(-10 * DAY_MS), endDate: at(20 * DAY_MS), ...overrides });

describe('subscription status', () => {
  it('is active within its dates, expired once the end passed, inactive before start or when ended early', () => {
    expect(subscriptionStatus(sub(), NOW)).toBe('active');
    expect(subscriptionStatus(sub({ endDate: at(0) }), NOW)).toBe('expired');
    expect(subscriptionStatus(sub({ endDate: at(-1) }), NOW)).toBe('expired');
    expect(subscriptionStatus(sub({ startDate: at(DAY_MS) }), NOW)).toBe('inactive');
    expect(subscriptionStatus(sub({ status: 'inactive' }), NOW)).toBe('inactive');
    expect(subscriptionStatus(sub({ endDate: 'not a date' }), NOW)).toBe('inactive');
  });
});

describe('remaining time (SPEC §4)', () => {
  it.each([
    [0, { kind: 'expired' }],
    [-HOUR_MS, { kind: 'expired' }],
    [10 * DAY_MS + 5 * HOUR_MS, { kind: 'days', days: 10 }],
    [2 * DAY_MS + 1, { kind: 'days', days: 2 }],
    [2 * DAY_MS, { kind: 'daysHours', days: 2, hours: 0 }],
    [DAY_MS + 7 * HOUR_MS + 59 * 60_000, { kind: 'daysHours', days: 1, hours: 7 }],
    [DAY_MS, { kind: 'daysHours', days: 1, hours: 0 }],
    [DAY_MS - 1, { kind: 'hours', hours: 23, halfHour: true }],
    [5 * HOUR_MS + 30 * 60_000, { kind: 'hours', hours: 5, halfHour: true }],
    [5 * HOUR_MS + 29 * 60_000, { kind: 'hours', hours: 5, halfHour: false }],
    [HOUR_MS, { kind: 'hours', hours: 1, halfHour: false }],
    [59 * 60_000, { kind: 'minutes', minutes: 59 }],
    [20_000, { kind: 'minutes', minutes: 1 }],
  ])('%i ms left → %j', (left, expected) => {
    expect(remainingTime(at(left), NOW)).toEqual(expected);
  });

  it('says the date is invalid', () => {
    expect(remainingTime('31/12/2026', NOW)).toEqual({ kind: 'invalid' });
  });

  it('counts a started day', () => {
    expect(daysRemaining(at(7 * DAY_MS), NOW)).toBe(7);
    expect(daysRemaining(at(6 * DAY_MS + 1), NOW)).toBe(7);
    expect(daysRemaining(at(1), NOW)).toBe(1);
    expect(daysRemaining(at(0), NOW)).toBe(0);
    expect(daysRemaining('garbage', NOW)).toBe(0);
  });
});

describe('banners (SPEC §4)', () => {
  it.each([
    ['no subscription', null, ['activation']],
    ['paid with 20 days', sub(), []],
    ['paid with 8 days', sub({ endDate: at(8 * DAY_MS) }), []],
    ['paid with 7 days', sub({ endDate: at(7 * DAY_MS) }), ['expiring']],
    ['paid with 1 hour', sub({ endDate: at(HOUR_MS) }), ['expiring']],
    ['paid at 0 days', sub({ endDate: at(-HOUR_MS) }), ['activation', 'expired']],
    ['paid but inactive', sub({ status: 'inactive' }), ['activation']],
    ['trial with 20 hours', sub({ price: 0, endDate: at(20 * HOUR_MS) }), ['activation', 'trialEnding']],
    ['trial with exactly 1 day', sub({ price: 0, endDate: at(DAY_MS) }), ['activation', 'trialEnding']],
    ['trial with 2 days', sub({ price: 0, endDate: at(2 * DAY_MS) }), ['activation']],
    ['trial ended', sub({ price: 0, endDate: at(-HOUR_MS) }), ['activation']],
  ] as const)('%s → %j', (_name, subscription, expected) => {
    expect(subscriptionBanners(subscription, NOW)).toEqual(expected);
  });
});

describe('content gate (SPEC §4)', () => {
  it('opens for an active paid plan only, saying trial for a zero price and no plan otherwise', () => {
    expect(contentGate(sub(), NOW)).toBe('open');
    expect(contentGate(null, NOW)).toBe('noPlan');
    expect(contentGate(sub({ price: 0, endDate: at(HOUR_MS) }), NOW)).toBe('trial');
    expect(contentGate(sub({ price: 0, endDate: at(-HOUR_MS) }), NOW)).toBe('trial');
    expect(contentGate(sub({ endDate: at(-HOUR_MS) }), NOW)).toBe('noPlan');
    expect(contentGate(sub({ status: 'inactive' }), NOW)).toBe('noPlan');
  });
});
