import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { isUnitSystem, unitSystemOfCountry } from '#protocol/domain/units.ts';
import { LOCALE_COUNTRY, toLocale } from '#protocol/i18n/locales.ts';
import { measuresFor, type Measures } from '#pwa/lib/measures.ts';
import { useSession } from '#pwa/lib/session.ts';
import { useLocalProfile } from './use-content.ts';

/**
 * The signed-in person's units (ADR 020): this device's profile (a switch made offline counts at
 * once), else the session's, else the usual ones of the language's country.
 */
export function useMeasures(): Measures {
  const intl = useIntl();
  const profile = useLocalProfile();
  const sessionSystem = useSession((s) => s.client?.unitSystem);
  const local = profile?.unitSystem;
  const system = isUnitSystem(local) ? local : isUnitSystem(sessionSystem) ? sessionSystem : unitSystemOfCountry(LOCALE_COUNTRY[toLocale(intl.locale) ?? 'pt-BR']);
  return useMemo(() => measuresFor(system, intl.locale), [system, intl.locale]);
}
