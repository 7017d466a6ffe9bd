import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { answer, apiClient } from '#pwa/lib/api.ts';
import { flush } from '#pwa/sync/user-data.ts';

let checkedFor: string | null = null;

/**
 * SPEC §4: on the first load after login, a client without any subscription gets the 24-hour
 * trial; the app refreshes its data and goes to /dashboard. A failure is only logged.
 */
export function useTrialOnFirstLoad(userId: string | null) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!userId || checkedFor === userId || !navigator.onLine) return;
    checkedFor = userId;
    const landedOn = window.location.pathname;
    void (async () => {
      try {
        const { subscription } = await answer(apiClient.subscriptions.active.$get());
        if (subscription) return;
        await answer(apiClient.subscriptions.trial.$post({ json: {} }));
        await flush();
        // Go to the dashboard, unless the user has meanwhile opened another screen themselves.
        if (window.location.pathname === landedOn) navigate('/dashboard', { replace: true });
      } catch (error) {
        console.error('trial.create', error);
      }
    })();
  }, [userId, navigate]);
}
