import type { ReactNode } from 'react';
import { IntlProvider, ReactIntlErrorCode, type IntlConfig } from 'react-intl';
import { IntlMessageFormat } from 'intl-messageformat';
import { DEFAULT_LOCALE, type Locale } from '#protocol/i18n/locales.ts';
import type { Messages } from './messages.ts';

/** As react-intl reports errors by default (missing message, bad format): in development only. */
const reportIntlError: IntlConfig['onError'] = (error) => {
  // The one error the provider below causes on purpose.
  if (error.code === ReactIntlErrorCode.INVALID_CONFIG) return;
  if (import.meta.env.DEV) console.error(error);
};

/**
 * intl-messageformat resolves each message's locale the same way, through
 * Intl.NumberFormat.supportedLocalesOf, when it first formats a message with arguments (50–90 ms
 * in one task on the dashboard, unthrottled). Its public static hook for that takes the language as
 * given, for the reason below.
 */
IntlMessageFormat.resolveLocale = (locales) => new Intl.Locale(typeof locales === 'string' ? locales : (locales[0] ?? DEFAULT_LOCALE));

/**
 * react-intl's provider without its check that the browser has data for the language. Given a
 * locale, react-intl calls Intl.NumberFormat's and Intl.DateTimeFormat's supportedLocalesOf on
 * every provider it creates, and the first calls make V8 list every locale ICU holds: about 50 ms
 * on this machine, 200 ms of a slow phone's main thread, inside the first render (ADR 026). The
 * app's three languages are in every browser's ICU. Given no locale, react-intl skips the check
 * and uses the default locale, here the language, reporting the missing locale as a config error,
 * which is not one here. Numbers and dates still format in the language (intl.locale is it).
 */
export function AppIntlProvider({ locale, messages, children }: { locale: Locale; messages: Messages; children: ReactNode }) {
  return (
    // No locale ('' is none to react-intl): the language is the default locale.
    <IntlProvider locale="" defaultLocale={locale} messages={messages} onError={reportIntlError}>
      {children}
    </IntlProvider>
  );
}
