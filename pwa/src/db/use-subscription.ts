import { useLiveData } from './live-data.ts';
import { contentGate, subscriptionStatus, type Gate } from '#protocol/domain/subscription-time.ts';
import type { SubscriptionDto } from '#protocol/contract/subscriptions.ts';
import { useCurrentDb } from './current.ts';

/**
 * The subscription this device holds (pulled read-only), chosen as the server does: the active
 * paid one, else the active one, else the most recent. Status is recomputed against `now`, so
 * expiry and the content gate work offline.
 */
export function pickCurrent(subscriptions: SubscriptionDto[], now: number): SubscriptionDto | null {
  const withStatus = subscriptions
    .map((s) => ({ ...s, status: subscriptionStatus(s, now) }))
    .sort((a, b) => b.endDate.localeCompare(a.endDate));
  return withStatus.find((s) => s.status === 'active' && !s.isTrial) ?? withStatus.find((s) => s.status === 'active') ?? withStatus[0] ?? null;
}

export function useLocalSubscription(now: number): { loading: boolean; subscription: SubscriptionDto | null; gate: Gate; now: number } {
  const db = useCurrentDb();
  const all = useLiveData(async () => {
    if (!db) return undefined;
    const [subscriptions, pulled] = await Promise.all([db.subscriptions.toArray(), db.getMeta<string>('lastSyncAt')]);
    // A device that has never pulled does not know the plan: its empty table is no answer yet. A
    // new phone showed "activate your plan" until the first pull, and the page moved twice.
    return subscriptions.length === 0 && !pulled ? undefined : subscriptions;
  }, [db]);
  // `now` ticks for countdowns; a plan that just arrived is judged against the present moment.
  const at = Math.max(now, Date.now());
  const subscription = all ? pickCurrent(all, at) : null;
  return { loading: all === undefined, subscription, gate: contentGate(subscription, at), now: at };
}
