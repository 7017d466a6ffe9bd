// The page's script. The app's code (main.tsx) is fetched and run once the browser has painted:
// a screen that arrives rendered in the page (ADR 026) shows before the code competes with it,
// and before the half second a slow phone spends evaluating it. The language the page names
// downloads alongside. No top-level await: the app's chunks import modules of this one, which
// must finish evaluating first.
import { toLocale } from '#protocol/i18n/locales.ts';
import { catalogModules } from './i18n/catalog-modules.ts';
import { catchInstallPrompt } from './lib/early-install-prompt.ts';

// The browser's install prompt, which may come before the app runs, is kept for it (a tap on a
// prerendered page is kept by the page's own script, page-start.ts).
catchInstallPrompt();

/** After the next frame; a hidden tab paints none, and a timer starts the app there. */
function afterPaint(): Promise<void> {
  return new Promise((painted) => {
    requestAnimationFrame(() => setTimeout(painted));
    setTimeout(painted, 100);
  });
}

/**
 * The app's code, which the prerendered page names (`data-app-code`) instead of preloading it
 * before its paint: fetched all at once, so that running it in steps costs no round trip.
 */
function preloadAppCode() {
  const files = document.getElementById('root')?.dataset.appCode?.split(' ') ?? [];
  document.head.append(...files.map((file) => Object.assign(document.createElement('link'), { rel: 'modulepreload', href: file, crossOrigin: '' })));
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve));

/**
 * A page's first Intl formatter makes V8 load ICU's data (12–18 ms here, 50–70 ms on a phone
 * slowed 4×), and the time zone's first reading costs more. On a signed-in page the first ones
 * were the weight's unit and the day's date, inside the render of the device's first figures, the
 * longest task of the load (ADR 026); here they come in tasks of their own while the first pull
 * is on its way. One task was still over Lighthouse's 50 ms at 4×, so they are four: the locale's
 * plural rules, the numbering systems (about half of the first number formatter's cost, 7–8 ms
 * here), the number formatter (6–9 ms after it) and the time zone (2 ms). A signed-out page
 * formats no number and skips them.
 */
const loadIntlData = (locale: string): Array<() => void> => [
  () => new Intl.PluralRules(locale).select(1),
  () => Intl.supportedValuesOf?.('numberingSystem'),
  () => new Intl.NumberFormat(locale, { style: 'unit', unit: 'kilogram', unitDisplay: 'short' }).format(1),
  () => Intl.DateTimeFormat().resolvedOptions(),
];

void afterPaint().then(async () => {
  const locale = toLocale(document.documentElement.dataset.locale);
  // main.tsx loads it again, from the module cache; a failure is reported there.
  if (locale) catalogModules[locale]().catch(() => undefined);
  // Starting a dozen module fetches takes a phone 40 ms; with the catalog's, over 50 ms in one task (ADR 026).
  await nextTask();
  preloadAppCode();
  // A phone runs a chunk's code in one task: emotion, MUI's styling engine, then the app's theme,
  // React's DOM renderer, the other packages, and the app's own code, each in a task of its own
  // (ADR 026; scripts/vite/chunk-groups.ts makes the chunks).
  await nextTask();
  await import('./emotion-libraries.ts');
  await nextTask();
  const { appTheme } = await import('./app/theme.ts');
  await nextTask();
  appTheme();
  await nextTask();
  await import('./libraries.ts');
  await nextTask();
  await import('./ui-libraries.ts');
  await nextTask();
  await import('./main.tsx');
  if (locale && document.documentElement.dataset.session !== 'none') {
    for (const load of loadIntlData(locale)) {
      await nextTask();
      load();
    }
  }
});
