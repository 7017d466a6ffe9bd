import { useEffect } from 'react';
import { answer, apiClient, ApiRequestError } from '#pwa/lib/api.ts';
import { flush } from '#pwa/sync/user-data.ts';

let checkedFor: string | null = null;

/** Starts the trial; one started a moment ago by another device of this client counts (once per user). */
async function startTrial() {
  try {
    await answer(apiClient.subscriptions.trial.$post({ json: {} }));
  } catch (error) {
    if (!(error instanceof ApiRequestError && error.code === 'TRIAL_UNAVAILABLE')) throw error;
  }
}

/**
 * SPEC §4: on the first load after login, a client without any subscription gets the 24-hour
 * trial and the app refreshes its data. Login and registration have already taken them to
 * /dashboard; a first load anywhere else is a screen they opened by its address (a link, another
 * device), where they stay (ADR 008). A failure is only logged.
 */
export function useTrialOnFirstLoad(userId: string | null) {
  useEffect(() => {
    if (!userId || checkedFor === userId || !navigator.onLine) return;
    checkedFor = userId;
    void (async () => {
      try {
        const { subscription } = await answer(apiClient.subscriptions.active.$get());
        if (subscription) return;
        await startTrial();
        await flush();
      } catch (error) {
        console.error('trial.create', error);
      }
    })();
  }, [userId]);
}
