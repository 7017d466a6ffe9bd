import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { MEASUREMENT_FIELDS } from '#protocol/conflict/rules.ts';
import type { StaffUserDetail } from '#protocol/contract/staff.ts';
import { ClientPhotos } from './ClientPhotos.tsx';
import { trendRatePerWeek, weightTrend } from '#protocol/domain/weight-trend.ts';
import { WeightTrendChart } from '#pwa/components/WeightTrendChart.tsx';
import { useMeasures } from '#pwa/db/use-measures.ts';

/**
 * What the client logs, as their coach reads it (issue 21, part 5): the weigh-ins under the
 * smoothed trend with its weekly rate (the rule /progress uses), the body measurements and the
 * photos, newest first. In the coach's own units.
 */
export function ClientProgressCard({ client }: { client: Pick<StaffUserDetail, 'weighIns' | 'bodyMeasurements' | 'progressPhotos' | 'targetWeight'> }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const measures = useMeasures();
  const { trend, rate } = useMemo(() => {
    const points = weightTrend(client.weighIns);
    return { trend: points, rate: trendRatePerWeek(points, Date.now()) };
  }, [client.weighIns]);
  const sites = MEASUREMENT_FIELDS.filter((field) => client.bodyMeasurements.some((record) => record[field] !== null));
  const percent = (value: number) => intl.formatNumber(value / 100, { style: 'percent', maximumFractionDigits: 1 });

  return (
    <Card variant="outlined" data-testid="admin-client-progress">
      <CardContent>
        <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
          {t('admin.progress.title')}
        </Typography>
        <WeightTrendChart
          trend={trend}
          targetKg={client.targetWeight}
          title={t('admin.progress.chartTitle')}
          weightLabel={t('admin.progress.weight')}
          trendLabel={t('admin.progress.trend')}
          targetLabel={t('admin.progress.target')}
          emptyText={t(client.weighIns.length === 0 ? 'admin.progress.noWeighIns' : 'admin.progress.chartNeedsTwo')}
          height={200}
        />
        {rate !== null && (
          <Typography variant="body2" sx={{ mt: 1 }} data-testid="admin-trend-rate">
            {t('admin.progress.rate', { rate: measures.weightDifference(rate, 0) })}
          </Typography>
        )}
        <Typography variant="subtitle1" component="h4" sx={{ mt: 2 }}>
          {t('admin.progress.measurements')}
        </Typography>
        {client.bodyMeasurements.length === 0 ? (
          <Typography color="text.secondary" data-testid="admin-no-measurements">
            {t('admin.progress.noMeasurements')}
          </Typography>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" data-testid="admin-measurements">
              <TableHead>
                <TableRow>
                  <TableCell component="th" scope="col">
                    {t('admin.progress.date')}
                  </TableCell>
                  {sites.map((field) => (
                    <TableCell key={field} component="th" scope="col" align="right">
                      {t(`measurements.sites.${field}`)}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {client.bodyMeasurements.map((record) => (
                  <TableRow key={record.id}>
                    <TableCell component="th" scope="row">
                      {intl.formatDate(record.createdAt, { dateStyle: 'medium' })}
                    </TableCell>
                    {sites.map((field) => {
                      const value = record[field];
                      return (
                        <TableCell key={field} align="right">
                          {value === null ? '—' : field === 'bodyFat' ? percent(value) : measures.length(value)}
                        </TableCell>
                      );
                    })}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
        <Typography variant="subtitle1" component="h4" sx={{ mt: 2, mb: 1 }}>
          {t('admin.progress.photos')}
        </Typography>
        <ClientPhotos photos={client.progressPhotos} />
      </CardContent>
    </Card>
  );
}
