import { useMemo, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import TrendingDownIcon from '@mui/icons-material/TrendingDown';
import TrendingFlatIcon from '@mui/icons-material/TrendingFlat';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import type { WeightRecord } from '#protocol/conflict/rules.ts';
import type { WeightPoint } from '#protocol/domain/weight-progress.ts';
import { projectGoal, trendDirection, trendRatePerWeek, weightTrend, type GoalProjection } from '#protocol/domain/weight-trend.ts';
import { uuidv7 } from '#protocol/ids.ts';
import { CorrectableRow } from '#pwa/components/CorrectableRow.tsx';
import { FeatureMessages } from '#pwa/components/FeatureMessages.tsx';
import { WeightFormDialog, type WeightFormValues } from '#pwa/components/WeightFormDialog.tsx';
import { showToast, showUndoableToast } from '#pwa/lib/toast.ts';
import { write } from '#pwa/sync/user-data.ts';
import { LabeledValue } from '#pwa/components/LabeledValue.tsx';
import { PageHeading } from '#pwa/components/PageHeading.tsx';
import { WeightTrendChart } from '#pwa/components/WeightTrendChart.tsx';
import { useWeightProgress } from '#pwa/db/use-weight-records.ts';
import { capitalize } from '#pwa/lib/text.ts';
import { useMeasures } from '#pwa/db/use-measures.ts';
import { loadProgressMessages } from './i18n/messages.ts';

const TREND_ICONS = { down: <TrendingDownIcon color="success" />, up: <TrendingUpIcon color="warning" />, stable: <TrendingFlatIcon color="action" /> };

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Card variant="outlined" sx={{ flex: 1, minWidth: 150 }}>
      <CardContent>
        <LabeledValue size="h5" label={label} value={value} testId={testId} />
      </CardContent>
    </Card>
  );
}

/** The weight a correction is compared with: the record just before it, else just after it. */
function neighbourWeight(records: readonly WeightRecord[], record: WeightRecord): number | null {
  const others = records.filter((r) => r.id !== record.id).sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
  const before = others.filter((r) => Date.parse(r.createdAt) <= Date.parse(record.createdAt)).at(-1);
  return (before ?? others.find((r) => Date.parse(r.createdAt) > Date.parse(record.createdAt)))?.weight ?? null;
}

/**
 * Corrections of the history (issue 16, ADR 015), offline like every write: an edit is a
 * `weight.update` of the fields that changed, and its undo writes the previous values back; a
 * delete is a `weight.delete` (a tombstone that wins), and its undo adds a copy under a new id
 * with the same date, weight and notes.
 */
function useCorrections() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const measures = useMeasures();
  const kg = (value: number) => measures.weight(value);
  const failed = (error: unknown) => {
    console.error('weight.correction', error);
    showToast({ severity: 'error', title: { id: 'progress.changeFailedTitle' }, description: { id: 'tracking.weight.failedDescription' } });
  };
  const undoable = (title: string, description: string, undo: () => Promise<unknown>, undoneTitle: string) =>
    showUndoableToast({ title, description, undoLabel: t('progress.undo'), undo, undoneTitle, failed });

  const edit = async (record: WeightRecord, values: WeightFormValues) => {
    const changed: { weight?: number; notes?: string | null } = {};
    const previous: { weight?: number; notes?: string | null } = {};
    if (values.weight !== record.weight) [changed.weight, previous.weight] = [values.weight, record.weight];
    if (values.notes !== record.notes) [changed.notes, previous.notes] = [values.notes, record.notes];
    if (Object.keys(changed).length === 0) return;
    try {
      await write('weight.update', { id: record.id, ...changed });
    } catch (error) {
      failed(error);
      throw error;
    }
    undoable(t('progress.updatedTitle'), t('progress.updatedDescription', { weight: kg(values.weight) }), () => write('weight.update', { id: record.id, ...previous }), t('progress.undoneTitle'));
  };

  const remove = async (record: WeightRecord, date: string) => {
    try {
      await write('weight.delete', { id: record.id });
    } catch (error) {
      failed(error);
      return;
    }
    undoable(
      t('progress.deletedTitle'),
      t('progress.deletedDescription', { weight: kg(record.weight), date }),
      () => write('weight.add', { id: uuidv7(), weight: record.weight, notes: record.notes, createdAt: record.createdAt }),
      t('progress.restoredTitle'),
    );
  };

  return { edit, remove };
}

