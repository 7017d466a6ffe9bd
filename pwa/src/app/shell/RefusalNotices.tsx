import { useEffect } from 'react';
import { useCurrentDb } from '#pwa/db/current.ts';
import { useRefusals } from '#pwa/db/use-refusals.ts';
import { useOnDemand } from '#pwa/lib/use-on-demand.ts';

// Most visits have nothing refused: the notice's code loads the first time there is something to show.
const loadSnackbar = () => import('./RefusalSnackbar.tsx').then((m) => m.RefusalSnackbar);

/**
 * Changes the server refused, read from this user's database: whichever context synced (this
 * tab, another, the service worker) wrote them there, so every open page shows them, and one that
 * arrived with no page open is shown at the next open. They stay until the user dismisses them.
 */
export function RefusalNotices({ bottomOffset = 0 }: { bottomOffset?: number }) {
  const db = useCurrentDb();
  const refusals = useRefusals();
  const dismiss = () => void db?.refusals.bulkDelete(refusals.map((refusal) => refusal.id));
  const snackbar = useOnDemand(loadSnackbar, 'refusal-notice');
  const { open: showSnackbar } = snackbar;
  const anyRefused = refusals.length > 0;
  useEffect(() => {
    if (anyRefused) showSnackbar(() => undefined);
  }, [anyRefused, showSnackbar]);

  return snackbar.Component && <snackbar.Component refusals={refusals} bottomOffset={bottomOffset} onDismiss={dismiss} />;
}
