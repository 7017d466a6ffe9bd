/** A plan bought, or the 24-hour trial, as the client's screens and pulls show it (SPEC §3, §4). */
import type { PlanId } from '../domain/plans.ts';
import type { SubscriptionStatus } from '../domain/subscription-time.ts';

export interface SubscriptionDto {
  id: string;
  planId: PlanId | 'trial';
  /** Minor units (cents); 0 is the trial. */
  price: number;
  currencyCode: string;
  status: SubscriptionStatus;
  startDate: string;
  endDate: string;
  isTrial: boolean;
  daysRemaining: number;
}
