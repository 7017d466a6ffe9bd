/**
 * Who needs attention (issue 22, part 3): per student, the figures a coach reads to decide whom
 * to talk to today, each with one definition, computed on the server from its data.
 */
import { daysBetween } from './check-ins.ts';
import type { PlanId } from './plans.ts';
import { trendRatePerWeek, weightTrend, type WeighIn } from './weight-trend.ts';

const DAY_MS = 86_400_000;

export interface AttentionFacts {
  /** The student's weigh-ins (any order); the trend is read over the last four weeks. */
  weighIns: readonly WeighIn[];
  /** The local dates (the student's calendar) of the days they completed. */
  completedDays: readonly string[];
  /** Today on the student's calendar. */
  today: string;
  lastCheckIn: { week: string; reviewedAt: string | null } | null;
  /** When one of their devices last reached the server (ms), or null if none ever did. */
  lastOpenAt: number | null;
  plan: { planId: PlanId | 'trial'; status: 'active' | 'inactive' | 'expired'; daysRemaining: number } | null;
  /** When their latest finished workout session started (ISO), or null if they never finished one. */
  lastWorkoutAt: string | null;
  /** Whether they have a published workout plan: only then is a week without a session a sign. */
  hasWorkoutPlan: boolean;
  now: number;
}

export interface Attention {
  lastWeighInAt: string | null;
  /** Whole days since the last weigh-in; null if they never weighed in. */
  daysSinceWeighIn: number | null;
  /** The trend's slope over the last 4 weeks, kg/week to 0.01 (negative when losing); null with too few weigh-ins. */
  trendKgPerWeek: number | null;
  /** Completed days among the last 7 and 30 days of their calendar, today included, 0 to 1 to 0.01. */
  tracking7: number;
  tracking30: number;
  lastCheckIn: { week: string; reviewed: boolean } | null;
  /** Whole days since the app last reached the server; null if it never did. */
  daysSinceOpen: number | null;
  planId: PlanId | 'trial' | null;
  planStatus: 'active' | 'inactive' | 'expired';
  /** Days left of the plan when it is active; null otherwise. */
  daysLeft: number | null;
  /** When their latest finished workout session started; null if they never finished one. */
  lastWorkoutAt: string | null;
  /** Whole days since that session; null if there is none. */
  daysSinceWorkout: number | null;
  hasWorkoutPlan: boolean;
}

const wholeDaysSince = (at: number, now: number) => Math.max(0, Math.floor((now - at) / DAY_MS));
const share = (done: number, of: number) => Math.round((done / of) * 100) / 100;

/** The completed days among the `days` days ending `today`, as a share. */
function completion(completedDays: readonly string[], today: string, days: number): number {
  const within = new Set(completedDays.filter((day) => {
    const back = daysBetween(day, today);
    return back >= 0 && back < days;
  }));
  return share(within.size, days);
}

export function attentionOf(facts: AttentionFacts): Attention {
  const latest = facts.weighIns.reduce<WeighIn | null>((last, weighIn) => (last === null || weighIn.createdAt > last.createdAt ? weighIn : last), null);
  const rate = trendRatePerWeek(weightTrend(facts.weighIns), facts.now);
  return {
    lastWeighInAt: latest?.createdAt ?? null,
    daysSinceWeighIn: latest ? wholeDaysSince(Date.parse(latest.createdAt), facts.now) : null,
    trendKgPerWeek: rate === null ? null : Math.round(rate * 100) / 100,
    tracking7: completion(facts.completedDays, facts.today, 7),
    tracking30: completion(facts.completedDays, facts.today, 30),
    lastCheckIn: facts.lastCheckIn ? { week: facts.lastCheckIn.week, reviewed: facts.lastCheckIn.reviewedAt !== null } : null,
    daysSinceOpen: facts.lastOpenAt === null ? null : wholeDaysSince(facts.lastOpenAt, facts.now),
    planId: facts.plan?.planId ?? null,
    planStatus: facts.plan?.status ?? 'inactive',
    daysLeft: facts.plan?.status === 'active' ? facts.plan.daysRemaining : null,
    lastWorkoutAt: facts.lastWorkoutAt,
    daysSinceWorkout: facts.lastWorkoutAt === null ? null : wholeDaysSince(Date.parse(facts.lastWorkoutAt), facts.now),
    hasWorkoutPlan: facts.hasWorkoutPlan,
  };
}

/** The attention view's filters, each one rule. */
export const ATTENTION_FILTERS = {
  /** No weigh-in for 7 days or more, or none ever. */
  noWeighIn7: (a: Attention) => a.daysSinceWeighIn === null || a.daysSinceWeighIn >= 7,
  /** Their latest check-in waits for the coach's review. */
  checkInWaiting: (a: Attention) => a.lastCheckIn !== null && !a.lastCheckIn.reviewed,
  /** An active plan with 7 days or fewer left. */
  planEnding7: (a: Attention) => a.daysLeft !== null && a.daysLeft <= 7,
  /** A published workout plan and no session finished for 7 days or more, or none ever. */
  noWorkout7: (a: Attention) => a.hasWorkoutPlan && (a.daysSinceWorkout === null || a.daysSinceWorkout >= 7),
} as const;
export type AttentionFilter = keyof typeof ATTENTION_FILTERS;
