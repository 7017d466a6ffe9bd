import { ActivationGate } from '#pwa/components/ActivationGate.tsx';
import { PageHeading } from '#pwa/components/PageHeading.tsx';
import { PlaceholderScreen } from '#pwa/components/PlaceholderScreen.tsx';
import { useLocalSubscription } from '#pwa/db/use-subscription.ts';
import { useNow } from '#pwa/lib/use-now.ts';

/**
 * Diet and workout views behind the SPEC §4 gate, decided from the subscription on this device
 * (so it holds offline). The views themselves come with the client-experience issue.
 */
export function GatedScreen({ titleId }: { titleId: string }) {
  const now = useNow(60_000);
  const { loading, gate } = useLocalSubscription(now);
  if (loading) return null;
  if (gate === 'open') return <PlaceholderScreen titleId={titleId} />;
  return (
    <>
      <PageHeading titleId={titleId} />
      <ActivationGate gate={gate} />
    </>
  );
}