/**
 * The smoothed trend of the weigh-ins (issue 21), its rate over the last four weeks and when it
 * reaches the goal at that rate, in kg. One definition for the chart, the stat and the sentence.
 */
function useWeightTrend(records: readonly WeightRecord[] | undefined, targetWeight: number | null) {
  return useMemo(() => {
    const trend = weightTrend(records ?? []);
    const now = Date.now();
    return { trend, rate: trendRatePerWeek(trend, now), projection: projectGoal(trend, targetWeight, now) };
  }, [records, targetWeight]);
}

function goalProjectionText(projection: GoalProjection, t: (id: string, values?: Record<string, string>) => string, date: (iso: string) => string): string {
  switch (projection.kind) {
    case 'date':
      return t('progress.goalDate', { date: date(projection.date) });
    case 'reached':
      return t('progress.goalReachedTrend');
    case 'notAtThisRate':
      return t('progress.goalNotAtThisRate');
    case 'unknown':
      return t('progress.goalUnknown');
  }
}

/** SPEC §2 /progress, from the weight records on this device (offline too); the body measurements and photos (issue 21) in their slots. */
function Progress({ actions, measurements, photos }: { actions?: ReactNode; measurements?: ReactNode; photos?: ReactNode }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const loaded = useWeightProgress();
  const trendOfRecords = useWeightTrend(loaded?.records, loaded?.progress.targetWeight ?? null);
  const corrections = useCorrections();
  const [editing, setEditing] = useState<WeightRecord | null>(null);

  const measures = useMeasures();
  const kg = (value: number | null) => (value === null ? t('progress.noData') : measures.weight(value));
  const date = (point: WeightPoint | null) => (point ? intl.formatDate(point.createdAt, { day: '2-digit', month: 'short', year: 'numeric' }) : t('progress.noData'));

  if (loaded === undefined) {
    return (
      <>
        <PageHeading titleId="progress.title" />
        <Stack sx={{ gap: 2 }} role="status" aria-busy="true" aria-label={t('progress.loading')}>
          <Skeleton variant="rounded" height={96} />
          <Skeleton variant="rounded" height={240} />
        </Stack>
      </>
    );
  }

  const { records, progress: stats } = loaded;
  const { trend, rate, projection } = trendOfRecords;
  const direction = trendDirection(rate);

  return (
    <>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 2, flexWrap: 'wrap' }}>
        <PageHeading titleId="progress.title" />
        {actions}
      </Stack>
      <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Stat label={t('progress.weightLost')} value={stats.initialWeight !== null && stats.currentWeight !== null ? measures.weightDifference(stats.initialWeight, stats.currentWeight) : kg(stats.weightLost)} testId="stat-weight-lost" />
        <Stat label={t('progress.goalAchieved')} value={intl.formatNumber(stats.goalPercent / 100, { style: 'percent' })} testId="stat-goal-percent" />
        <Stat label={t('progress.daysActive')} value={t('progress.days', { count: stats.daysActive })} testId="stat-days-active" />
      </Stack>

      <Card variant="outlined" sx={{ mb: 2 }}>
        <CardContent>
          <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 1 }}>
            <Typography variant="body2">
              {t('progress.initialWeight')}: <strong data-testid="initial-weight">{kg(stats.initialWeight)}</strong>
            </Typography>
            <Typography variant="body2">
              {t('progress.goal')}: <strong>{kg(stats.targetWeight)}</strong>
            </Typography>
          </Stack>
          <LinearProgress variant="determinate" value={stats.goalPercent} aria-label={t('progress.progressToGoal')} sx={{ height: 10, borderRadius: 5 }} />
        </CardContent>
      </Card>

      <Card variant="outlined" sx={{ mb: 2 }}>
        <CardContent>
          <WeightTrendChart
            trend={trend}
            targetKg={stats.targetWeight}
            title={t('progress.chartTitle')}
            weightLabel={t('progress.chartWeight')}
            trendLabel={t('progress.chartTrend')}
            targetLabel={t('progress.chartTarget')}
            emptyText={t(stats.total === 0 ? 'progress.empty' : 'progress.chartNeedsTwo')}
          />
          {stats.targetWeight !== null && (
            <Typography variant="body2" sx={{ mt: 1 }} data-testid="goal-projection">
              {goalProjectionText(projection, (id, values) => t(id, values), (date) => intl.formatDate(date, { day: 'numeric', month: 'long', year: 'numeric' }))}
            </Typography>
          )}
        </CardContent>
      </Card>

      <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 2 }}>
        <Card variant="outlined" sx={{ flex: 1 }}>
          <CardContent>
            <Typography variant="h6" component="h2">
              {t('progress.history')}
            </Typography>
            {stats.total === 0 ? (
              <Typography color="text.secondary">{t('progress.empty')}</Typography>
            ) : (
              <List dense data-testid="weight-history">
                {stats.recent.map((record) => {
                  const when = intl.formatDate(record.createdAt, { dateStyle: 'medium', timeStyle: 'short' });
                  const label = { weight: kg(record.weight), date: when };
                  return (
                    <CorrectableRow
                      key={record.id}
                      testId={`weight-row-${record.id}`}
                      edit={{ label: t('progress.editRecord', label), onClick: () => setEditing(record), testId: 'weight-edit' }}
                      remove={{ label: t('progress.deleteRecord', label), onClick: () => void corrections.remove(record, when), testId: 'weight-delete' }}
                      primary={kg(record.weight)}
                      secondary={
                        <>
                          {when}
                          {record.notes && (
                            <Typography component="span" variant="body2" sx={{ display: 'block', fontStyle: 'italic', overflowWrap: 'anywhere' }} data-testid="weight-notes-shown">
                              {record.notes}
                            </Typography>
                          )}
                        </>
                      }
                    />
                  );
                })}
              </List>
            )}
            {stats.total > stats.recent.length && (
              <Typography variant="caption" color="text.secondary" data-testid="history-note">
                {t('progress.historyNote', { shown: stats.recent.length, total: stats.total })}
              </Typography>
            )}
          </CardContent>
        </Card>
        <Card variant="outlined" sx={{ flex: 1 }}>
          <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>
              {t('progress.stats')}
            </Typography>
            <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1 }} data-testid="trend">
              {direction ? TREND_ICONS[direction] : null}
              <Typography>
                {t('progress.trend')}:{' '}
                <strong>{direction && rate !== null ? t('progress.trendRate', { direction: t(`progress.trend${capitalize(direction)}`), rate: measures.weightDifference(rate, 0) }) : t('progress.trendNone')}</strong>
              </Typography>
            </Stack>
            <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}>
              <Typography component="dt" color="text.secondary">{t('progress.first')}</Typography>
              <Typography component="dd" sx={{ m: 0 }}>{stats.first ? `${kg(stats.first.weight)} · ${date(stats.first)}` : t('progress.noData')}</Typography>
              <Typography component="dt" color="text.secondary">{t('progress.last')}</Typography>
              <Typography component="dd" sx={{ m: 0 }}>{stats.last ? `${kg(stats.last.weight)} · ${date(stats.last)}` : t('progress.noData')}</Typography>
              <Typography component="dt" color="text.secondary">{t('progress.total')}</Typography>
              <Typography component="dd" sx={{ m: 0 }} data-testid="total-records">{intl.formatNumber(stats.total)}</Typography>
            </Box>
          </CardContent>
        </Card>
      </Stack>
      {measurements}
      {photos}
      {editing && (
        <WeightFormDialog
          key={editing.id}
          open
          onClose={() => setEditing(null)}
          onSave={(values) => corrections.edit(editing, values)}
          titleId="tracking.weight.editTitle"
          initial={{ weight: editing.weight, notes: editing.notes }}
          last={() => neighbourWeight(records, editing)}
        />
      )}
    </>
  );
}

/** The screen with its own strings, which load with it. */
export function ProgressScreen({ actions, measurements, photos }: { actions?: ReactNode; measurements?: ReactNode; photos?: ReactNode }) {
  return (
    <FeatureMessages load={loadProgressMessages}>
      <Progress actions={actions} measurements={measurements} photos={photos} />
    </FeatureMessages>
  );
}
