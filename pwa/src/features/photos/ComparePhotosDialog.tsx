import { useState } from 'react';
import { useIntl } from 'react-intl';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { MEASUREMENT_FIELDS, PHOTO_POSES, type PhotoPose } from '#protocol/conflict/rules.ts';
import { NativeSelectField } from '#pwa/components/NativeSelectField.tsx';
import { PhotoImage } from '#pwa/components/PhotoImage.tsx';
import { useBodyMeasurements } from '#pwa/db/use-body-measurements.ts';
import { useMeasures } from '#pwa/db/use-measures.ts';
import { useWeightRecords } from '#pwa/db/use-weight-records.ts';
import { standingOn, type PhotoDay } from './photo-days.ts';

/**
 * Two days side by side (issue 21): the same pose's photo of each, then the weight and every
 * measured site as they stood on each day, and the change from the first to the second.
 */
export function ComparePhotosDialog({ days, dayOf, onClose }: { days: PhotoDay[]; dayOf: (instant: string) => string; onClose: () => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const measures = useMeasures();
  const weights = useWeightRecords() ?? [];
  const measurements = useBodyMeasurements() ?? [];
  // Short dates fit two columns on a phone; a calendar day read at noon UTC names the same date in every zone.
  const dayLabel = (day: string) => intl.formatDate(`${day}T12:00:00Z`, { dateStyle: 'short', timeZone: 'UTC' });
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  // The oldest day against the newest: the whole way so far.
  const [before, setBefore] = useState(days.at(-1)?.day ?? '');
  const [after, setAfter] = useState(days[0]?.day ?? '');
  const posesOf = (day: string) => days.find((d) => d.day === day)?.poses ?? {};
  const shared = PHOTO_POSES.filter((p) => posesOf(before)[p] && posesOf(after)[p]);
  const [pose, setPose] = useState<PhotoPose>(shared[0] ?? 'front');

  const options = days.map((d) => ({ value: d.day, label: dayLabel(d.day) }));
  const poseName = (p: PhotoPose) => t(`photos.poses.${p}`);
  const [then, now] = [standingOn(before, dayOf, weights, measurements), standingOn(after, dayOf, weights, measurements)];
  const signed = (value: number, unit: string) => intl.formatNumber(Math.round(value * 10) / 10 + 0, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1, signDisplay: 'exceptZero' });
  const rows = [
    {
      key: 'weight',
      label: t('photos.weight'),
      from: then.weight,
      to: now.weight,
      show: (kg: number) => measures.weight(kg),
      change: (a: number, b: number) => signed(measures.weightFigure(b) - measures.weightFigure(a), measures.system === 'us' ? 'pound' : 'kilogram'),
    },
    ...MEASUREMENT_FIELDS.map((field) => ({
      key: field,
      label: t(`measurements.sites.${field}`),
      from: then[field],
      to: now[field],
      show: (value: number) => (field === 'bodyFat' ? intl.formatNumber(value / 100, { style: 'percent', maximumFractionDigits: 1 }) : measures.length(value)),
      change: (a: number, b: number) =>
        field === 'bodyFat' ? intl.formatNumber((b - a) / 100, { style: 'percent', maximumFractionDigits: 1, signDisplay: 'exceptZero' }) : signed(measures.lengthFigure(b) - measures.lengthFigure(a), measures.system === 'us' ? 'inch' : 'centimeter'),
    })),
  ].filter((row) => row.from !== null || row.to !== null);

  const side = (day: string, heading: string, testId: string) => {
    const photo = posesOf(day)[pose];
    const date = dayLabel(day);
    return (
      <Box sx={{ flex: 1, minWidth: 0 }} data-testid={testId}>
        <NativeSelectField label={heading} value={day} options={options} onChange={(event) => (testId === 'compare-before' ? setBefore : setAfter)(event.target.value)} fullWidth slotProps={{ htmlInput: { 'data-testid': `${testId}-day` } }} />
        <Box sx={{ mt: 1, aspectRatio: '3 / 4', borderRadius: 1, overflow: 'hidden' }}>
          {photo ? (
            <PhotoImage
              photoId={photo.id}
              kind="image"
              alt={t('photos.photoAlt', { pose: poseName(pose).toLocaleLowerCase(intl.locale), date })}
              unavailableLabel={t('photos.unavailable')}
              sx={{ width: '100%', height: '100%' }}
            />
          ) : (
            <Box sx={{ height: '100%', display: 'grid', placeItems: 'center', bgcolor: 'action.hover', p: 1, textAlign: 'center' }}>
              <Typography variant="body2" color="text.secondary">
                {t('photos.noPhotoForPose')}
              </Typography>
            </Box>
          )}
        </Box>
      </Box>
    );
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={fullScreen} data-testid="photo-compare">
      <DialogTitle>{t('photos.compareTitle')}</DialogTitle>
      <DialogContent>
        <ToggleButtonGroup exclusive size="small" value={pose} onChange={(_, value: PhotoPose | null) => value && setPose(value)} aria-label={t('photos.comparePose')} sx={{ mb: 2 }}>
          {PHOTO_POSES.map((p) => (
            <ToggleButton key={p} value={p} data-testid={`compare-pose-${p}`}>
              {poseName(p)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Stack direction="row" spacing={1.5}>
          {side(before, t('photos.compareBefore'), 'compare-before')}
          {side(after, t('photos.compareAfter'), 'compare-after')}
        </Stack>
        {rows.length > 0 && (
          // A narrow phone scrolls the table sideways: the region takes focus, so a keyboard scrolls it too.
          <Box sx={{ mt: 2, overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('photos.compareTable')}>
            <Table size="small" aria-label={t('photos.compareTable')} data-testid="compare-table">
              <TableHead>
                <TableRow>
                  <TableCell />
                  <TableCell>{dayLabel(before)}</TableCell>
                  <TableCell>{dayLabel(after)}</TableCell>
                  <TableCell>{t('photos.compareDifference')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => (
                  <TableRow key={row.key} data-testid={`compare-row-${row.key}`}>
                    <TableCell component="th" scope="row">
                      {row.label}
                    </TableCell>
                    <TableCell>{row.from === null ? t('photos.notRecorded') : row.show(row.from)}</TableCell>
                    <TableCell>{row.to === null ? t('photos.notRecorded') : row.show(row.to)}</TableCell>
                    <TableCell data-testid={`compare-change-${row.key}`}>{row.from !== null && row.to !== null ? row.change(row.from, row.to) : ''}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('photos.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
