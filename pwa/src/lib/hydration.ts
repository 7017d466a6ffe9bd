import { startTransition, useEffect, useLayoutEffect, useState, type RefObject } from 'react';
import { replayEarlyTap, stopListeningForEarlyTaps } from './early-taps.ts';
import { screenShown } from './service-worker.ts';

// While React hydrates a page the build rendered (and while the build renders it: no document).
let hydrating = typeof document === 'undefined';

/** main.tsx, before hydrating the page's screen. */
export function startHydrating(): void {
  hydrating = true;
}

/** Whether React is hydrating a page the build rendered, for a state's first value (useHydrated). */
export const isHydrating = () => hydrating;

/**
 * Last inside the routes' Suspense boundary, which React hydrates after the rest of the page (and
 * only once the screen's lazy parts have arrived): its effect runs after those of every component
 * hydrated there, which have read `hydrating`; a component mounted later renders as hydrated at
 * once. The page stops keeping taps from React here, and a button tapped before (lib/early-taps.ts)
 * is tapped again a task later, after what hydrating set off (the typed text taken into a form's
 * state). Left to React while the screen's boundary waited for its lazy parts, a tap on the
 * dashboard's “Registrar peso” was lost. The screen is shown then, and the service worker may
 * install (lib/service-worker.ts).
 */
export function HydrationEnd(): null {
  useEffect(() => {
    hydrating = false;
    screenShown();
    stopListeningForEarlyTaps();
    const timer = setTimeout(replayEarlyTap);
    return () => clearTimeout(timer);
  }, []);
  return null;
}

/**
 * False while React hydrates a page the build rendered to HTML (and in that HTML), true once the
 * app runs it, and from the first render when it rendered the page itself (ADR 026). The switch
 * is a transition: React re-renders the screen in slices. (useSyncExternalStore with a server
 * snapshot did the same synchronously after hydrating, one long task of the whole login form.)
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(() => !hydrating);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}

/**
 * True one commit after `useHydrated`: for a part below a phone's fold that the page only holds
 * the place of, and that is heavy to mount (the daily card's switches and sliders, ADR 026).
 * Mounted with the rest of what follows hydration (the device's first answers for every card),
 * its styles and DOM made the longest task of a first visit; this way it commits on its own.
 */
export function useHydratedLater(): boolean {
  const hydrated = useHydrated();
  const [later, setLater] = useState(hydrated);
  useEffect(() => {
    if (hydrated && !later) startTransition(() => setLater(true));
  }, [hydrated, later]);
  return later;
}

/**
 * Text typed into a prerendered form before the app's code arrived: the fields show it but the
 * state does not have it (React keeps a field's text while hydrating, and its next render would
 * put the state's back). Read once, as the form mounts, and handed to `keep` by field name.
 */
export function useTypedBeforeHydration(form: RefObject<HTMLFormElement | null>, keep: (typed: Record<string, string>) => void): void {
  useLayoutEffect(() => {
    const typed: Record<string, string> = {};
    for (const field of Array.from(form.current?.elements ?? [])) {
      // Hydration sets a field's default to the state's value; a person typing changed only the value.
      if (field instanceof HTMLInputElement && field.name && field.value !== field.defaultValue) typed[field.name] = field.value;
    }
    if (Object.keys(typed).length > 0) keep(typed);
    // Once, on mount: later typing reaches the state through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
