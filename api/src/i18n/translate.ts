import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import { flattenMessages, sharedCatalogs } from '#protocol/i18n/messages.ts';
import { LOCALES, type Locale } from '#protocol/i18n/locales.ts';
import ptBR from './pt-BR.json' with { type: 'json' };
import esAR from './es-AR.json' with { type: 'json' };
import enUS from './en-US.json' with { type: 'json' };

/** Texts only the server writes (notifications it creates), kept out of the catalogs browsers load. */
export const serverCatalogs = { 'pt-BR': ptBR, 'es-AR': esAR, 'en-US': enUS } satisfies Record<Locale, typeof ptBR>;

const cache = createIntlCache();
const intls = Object.fromEntries(
  LOCALES.map((locale) => [locale, createIntl({ locale, messages: flattenMessages(serverCatalogs[locale], '', flattenMessages(sharedCatalogs[locale])) }, cache)]),
) as Record<Locale, IntlShape>;

/** Translates a shared (`errors.*`, `validation.*`) or server (`notifications.*`) key for a response or a stored text. */
export function translate(locale: Locale, key: string, values?: Record<string, string | number>): string {
  const intl = intls[locale];
  return intl.messages[key] === undefined ? key : intl.formatMessage({ id: key }, values);
}
