import type { PlanId } from '#protocol/domain/plans.ts';

/** A plan's name (the app catalog's, as My Plan shows it), for every screen that lists clients' plans. */
export const PLAN_LABELS: Record<PlanId | 'trial', string> = {
  monthly: 'subscription.typeMonthly',
  quarterly: 'subscription.typeQuarterly',
  annual: 'subscription.typeAnnual',
  trial: 'subscription.typeTrial',
};
