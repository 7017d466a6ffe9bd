import { describe, expect, it } from 'vitest';
import { ATTENTION_FILTERS, attentionOf, type AttentionFacts } from './attention.ts';

const now = Date.UTC(2026, 10, 28, 15, 0);
const daysAgo = (days: number) => new Date(now - days * 86_400_000).toISOString();
const facts = (over: Partial<AttentionFacts> = {}): AttentionFacts => ({ weighIns: [], completedDays: [], today: '2026-11-28', lastCheckIn: null, lastOpenAt: null, plan: null, lastWorkoutAt: null, hasWorkoutPlan: false, now, ...over });

describe('who needs attention (issue 22, part 3)', () => {
  it('counts whole days since the last weigh-in and reads the 4-week trend in kg/week', () => {
    // 0.5 kg a week down for five weeks, a weigh-in every other day, the latest 9 days ago.
    const weighIns = Array.from({ length: 18 }, (_, k) => ({ weight: 80 + (k * 2 * 0.5) / 7, createdAt: daysAgo(9 + 2 * k) }));
    const attention = attentionOf(facts({ weighIns }));
    expect(attention.lastWeighInAt).toBe(daysAgo(9));
    expect(attention.daysSinceWeighIn).toBe(9);
    expect(attention.trendKgPerWeek).toBeLessThan(-0.3);
    expect(attention.trendKgPerWeek).toBeGreaterThan(-0.6);
    expect(ATTENTION_FILTERS.noWeighIn7(attention)).toBe(true);
    expect(ATTENTION_FILTERS.noWeighIn7(attentionOf(facts({ weighIns: [{ weight: 80, createdAt: daysAgo(6.9) }] })))).toBe(false);
  });

  it('counts a student who never weighed in as having no weigh-in, with no trend', () => {
    const attention = attentionOf(facts());
    expect([attention.daysSinceWeighIn, attention.trendKgPerWeek, ATTENTION_FILTERS.noWeighIn7(attention)]).toEqual([null, null, true]);
  });

  it('shares the completed days among the last 7 and 30 days of the student’s calendar, today included, nothing before or after', () => {
    const completedDays = ['2026-11-28', '2026-11-27', '2026-11-22', '2026-11-21', '2026-10-30', '2026-10-29', '2026-11-29'];
    const attention = attentionOf(facts({ completedDays }));
    expect(attention.tracking7).toBe(0.43); // 28, 27, 22 of the 22nd to the 28th
    expect(attention.tracking30).toBe(0.17); // and the 21st and 30 October: 5 of 30
  });

  it('says whether the latest check-in waits for review, and when a plan ends within a week', () => {
    const waiting = attentionOf(facts({ lastCheckIn: { week: '2026-11-23', reviewedAt: null }, plan: { planId: 'monthly', status: 'active', daysRemaining: 7 } }));
    expect([waiting.lastCheckIn, ATTENTION_FILTERS.checkInWaiting(waiting), waiting.daysLeft, ATTENTION_FILTERS.planEnding7(waiting)]).toEqual([{ week: '2026-11-23', reviewed: false }, true, 7, true]);
    const fine = attentionOf(facts({ lastCheckIn: { week: '2026-11-23', reviewedAt: daysAgo(1) }, plan: { planId: 'quarterly', status: 'active', daysRemaining: 8 } }));
    expect([ATTENTION_FILTERS.checkInWaiting(fine), ATTENTION_FILTERS.planEnding7(fine)]).toEqual([false, false]);
    const expired = attentionOf(facts({ plan: { planId: 'monthly', status: 'expired', daysRemaining: 0 } }));
    expect([expired.planStatus, expired.daysLeft, ATTENTION_FILTERS.planEnding7(expired)]).toEqual(['expired', null, false]);
  });

  it('counts whole days since the app last reached the server', () => {
    expect(attentionOf(facts({ lastOpenAt: now - 2.5 * 86_400_000 })).daysSinceOpen).toBe(2);
    expect(attentionOf(facts()).daysSinceOpen).toBeNull();
  });

  it('counts whole days since the latest finished workout, and flags a week without one only for a student with a workout plan', () => {
    const trained = attentionOf(facts({ lastWorkoutAt: daysAgo(6.9), hasWorkoutPlan: true }));
    expect([trained.lastWorkoutAt, trained.daysSinceWorkout, ATTENTION_FILTERS.noWorkout7(trained)]).toEqual([daysAgo(6.9), 6, false]);
    const lapsed = attentionOf(facts({ lastWorkoutAt: daysAgo(7), hasWorkoutPlan: true }));
    expect([lapsed.daysSinceWorkout, ATTENTION_FILTERS.noWorkout7(lapsed)]).toEqual([7, true]);
    const never = attentionOf(facts({ hasWorkoutPlan: true }));
    expect([never.daysSinceWorkout, ATTENTION_FILTERS.noWorkout7(never)]).toEqual([null, true]);
    expect(ATTENTION_FILTERS.noWorkout7(attentionOf(facts({ lastWorkoutAt: daysAgo(30) })))).toBe(false);
    expect(ATTENTION_FILTERS.noWorkout7(attentionOf(facts()))).toBe(false);
  });
});
