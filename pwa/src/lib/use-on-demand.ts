import { useCallback, useMemo, useState, type ComponentType } from 'react';
import { showToast } from './toast.ts';

/**
 * A component the screen does not need to draw itself, such as the menu behind a button, loaded
 * apart to keep the first load light: pointing at or focusing its trigger starts the download
 * (`preload`), and `open(then)` runs `then` once the code is there (at once from the second time,
 * and offline from the service worker's cache). `preload` and `open` keep their identity across
 * renders (an effect may depend on them). A load that fails (offline before the app was cached, a
 * deploy in between) is told to the person: the tap must not just do nothing.
 */
export function useOnDemand<P extends object>(load: () => Promise<ComponentType<P>>, name: string) {
  const [Component, setComponent] = useState<ComponentType<P> | null>(null);
  const preload = useCallback(() => {
    load().catch(() => undefined); // `open` tries again and reports a failure
  }, [load]);
  const open = useCallback(
    (then: () => void) => {
      load()
        .then((loaded) => {
          setComponent(() => loaded);
          then();
        })
        .catch((error: unknown) => {
          console.error(`${name}.load`, error);
          showToast({ severity: 'error', title: { id: 'errors.loadFailedTitle' }, description: { id: 'errors.loadFailed' } });
        });
    },
    [load, name],
  );
  return useMemo(() => ({ Component, preload, open }), [Component, preload, open]);
}
