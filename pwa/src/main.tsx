import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { loadMessages, prepareMessages } from './i18n/messages.ts';
import { useLocaleStore } from './i18n/locale-store.ts';
import { useSession } from './lib/session.ts';
import { listenForInstallPrompt } from './lib/install-prompt.ts';
import { rememberReferral } from './lib/referral.ts';
import { stopListeningForEarlyTaps } from './lib/early-taps.ts';
import { startHydrating } from './lib/hydration.ts';
import { registerServiceWorkerAfterLoad } from './lib/service-worker.ts';

// What the first screen waits for leaves with the app's code, not after its first render.
prepareMessages();
void useSession.getState().load();
listenForInstallPrompt();
rememberReferral(window.location.search);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

/**
 * The server sent this screen already rendered (scripts/vite/locale-pages.ts) in the page's
 * language. It is hydrated when the app would render the same: same path, no other language
 * stored on this device, and for a signed-in screen, which is laid out for a phone, no wider
 * screen (`data-wide-screen`, where the page hides it). Otherwise the app renders from scratch.
 */
function prerenderedLocale() {
  const { locale } = useLocaleStore.getInitialState();
  const wide = root?.dataset.wideScreen;
  if (wide && window.matchMedia(wide).matches) return null;
  return root?.dataset.prerendered === window.location.pathname && locale === document.documentElement.dataset.locale ? locale : null;
}

const locale = prerenderedLocale();
if (locale) {
  // Hydrated in the page's language from the first render: its catalog (boot.ts started it) is awaited.
  // In a transition, like the render below: React hydrates in slices that yield to input.
  void loadMessages(locale).then(
    () => {
      // Taps stay kept until the screen has hydrated (HydrationEnd, lib/hydration.ts).
      // The page hid a phone's screen on a wide one; from here the app lays it out for any width.
      delete root.dataset.wideScreen;
      startHydrating();
      startTransition(() => void hydrateRoot(root, app));
    },
    () => {
      stopListeningForEarlyTaps();
      startTransition(() => createRoot(root).render(app));
    },
  );
} else {
  // A tap on the page's buttons is not replayed on a screen rendered anew.
  stopListeningForEarlyTaps();
  root.replaceChildren();
  delete root.dataset.prerendered;
  delete root.dataset.wideScreen;
  startTransition(() => {
    createRoot(root).render(app);
  });
}

registerServiceWorkerAfterLoad(() => useSession.getState().status === 'anonymous');
