import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { Locale } from '#protocol/i18n/locales.ts';
import { AppIntlProvider } from '#pwa/i18n/AppIntlProvider.tsx';
import type { Messages } from '#pwa/i18n/messages.ts';
import { FullPageSpinner } from './FullPageSpinner.tsx';
import { LoadFailedNotice } from './LoadFailedNotice.tsx';

/**
 * Renders `children` with a feature's own strings (see `featureCatalog`) merged over the app's,
 * once they have loaded for the current language; while a new language loads, the previous
 * one's strings stay, as IntlGate does for the app. Until then `fallback` shows (a spinner for a
 * screen; a part of a screen gives its own placeholder). Strings that cannot load (offline, with a
 * version the service worker does not hold) say so, with a way to try again, instead of a
 * placeholder that never ends.
 */
export function FeatureMessages({ load, children, fallback }: { load: (locale: Locale) => Promise<Messages>; children: ReactNode; fallback?: ReactNode }) {
  const intl = useIntl();
  const locale = intl.locale as Locale;
  const [loaded, setLoaded] = useState<Messages | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    load(locale)
      .then((messages) => {
        if (!cancelled) setLoaded(messages);
      })
      .catch((error: unknown) => {
        console.error('i18n.feature.load', error);
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
    };
  }, [load, locale, attempt]);

  const messages = useMemo(() => (loaded ? ({ ...intl.messages, ...loaded } as Messages) : null), [intl.messages, loaded]);
  if (!messages && failed) {
    const retry = () => {
      setFailed(false);
      setAttempt((n) => n + 1);
    };
    return <LoadFailedNotice onRetry={retry} />;
  }
  if (!messages) return fallback ?? <FullPageSpinner label={intl.formatMessage({ id: 'app.loading' })} />;
  return (
    <AppIntlProvider locale={locale} messages={messages}>
      {children}
    </AppIntlProvider>
  );
}
