import { useEffect, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { DEFAULT_LOCALE, type Locale } from '#protocol/i18n/locales.ts';
import { FullPageSpinner } from '#pwa/components/FullPageSpinner.tsx';
import { useLocaleStore } from '#pwa/i18n/locale-store.ts';
import { loadMessages } from '#pwa/i18n/messages.ts';

/**
 * Detects the locale when none is stored, loads its catalog, and keeps showing the previous
 * language while the next one loads (no flash of keys when switching).
 */
export function IntlGate({ children }: { children: ReactNode }) {
  const locale = useLocaleStore((s) => s.locale);
  const detect = useLocaleStore((s) => s.detect);
  const [loaded, setLoaded] = useState<{ locale: Locale; messages: Record<string, string> } | null>(null);

  useEffect(() => {
    void detect();
  }, [detect]);

  useEffect(() => {
    if (!locale) return;
    let cancelled = false;
    loadMessages(locale)
      .then((messages) => {
        if (!cancelled) setLoaded({ locale, messages });
      })
      .catch((error: unknown) => console.error('i18n.load', error));
    return () => {
      cancelled = true;
    };
  }, [locale]);

  if (!loaded) return <FullPageSpinner />;
  return (
    <IntlProvider locale={loaded.locale} messages={loaded.messages} defaultLocale={DEFAULT_LOCALE}>
      {children}
    </IntlProvider>
  );
}
