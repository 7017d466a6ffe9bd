import { describe, expect, it } from 'vitest';
import { dietFreshness } from './diet-freshness.ts';

const ZONE = 'America/Sao_Paulo';

describe('dietFreshness (SPEC §4)', () => {
  it('is noDiet without a published diet', () => {
    expect(dietFreshness([], '2026-11-22', ZONE)).toEqual({ state: 'noDiet' });
    expect(dietFreshness(['not a date'], '2026-11-22', ZONE)).toEqual({ state: 'noDiet' });
  });

  it('counts 30 days down from the publication day, the last valid day at 0', () => {
    expect(dietFreshness(['2026-11-22T12:00:00.000Z'], '2026-11-22', ZONE)).toEqual({ state: 'upToDate', daysRemaining: 30 });
    expect(dietFreshness(['2026-11-12T12:00:00.000Z'], '2026-11-22', ZONE)).toEqual({ state: 'upToDate', daysRemaining: 20 });
    expect(dietFreshness(['2026-10-23T12:00:00.000Z'], '2026-11-22', ZONE)).toEqual({ state: 'upToDate', daysRemaining: 0 });
  });

  it('is overdue by N days after the last valid day', () => {
    expect(dietFreshness(['2026-10-22T12:00:00.000Z'], '2026-11-22', ZONE)).toEqual({ state: 'overdue', daysOverdue: 1 });
    expect(dietFreshness(['2026-09-23T12:00:00.000Z'], '2026-11-22', ZONE)).toEqual({ state: 'overdue', daysOverdue: 30 });
  });

  it('judges by the latest publication, in the given time zone', () => {
    expect(dietFreshness(['2026-09-01T12:00:00.000Z', '2026-11-20T12:00:00.000Z', '2026-10-01T12:00:00.000Z'], '2026-11-22', ZONE)).toEqual({ state: 'upToDate', daysRemaining: 28 });
    // 01:30 UTC on the 22nd is still the 21st in São Paulo (UTC−3).
    expect(dietFreshness(['2026-11-22T01:30:00.000Z'], '2026-11-22', ZONE)).toEqual({ state: 'upToDate', daysRemaining: 29 });
    expect(dietFreshness(['2026-11-22T01:30:00.000Z'], '2026-11-22', 'UTC')).toEqual({ state: 'upToDate', daysRemaining: 30 });
  });

  it('never counts more than 30 days for a date ahead of today (a clock off by a day)', () => {
    expect(dietFreshness(['2026-11-23T12:00:00.000Z'], '2026-11-22', ZONE)).toEqual({ state: 'upToDate', daysRemaining: 30 });
  });
});
