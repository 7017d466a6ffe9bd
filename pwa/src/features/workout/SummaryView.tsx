import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EmojiEventsIcon from '@mui/icons-material/EmojiEventsOutlined';
import type { BrokenRecord, DoneSet } from '#protocol/domain/lift-records.ts';
import { LabeledValue } from '#pwa/components/LabeledValue.tsx';
import { useMeasures } from '#pwa/db/use-measures.ts';
import { loadText } from './typed-set.ts';
import { summarize } from './session-summary.ts';
import { useExercisePasts, type SessionInHand } from './use-workout-data.ts';

/** The end of a session (issue 48): duration, sets against the plan's, volume, and the records broken, each against last time. */
export function SummaryView({ inHand, title }: { inHand: SessionInHand; title: string }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const measures = useMeasures();
  const pasts = useExercisePasts(
    inHand.exercises.map((exercise) => exercise.exerciseKey),
    inHand.session,
  );
  if (!pasts) return null;
  const summary = summarize(inHand, pasts);
  const unit = measures.weightSymbol;
  const load = (kg: number) => `${loadText(kg, measures, intl.locale)} ${unit}`;
  const set = (done: DoneSet | null) => (done && done.loadKg !== null ? t('training.setFigures', { load: load(done.loadKg), reps: done.reps ?? 0 }) : null);
  const record = (broken: BrokenRecord) =>
    broken.kind === 'repsAtLoad'
      ? t('training.record.repsAtLoad', { reps: broken.value, previous: broken.previous, load: load(broken.loadKg ?? 0) })
      : broken.kind === 'heaviest'
        ? t('training.record.heaviest', { value: load(broken.value), previous: load(broken.previous) })
        : // An estimate, to 0.1 as every weight shown (the loads lifted keep their 1.25 kg plates).
          t('training.record.oneRepMax', { value: measures.weight(broken.value), previous: measures.weight(broken.previous) });
  const volume = intl.formatNumber(Math.round(measures.weightFigure(summary.volumeKg)));

  return (
    <Stack sx={{ gap: 2 }} data-testid="workout-summary">
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {t('training.summaryTitle')}
      </Typography>
      <Typography color="text.secondary">{title}</Typography>
      <Card variant="outlined">
        <CardContent>
          <Stack direction="row" sx={{ gap: 3, flexWrap: 'wrap' }}>
            <LabeledValue sx={{ minWidth: 96 }} label={t('training.duration')} value={t('training.minutes', { minutes: summary.durationMinutes })} testId="summary-duration" />
            <LabeledValue
              sx={{ minWidth: 96 }}
              label={t('training.setsLabel')}
              value={summary.setsPrescribed === null ? String(summary.setsDone) : t('training.setsOf', { done: summary.setsDone, total: summary.setsPrescribed })}
              testId="summary-sets"
            />
            <LabeledValue sx={{ minWidth: 96 }} label={t('training.volume')} value={`${volume} ${unit}`} testId="summary-volume" />
          </Stack>
        </CardContent>
      </Card>
      <Card variant="outlined" data-testid="summary-records">
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            {summary.records > 0 && <EmojiEventsIcon color="warning" aria-hidden="true" />}
            {t('training.records', { count: summary.records })}
          </Typography>
          <List dense disablePadding>
            {summary.exercises
              .filter((exercise) => exercise.setsDone > 0)
              .map((exercise) => (
                <ListItem key={exercise.id} disableGutters data-testid="summary-exercise">
                  <ListItemText
                    primary={exercise.name}
                    secondary={
                      <Stack component="span" sx={{ gap: 0.25 }}>
                        <span>{[t('training.setsCount', { count: exercise.setsDone }), exercise.best && t('training.bestSet', { set: set(exercise.best) ?? '' }), exercise.lastBest && t('training.lastBest', { set: set(exercise.lastBest) ?? '' })].filter(Boolean).join(' · ')}</span>
                        {exercise.records.map((broken) => (
                          <Typography key={`${broken.kind}:${broken.loadKg ?? ''}`} component="span" variant="body2" color="warning.main" data-testid="summary-record">
                            {record(broken)}
                          </Typography>
                        ))}
                      </Stack>
                    }
                  />
                </ListItem>
              ))}
          </List>
        </CardContent>
      </Card>
      <Button variant="contained" component={RouterLink} to="/dashboard" data-testid="summary-done">
        {t('training.backToDashboard')}
      </Button>
    </Stack>
  );
}
