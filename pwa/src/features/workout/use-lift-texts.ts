import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { useMeasures } from '#pwa/db/use-measures.ts';
import type { LoggedSet } from './exercise-history.ts';
import { loadText } from './typed-set.ts';

/** How an exercise's history says its figures, in the client's language and units (ADR 020). */
export function useLiftTexts() {
  const intl = useIntl();
  const measures = useMeasures();
  return useMemo(() => {
    const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
    const unit = measures.weightSymbol;
    // A load as it was typed (1.25 kg plates keep their decimals): "42,5 kg".
    const load = (kg: number) => t('training.history.load', { load: loadText(kg, measures, intl.locale), unit });
    // A history says the same few sets hundreds of times: each is worded once.
    const setTexts = new Map<string, string>();
    const setText = (set: LoggedSet) =>
      set.seconds !== null
        ? t('training.secondsShort', { seconds: set.seconds })
        : set.loadKg !== null
          ? t('training.history.loadSet', { load: load(set.loadKg), reps: set.reps ?? 0 })
          : t('training.history.repsSet', { reps: set.reps ?? 0 });
    return {
      measures,
      load,
      /** An estimate to 0.1: "116,7 kg". */
      estimate: (kg: number) => measures.weight(kg),
      /** A volume in whole units, grouped: "1.020 kg". */
      volume: (kg: number) => t('training.history.load', { load: intl.formatNumber(Math.round(measures.weightFigure(kg))), unit }),
      /** "40 kg × 8", "45 s", "12 reps". */
      set: (set: LoggedSet) => {
        const key = `${set.seconds} ${set.loadKg} ${set.reps}`;
        let text = setTexts.get(key);
        if (text === undefined) setTexts.set(key, (text = setText(set)));
        return text;
      },
      date: (iso: string) => intl.formatDate(iso, { dateStyle: 'medium' }),
    };
  }, [intl, measures]);
}
