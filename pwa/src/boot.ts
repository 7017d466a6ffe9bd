// The page's script. The app's code (main.tsx) is fetched and run once the browser has painted:
// a screen that arrives rendered in the page (ADR 026) shows before the code competes with it,
// and before the half second a slow phone spends evaluating it. The language the page names
// downloads alongside. No top-level await: the app's chunks import modules of this one, which
// must finish evaluating first.
import { toLocale } from '#protocol/i18n/locales.ts';
import { catalogModules } from './i18n/catalog-modules.ts';
import { catchInstallPrompt } from './lib/early-install-prompt.ts';
import { listenForEarlyTaps } from './lib/early-taps.ts';

// What happens before the app runs is kept for it: the browser's install prompt, a tap.
catchInstallPrompt();
if (document.getElementById('root')?.dataset.prerendered) listenForEarlyTaps();

/** After the next frame; a hidden tab paints none, and a timer starts the app there. */
function afterPaint(): Promise<void> {
  return new Promise((painted) => {
    requestAnimationFrame(() => setTimeout(painted));
    setTimeout(painted, 100);
  });
}

void afterPaint().then(() => {
  const locale = toLocale(document.documentElement.dataset.locale);
  // main.tsx loads it again, from the module cache; a failure is reported there.
  if (locale) catalogModules[locale]().catch(() => undefined);
  return import('./main.tsx');
});
