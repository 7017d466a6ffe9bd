import { useLayoutEffect, useSyncExternalStore, type RefObject } from 'react';

const noSubscription = () => () => undefined;

/**
 * False while React hydrates a page the build rendered to HTML (and in that HTML), true once the
 * app runs it, and from the first render when it rendered the page itself (ADR 026).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
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
