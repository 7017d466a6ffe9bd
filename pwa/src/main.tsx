import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { prepareMessages } from './i18n/messages.ts';
import { useSession } from './lib/session.ts';
import { listenForInstallPrompt } from './lib/install-prompt.ts';
import { rememberReferral } from './lib/referral.ts';

// What the first screen waits for leaves with the app's code, not after its first render.
prepareMessages();
void useSession.getState().load();
listenForInstallPrompt();
rememberReferral(window.location.search);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});

// The service worker precaches the app shell so the app opens with no network (ADR 005).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => console.error('sw.register', error));
  });
}
