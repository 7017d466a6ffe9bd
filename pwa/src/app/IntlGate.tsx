import { startTransition, useEffect, useState, type ReactNode } from 'react';
import type { Locale } from '#protocol/i18n/locales.ts';
import { FullPageSpinner } from '#pwa/components/FullPageSpinner.tsx';
import { AppIntlProvider } from '#pwa/i18n/AppIntlProvider.tsx';
import { useLocaleStore } from '#pwa/i18n/locale-store.ts';
import { loadedMessages, loadMessages, prepareMessages, type Messages } from '#pwa/i18n/messages.ts';

/**
 * Detects the locale when none is stored, loads its catalog, and keeps showing the previous
 * language while the next one loads (no flash of keys when switching).
 */
export function IntlGate({ children }: { children: ReactNode }) {
  const locale = useLocaleStore((s) => s.locale);
  // Messages already loaded (a prerendered page waits for them before hydrating) render at once.
  const [loaded, setLoaded] = useState<{ locale: Locale; messages: Messages } | null>(() => {
    const messages = locale ? loadedMessages(locale) : undefined;
    return locale && messages ? { locale, messages } : null;
  });

  useEffect(prepareMessages, []);

  const shownLocale = loaded?.locale;
  useEffect(() => {
    if (!locale || shownLocale === locale) return;
    let cancelled = false;
    loadMessages(locale)
      .then((messages) => {
        // A transition: rendering the whole app in the new language yields to input as it goes.
        if (!cancelled) startTransition(() => setLoaded({ locale, messages }));
      })
      .catch((error: unknown) => console.error('i18n.load', error));
    return () => {
      cancelled = true;
    };
  }, [locale, shownLocale]);

  if (!loaded) return <FullPageSpinner />;
  return (
    <AppIntlProvider locale={loaded.locale} messages={loaded.messages}>
      {children}
    </AppIntlProvider>
  );
}
