import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { listenForInstallPrompt } from './lib/install-prompt.ts';
import { rememberReferral } from './lib/referral.ts';

listenForInstallPrompt();
rememberReferral(window.location.search);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The service worker precaches the app shell so the app opens with no network (ADR 005).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => console.error('sw.register', error));
  });
}
