import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { isUnitSystem } from '#protocol/domain/units.ts';
import { measuresFor, type Measures } from '#pwa/lib/measures.ts';
import { useSession } from '#pwa/lib/session.ts';
import { useLocalProfile } from './use-content.ts';

/**
 * The signed-in person's units (ADR 020): this device's profile (a switch made offline counts at
 * once), else the session's (a profile pulled before units existed has none); metric, the stored
 * units, when neither says.
 */
export function useMeasures(): Measures {
  const intl = useIntl();
  const local = useLocalProfile()?.unitSystem;
  const sessionSystem = useSession((s) => s.client?.unitSystem);
  const system = isUnitSystem(local) ? local : isUnitSystem(sessionSystem) ? sessionSystem : 'metric';
  return useMemo(() => measuresFor(system, intl.locale), [system, intl.locale]);
}
