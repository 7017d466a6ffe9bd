import type { Gate } from '#protocol/domain/subscription-time.ts';
import { useLocalSubscription } from './use-subscription.ts';
import { useNow } from '#pwa/lib/use-now.ts';

/** SPEC §4 gate from the subscription on this device, so it holds offline; undefined while loading. */
export function useContentGate(): Gate | undefined {
  const now = useNow(60_000);
  const { loading, gate } = useLocalSubscription(now);
  return loading ? undefined : gate;
}
