import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { daysInApp, pendingToday } from './dashboard-tiles.ts';

describe('daysInApp', () => {
  it('counts the registration day as day 1', () => {
    expect(daysInApp('2026-11-21', '2026-11-21')).toBe(1);
    expect(daysInApp('2026-11-20', '2026-11-21')).toBe(2);
  });

  it('counts across months, leap days and the daylight-saving change', () => {
    expect(daysInApp('2026-01-31', '2026-03-01')).toBe(30);
    expect(daysInApp('2028-02-28', '2028-03-01')).toBe(3);
    expect(daysInApp('2026-10-31', '2026-11-02')).toBe(3);
    expect(daysInApp('2025-11-21', '2026-11-21')).toBe(366);
  });

  it('never shows less than one day, even with a device clock behind the server', () => {
    expect(daysInApp('2026-11-22', '2026-11-21')).toBe(1);
  });

  it('shows 0 for a date it cannot read', () => {
    expect(daysInApp('', '2026-11-21')).toBe(0);
    expect(daysInApp('2026-02-30', '2026-03-01')).toBe(0);
  });

  it('grows by exactly one per calendar day', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01'), max: new Date('2090-01-01'), noInvalidDate: true }), fc.integer({ min: 0, max: 4000 }), (start, days) => {
        const from = start.toISOString().slice(0, 10);
        const to = new Date(Date.parse(`${from}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
        expect(daysInApp(from, to)).toBe(days + 1);
      }),
    );
  });
});

describe('pendingToday', () => {
  const base = { workoutScheduledToday: true, hasPublishedDiet: true, workoutCompleted: false, dietFollowed: false };

  it('is 1 for each thing due and not yet done', () => {
    expect(pendingToday(base)).toEqual({ workout: 1, diet: 1 });
  });

  it('is 0 once done', () => {
    expect(pendingToday({ ...base, workoutCompleted: true, dietFollowed: true })).toEqual({ workout: 0, diet: 0 });
  });

  it('is 0 on a rest day and without a published diet', () => {
    expect(pendingToday({ ...base, workoutScheduledToday: false, hasPublishedDiet: false })).toEqual({ workout: 0, diet: 0 });
  });
});
