import type { Locale } from '#protocol/i18n/locales.ts';
import type { NestedMessages } from '#protocol/i18n/flatten.ts';

export type Catalog = NestedMessages<string>;

/**
 * Each language is its own chunks, the UI strings and the shared error and validation messages
 * (sync-protocol/i18n): a client downloads only the language it uses. Apart from messages.ts so
 * that boot.ts can start the download alongside the app's code.
 */
export const catalogModules: Record<Locale, () => Promise<[{ default: Catalog }, { default: Catalog }]>> = {
  'pt-BR': () => Promise.all([import('#protocol/i18n/pt-BR.json'), import('./pt-BR.json')]),
  'es-AR': () => Promise.all([import('#protocol/i18n/es-AR.json'), import('./es-AR.json')]),
  'en-US': () => Promise.all([import('#protocol/i18n/en-US.json'), import('./en-US.json')]),
};
