import { useState } from 'react';
import { useIntl } from 'react-intl';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MEASUREMENT_FIELDS, type BodyMeasurement, type MeasurementField } from '#protocol/conflict/rules.ts';
import { navyBodyFatPercent } from '#protocol/domain/body-fat.ts';
import { CorrectableRow } from '#pwa/components/CorrectableRow.tsx';
import { FeatureMessages } from '#pwa/components/FeatureMessages.tsx';
import { HealthConsentNotice } from '#pwa/components/HealthConsentNotice.tsx';
import { useHealthConsent } from '#pwa/db/use-health-consent.ts';
import { useBodyMeasurements } from '#pwa/db/use-body-measurements.ts';
import { useLocalProfile } from '#pwa/db/use-content.ts';
import { useMeasures } from '#pwa/db/use-measures.ts';
import { useSession } from '#pwa/lib/session.ts';
import { loadMeasurementMessages } from './i18n/messages.ts';
import { LogMeasurementsButton } from './LogMeasurementsButton.tsx';
import { MeasurementFormDialog } from './MeasurementFormDialog.tsx';
import { useMeasurementWrites } from './measurement-writes.ts';
import { SiteChart } from './SiteChart.tsx';

/** Each field's newest and oldest values, from records newest first. */
function latestAndFirst(records: readonly BodyMeasurement[], field: MeasurementField) {
  const measured = records.filter((record) => record[field] !== null);
  const latest = measured[0];
  const first = measured.at(-1);
  return latest && first ? { latest: latest[field] as number, first: first[field] as number, firstAt: first.createdAt, count: measured.length } : null;
}

/** The Navy estimate from the newest value of each site it needs, or why there is none. */
function useBodyFatEstimate(records: readonly BodyMeasurement[]) {
  const profile = useLocalProfile();
  const client = useSession((s) => s.client);
  const person = profile?.id ? profile : client;
  const sex = person?.gender === 'male' || person?.gender === 'female' ? person.gender : null;
  const heightCm = typeof person?.height === 'number' ? person.height : null;
  if (sex === null || heightCm === null) return { kind: 'needsProfile' as const };
  const newest = (field: MeasurementField) => records.find((record) => record[field] !== null)?.[field] ?? null;
  const [neckCm, waistCm, hipCm] = [newest('neck'), newest('waist'), newest('hip')];
  const missing = (['neck', 'waist', ...(sex === 'female' ? (['hip'] as const) : [])] as const).filter((field) => newest(field) === null);
  const percent = missing.length === 0 ? navyBodyFatPercent({ sex, heightCm, neckCm: neckCm as number, waistCm: waistCm as number, hipCm }) : null;
  return percent === null ? { kind: 'needsSites' as const, missing } : { kind: 'estimate' as const, percent, female: sex === 'female' };
}

function Measurements() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const measures = useMeasures();
  const consented = useHealthConsent();
  const records = useBodyMeasurements();
  const writes = useMeasurementWrites();
  const [editing, setEditing] = useState<BodyMeasurement | null>(null);
  const estimate = useBodyFatEstimate(records ?? []);

  const percent = (value: number) => intl.formatNumber(value / 100, { style: 'percent', maximumFractionDigits: 1 });
  const shown = (field: MeasurementField, value: number) => (field === 'bodyFat' ? percent(value) : measures.length(value));
  const change = (field: MeasurementField, from: number, to: number) =>
    field === 'bodyFat' ? intl.formatNumber((to - from) / 100, { style: 'percent', maximumFractionDigits: 1, signDisplay: 'exceptZero' }) : measures.lengthDifference(to, from);
  const day = (instant: string) => intl.formatDate(instant, { day: 'numeric', month: 'short', year: 'numeric' });

  return (
    <Card variant="outlined" sx={{ mt: 2 }} data-testid="measurements-card">
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
          <Typography variant="h6" component="h2">
            {t('measurements.title')}
          </Typography>
          <LogMeasurementsButton />
        </Stack>
        {consented === false && <HealthConsentNotice />}
        {records === undefined ? (
          <Skeleton variant="rounded" height={96} role="status" aria-label={t('measurements.loading')} />
        ) : records.length === 0 ? (
          <Typography color="text.secondary" data-testid="measurements-empty">
            {t('measurements.empty')}
          </Typography>
        ) : (
          <>
            <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }}>
              {t('measurements.latest')}
            </Typography>
            <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }} data-testid="measurements-latest">
              {MEASUREMENT_FIELDS.map((field) => {
                const values = latestAndFirst(records, field);
                if (!values) return null;
                return (
                  <Box key={field} sx={{ display: 'contents' }}>
                    <Typography component="dt" color="text.secondary">
                      {t(`measurements.sites.${field}`)}
                    </Typography>
                    <Typography component="dd" sx={{ m: 0 }} data-testid={`latest-${field}`}>
                      <strong>{shown(field, values.latest)}</strong>
                      {values.count > 1 && (
                        <Typography component="span" variant="body2" color="text.secondary">
                          {' · '}
                          {t('measurements.sinceFirst', { change: change(field, values.first, values.latest), date: day(values.firstAt) })}
                        </Typography>
                      )}
                    </Typography>
                  </Box>
                );
              })}
            </Box>
            <Box sx={{ mt: 2 }} data-testid="body-fat-estimate">
              {estimate.kind === 'estimate' ? (
                <>
                  <Typography>
                    {t('measurements.estimateTitle')}: <strong data-testid="body-fat-estimate-value">{percent(estimate.percent)}</strong>
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {t('measurements.estimateMethod', { female: String(estimate.female) })}
                  </Typography>
                </>
              ) : (
                <Typography variant="body2" color="text.secondary">
                  {estimate.kind === 'needsProfile'
                    ? t('measurements.estimateNeedsProfile')
                    : estimate.missing.length > 0
                      ? t('measurements.estimateNeedsSites', { sites: new Intl.ListFormat(intl.locale).format(estimate.missing.map((field) => t(`measurements.sites.${field}`).toLocaleLowerCase(intl.locale))) })
                      : t('measurements.estimateOutOfRange')}
                </Typography>
              )}
            </Box>
            <SiteChart records={records} />
            <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
              {t('measurements.history')}
            </Typography>
            <List dense data-testid="measurement-history">
              {records.map((record) => {
                const date = day(record.createdAt);
                return (
                  <CorrectableRow
                    key={record.id}
                    testId={`measurement-row-${record.id}`}
                    edit={{ label: t('measurements.editRecord', { date }), onClick: () => setEditing(record), testId: 'measurement-edit' }}
                    remove={{ label: t('measurements.deleteRecord', { date }), onClick: () => void writes.remove(record, date), testId: 'measurement-delete' }}
                    primary={date}
                    secondary={MEASUREMENT_FIELDS.filter((field) => record[field] !== null)
                      .map((field) => `${t(`measurements.sites.${field}`)} ${shown(field, record[field] as number)}`)
                      .join(' · ')}
                  />
                );
              })}
            </List>
          </>
        )}
      </CardContent>
      {editing && (
        <MeasurementFormDialog
          key={editing.id}
          titleId="measurements.editTitle"
          initial={writes.valuesOf(editing)}
          onClose={() => setEditing(null)}
          onSave={(values) => writes.edit(editing, values)}
        />
      )}
    </Card>
  );
}

/** /progress's body measurements (issue 21), from this device (offline too), with their own strings. */
export function MeasurementsCard() {
  return (
    <FeatureMessages load={loadMeasurementMessages} fallback={<Skeleton variant="rounded" height={160} sx={{ mt: 2 }} />}>
      <Measurements />
    </FeatureMessages>
  );
}
