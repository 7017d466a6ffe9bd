import { useCallback, useEffect, useState } from 'react';
import type { PlanOffer, Support } from '#protocol/contract/plans.ts';
import { answer, apiClient } from '#pwa/lib/api.ts';

/** GET /api/plans for the current language; plans need the network (prices and links are live). */
export function usePlans(locale: string) {
  const [state, setState] = useState<{ plans: PlanOffer[] | null; support: Support | null; failed: boolean }>({ plans: null, support: null, failed: false });
  const load = useCallback(async () => {
    setState((s) => ({ ...s, failed: false }));
    try {
      const { plans, support } = await answer(apiClient.plans.$get());
      setState({ plans, support, failed: false });
    } catch (error) {
      console.error('plans.load', error);
      setState({ plans: null, support: null, failed: true });
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load, locale]);
  return { ...state, retry: load };
}
