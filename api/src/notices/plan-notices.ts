/**
 * What a client is told about their plan (issue 50): a payment confirmed or refunded, at once;
 * the trial's end two hours ahead and a paid plan's three days ahead. Written in the transaction
 * that activates, starts or ends the plan; whether an ending is still ahead (no plan bought after
 * it, the trial not ended by a purchase) is decided when it falls due.
 */
import type { Notices } from './notices.ts';

const HOUR_MS = 3_600_000;
const TRIAL_NOTICE_MS = 2 * HOUR_MS;
const PLAN_NOTICE_MS = 3 * 24 * HOUR_MS;

export function createPlanNotices(notices: Notices, now: () => number) {
  return {
    async activated(userId: string, subscription: { id: string; endDate: number }): Promise<void> {
      await notices.schedule({ userId, kind: 'payment', key: `confirmed:${subscription.id}`, dueAt: now(), notAfter: null, payload: JSON.stringify({ event: 'confirmed', endsAt: subscription.endDate }) });
      await notices.schedule({ userId, kind: 'planEnding', key: subscription.id, dueAt: subscription.endDate - PLAN_NOTICE_MS, notAfter: subscription.endDate, payload: JSON.stringify({ subscriptionId: subscription.id }) });
    },
    async trialStarted(userId: string, trial: { id: string; endDate: number }): Promise<void> {
      await notices.schedule({ userId, kind: 'trialEnding', key: trial.id, dueAt: trial.endDate - TRIAL_NOTICE_MS, notAfter: trial.endDate, payload: JSON.stringify({ subscriptionId: trial.id }) });
    },
    async refunded(userId: string, subscriptionId: string): Promise<void> {
      await notices.schedule({ userId, kind: 'payment', key: `refunded:${subscriptionId}`, dueAt: now(), notAfter: null, payload: JSON.stringify({ event: 'refunded' }) });
    },
  };
}

export type PlanNotices = ReturnType<typeof createPlanNotices>;
