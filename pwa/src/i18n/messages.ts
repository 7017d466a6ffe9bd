import { flattenMessages, sharedCatalogs } from '#protocol/i18n/messages.ts';
import type { Locale } from '#protocol/i18n/locales.ts';

type Catalog = Parameters<typeof flattenMessages>[0];

/** Each UI catalog is its own chunk: a client downloads only the language it uses. */
const uiCatalogs: Record<Locale, () => Promise<{ default: Catalog }>> = {
  'pt-BR': () => import('./pt-BR.json'),
  'es-AR': () => import('./es-AR.json'),
  'en-US': () => import('./en-US.json'),
};

/** UI strings plus the shared error and validation messages, flat for react-intl. */
export async function loadMessages(locale: Locale): Promise<Record<string, string>> {
  const ui = await uiCatalogs[locale]();
  return { ...flattenMessages(sharedCatalogs[locale]), ...flattenMessages(ui.default) };
}
