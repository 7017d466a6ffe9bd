import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import { flattenMessages, sharedCatalogs } from '#protocol/i18n/messages.ts';
import { LOCALES, type Locale } from '#protocol/i18n/locales.ts';

const cache = createIntlCache();
const intls = Object.fromEntries(
  LOCALES.map((locale) => [locale, createIntl({ locale, messages: flattenMessages(sharedCatalogs[locale]) }, cache)]),
) as Record<Locale, IntlShape>;

/** Translates a shared catalog key (`errors.*`, `validation.*`) for the server's responses. */
export function translate(locale: Locale, key: string, values?: Record<string, string | number>): string {
  const intl = intls[locale];
  return intl.messages[key] === undefined ? key : intl.formatMessage({ id: key }, values);
}
