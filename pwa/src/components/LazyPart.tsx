import { Component, lazy, startTransition, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { LoadFailedNotice } from './LoadFailedNotice.tsx';

/** A lazily loaded part's code that did not arrive; `retry` makes the part's next render fetch it again. */
class PartLoadError extends Error {
  constructor(
    cause: unknown,
    readonly retry: () => void,
  ) {
    super('part.load', { cause });
  }
}

/** Shows the notice in place of a part whose code did not arrive; any other error goes on to the boundary above. */
class PartBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (!(error instanceof PartLoadError)) throw error;
    const retry = () => {
      error.retry();
      // A transition: the notice stays until the code has arrived, rather than the Suspense
      // fallback above (for a part of the dashboard, the whole page's spinner).
      startTransition(() => this.setState({ error: null }));
    };
    return <LoadFailedNotice onRetry={retry} />;
  }
}

/**
 * React's `lazy` for a part of the app loaded apart (a screen, a card, a dialog), with a way back
 * when its code does not arrive: the part shows a notice in its place with a Retry (not a blank
 * page, nor a tap that does nothing), and the rest of the screen stays. `lazy` keeps a failed load
 * for good, so a retry starts a new one. Suspense is the caller's, as with `lazy`.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const attempt = (): LazyExoticComponent<ComponentType<P>> => {
    const part = lazy(() =>
      load().then(
        (loaded) => ({ default: loaded }),
        (cause: unknown) => {
          throw new PartLoadError(cause, () => {
            if (current === part) current = attempt(); // once, however many places showed the notice
          });
        },
      ),
    );
    return part;
  };
  let current = attempt();
  // Reads `current` when it renders: after a retry the boundary mounts it anew, with the new load.
  function Current(props: P) {
    const Part = current;
    return <Part {...props} />;
  }
  return function LazyPart(props: P) {
    return (
      <PartBoundary>
        <Current {...props} />
      </PartBoundary>
    );
  };
}
