import { flattenMessages } from '#protocol/i18n/flatten.ts';
import type { Locale } from '#protocol/i18n/locales.ts';
import { catalogModules, type Catalog } from './catalog-modules.ts';
import { useLocaleStore } from './locale-store.ts';

/**
 * Flat messages for react-intl, keyed `section.key`. Typed as the catalogs' strings, which is what
 * tests and the dev server get; the production build hands over the same keys precompiled to ICU
 * ASTs (scripts/vite/precompiled-messages.ts), so read them only through react-intl.
 */
export type Messages = Record<string, string>;

const loading = new Map<Locale, Promise<Messages>>();
const loaded = new Map<Locale, Messages>();

/**
 * UI strings plus the shared error and validation messages, flat for react-intl. Loaded once per
 * language; a failed load is forgotten so that the next call tries again.
 */
export function loadMessages(locale: Locale): Promise<Messages> {
  let messages = loading.get(locale);
  if (!messages) {
    messages = catalogModules[locale]().then(([shared, ui]) => {
      const flat = flattenMessages(ui.default, '', flattenMessages(shared.default));
      loaded.set(locale, flat);
      return flat;
    });
    messages.catch(() => loading.delete(locale));
    loading.set(locale, messages);
  }
  return messages;
}

/**
 * A language's messages once `loadMessages` has them, else undefined: a page rendered to HTML at
 * build time is hydrated with its first render already in that language (IntlGate).
 */
export function loadedMessages(locale: Locale): Messages | undefined {
  return loaded.get(locale);
}

/**
 * A feature's own strings, in files of its own (`features/<f>/i18n/<locale>.json`): a staff
 * screen's hundreds of strings stay out of the catalog every client loads first, and arrive with
 * the screen (components/FeatureMessages.tsx merges them over the app's). One load per language.
 */
export function featureCatalog(loaders: Record<Locale, () => Promise<{ default: Catalog }>>): (locale: Locale) => Promise<Messages> {
  const cache = new Map<Locale, Promise<Messages>>();
  return (locale) => {
    let messages = cache.get(locale);
    if (!messages) {
      messages = loaders[locale]().then((module) => flattenMessages(module.default));
      messages.catch(() => cache.delete(locale));
      cache.set(locale, messages);
    }
    return messages;
  };
}

/** A screen's catalogs as one loader: both requests leave at once, and one spinner waits for them. */
export function mergedCatalogs(...loads: ((locale: Locale) => Promise<Messages>)[]): (locale: Locale) => Promise<Messages> {
  return (locale) => Promise.all(loads.map((load) => load(locale))).then((all) => Object.assign({}, ...all) as Messages);
}

let preparing: Promise<void> | undefined;

/**
 * Starts what the first screen waits for, once per page: the language (the stored one, else the
 * one the page names, else GET /locale) and then its catalog. main.tsx calls it before the first render, so both requests
 * leave with the app's code instead of after it rendered; IntlGate calls it too.
 */
export function prepareMessages(): void {
  preparing ??= useLocaleStore
    .getState()
    .detect()
    .then(() => {
      const { locale } = useLocaleStore.getState();
      if (locale) loadMessages(locale).catch(() => undefined); // IntlGate's own call reports a failure
    });
}
