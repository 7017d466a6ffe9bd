import { useState } from 'react';
import { useIntl } from 'react-intl';
import Box from '@mui/material/Box';
import { MEASUREMENT_FIELDS, type BodyMeasurement, type MeasurementField } from '#protocol/conflict/rules.ts';
import { NativeSelectField } from '#pwa/components/NativeSelectField.tsx';
import { WeightChart } from '#pwa/components/WeightChart.tsx';
import { useMeasures } from '#pwa/db/use-measures.ts';

/**
 * One site's measurements over time (issue 21, part 4): the site picked among those measured, in
 * the person's unit, with the chart's table for screen readers. The waist first: it is the site
 * that moves most as fat is lost.
 */
export function SiteChart({ records }: { records: readonly BodyMeasurement[] }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const measures = useMeasures();
  const measured = MEASUREMENT_FIELDS.filter((field) => records.some((record) => record[field] !== null));
  const [chosen, setChosen] = useState<MeasurementField>('waist');
  const site = measured.includes(chosen) ? chosen : measured[0];
  if (!site) return null;
  const siteName = t(`measurements.sites.${site}`);
  const points = records.flatMap((record) => {
    const value = record[site];
    return value === null ? [] : [{ createdAt: record.createdAt, weight: site === 'bodyFat' ? value : measures.lengthFigure(value) }];
  });

  return (
    <Box sx={{ mt: 2 }} data-testid="measurement-chart">
      <Box sx={{ maxWidth: 280 }}>
        <NativeSelectField
          label={t('measurements.chartSite')}
          value={site}
          options={measured.map((field) => ({ value: field, label: t(`measurements.sites.${field}`) }))}
          onChange={(event) => setChosen(event.target.value as MeasurementField)}
          fullWidth
          slotProps={{ htmlInput: { 'data-testid': 'measurement-chart-site' } }}
        />
      </Box>
      <Box sx={{ mt: 1 }}>
        <WeightChart
          points={points}
          targetWeight={null}
          locale={intl.locale}
          unit={site === 'bodyFat' ? 'percent' : measures.system === 'us' ? 'inch' : 'centimeter'}
          title={t('measurements.chartTitle', { site: siteName })}
          weightLabel={siteName}
          targetLabel=""
          emptyText={t('measurements.chartNeedsTwo', { site: siteName.toLocaleLowerCase(intl.locale) })}
          height={180}
          testId="site-chart"
        />
      </Box>
    </Box>
  );
}
