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
    [5 * DAY_MS + 13 * HOUR_MS, { kind: 'days', days: 6 }], // ends at 01:00 UTC six days on
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
    expect(remainingTime(at(left), NOW, 'UTC')).toEqual(expected);
  });

  it('says the date is invalid', () => {
    expect(remainingTime('31/12/2026', NOW, 'UTC')).toEqual({ kind: 'invalid' });
  });

});

describe('days remaining: whole calendar days from today to the last day covered, in the client’s zone (ADR 018)', () => {
  const SP = 'America/Sao_Paulo';
  const NY = 'America/New_York';
  const days = (end: string, now: string, zone: string) => daysRemaining(end, Date.parse(now), zone);

  it('day 0 of a quarterly plan bought at 21:00 in São Paulo (already tomorrow in UTC) has 92 days, as everywhere', () => {
    expect(days('2027-02-24T00:00:00.000Z', '2026-11-24T00:00:00.000Z', SP)).toBe(92);
    expect(remainingTime('2027-02-24T00:00:00.000Z', Date.parse('2026-11-24T00:00:00.000Z'), SP)).toEqual({ kind: 'days', days: 92 });
  });

  it('drops by one at local midnight, not at the hour the plan was bought', () => {
    const end = '2026-12-01T15:00:00.000Z'; // 12:00 on 1 Dec in São Paulo
    expect(days(end, '2026-11-25T02:59:59.999Z', SP)).toBe(7); // 23:59:59 on 24 Nov
    expect(days(end, '2026-11-25T03:00:00.000Z', SP)).toBe(6); // 00:00 on 25 Nov
    expect(days(end, '2026-11-25T14:00:00.000Z', SP)).toBe(6);
  });

  it('is 0 on the last day until the end, and 0 once ended; an end at local midnight leaves the day before as the last', () => {
    const end = '2026-12-01T21:00:00.000Z'; // 18:00 on 1 Dec in São Paulo
    expect(days(end, '2026-12-01T03:00:00.000Z', SP)).toBe(0);
    expect(days(end, '2026-12-01T20:59:59.999Z', SP)).toBe(0);
    expect(days(end, end, SP)).toBe(0);
    expect(days(end, '2026-12-02T12:00:00.000Z', SP)).toBe(0);
    expect(days('2026-12-02T03:00:00.000Z', '2026-11-30T12:00:00.000Z', SP)).toBe(1); // ends 00:00 on 2 Dec: 1 Dec is the last day
    expect(daysRemaining('garbage', NOW, SP)).toBe(0);
  });

  it('counts days, not 24-hour spans, across the DST changes of New York', () => {
    expect(days('2026-03-09T16:00:00.000Z', '2026-03-07T17:00:00.000Z', NY)).toBe(2); // spring forward on 8 Mar: 47 h
    expect(days('2026-11-02T05:00:00.000Z', '2026-10-31T16:00:00.000Z', NY)).toBe(1); // fall back on 1 Nov: ends at 00:00 on 2 Nov
    expect(days('2026-11-02T04:59:59.000Z', '2026-10-31T04:30:00.000Z', NY)).toBe(1); // 00:30 on 31 Oct to 23:59 on 1 Nov: 49.5 h
  });

  it('counts days across a DST change of São Paulo (its clocks moved until 2019)', () => {
    expect(days('2018-11-05T02:00:00.000Z', '2018-11-03T15:00:00.000Z', SP)).toBe(1); // DST began 4 Nov: ends at 00:00 on 5 Nov
    expect(days('2019-02-18T03:00:00.000Z', '2019-02-15T12:00:00.000Z', SP)).toBe(2); // DST ended 17 Feb: ends at 00:00 on 18 Feb
  });

  it('the countdown card shows the banner’s number whenever it shows days (the 6 beside 5 of issue 17)', () => {
    for (let hours = 49; hours <= 24 * 40; hours += 7) {
      const end = at(hours * HOUR_MS);
      for (const zone of [SP, NY, 'UTC']) {
        const left = remainingTime(end, NOW, zone);
        expect(left).toEqual({ kind: 'days', days: daysRemaining(end, NOW, zone) });
      }
    }
  });
});

describe('banners (SPEC §4)', () => {
  it.each([
    ['no subscription', null, ['activation']],
    ['paid with 20 days', sub(), []],
    ['paid with 8 days', sub({ endDate: at(8 * DAY_MS) }), []],
    ['paid with 7 days', sub({ endDate: at(7 * DAY_MS) }), ['expiring']],
    ['paid with 1 hour', sub({ endDate: at(HOUR_MS) }), ['expiring']],
    ['paid, last day (0 days left, still active)', sub({ endDate: at(10 * HOUR_MS) }), ['expiring']],
    ['paid and ended', sub({ endDate: at(-HOUR_MS) }), ['activation', 'expired']],
    ['paid but inactive', sub({ status: 'inactive' }), ['activation']],
    ['trial with 20 hours', sub({ price: 0, endDate: at(20 * HOUR_MS) }), ['activation', 'trialEnding']],
    ['trial with exactly 1 day', sub({ price: 0, endDate: at(DAY_MS) }), ['activation', 'trialEnding']],
    ['trial with 2 days', sub({ price: 0, endDate: at(2 * DAY_MS) }), ['activation']],
    ['trial ended', sub({ price: 0, endDate: at(-HOUR_MS) }), ['activation']],
  ] as const)('%s → %j', (_name, subscription, expected) => {
    expect(subscriptionBanners(subscription, NOW, 'UTC')).toEqual(expected);
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
