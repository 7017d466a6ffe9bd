import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import BackIcon from '@mui/icons-material/KeyboardArrowLeft';
import { LabeledValue } from '#pwa/components/LabeledValue.tsx';
import { WeightChart } from '#pwa/components/WeightChart.tsx';
import type { ExerciseHistory, SeriesPoint } from './exercise-history.ts';
import { useLiftTexts } from './use-lift-texts.ts';
import { useExerciseHistory } from './use-workout-data.ts';

/** Sessions shown at first and at each "earlier": two years of training is 300 cards, more than a phone renders at once quickly. */
export const SESSIONS_PAGE = 20;

/**
 * The page, with its sessions' cards styled from it: a card is plain elements with the look of
 * an outlined card (20 MUI cards, each styled on its own, were much of the history's render, ADR
 * 030). A card's layout and paint wait until it nears the screen: below two charts, a page's first
 * cards are already under a phone's fold. The estimate keeps the scroll bar close; once drawn,
 * the card's real size is kept.
 */
const historyPage = {
  gap: 2,
  '& > .session': {
    contentVisibility: 'auto',
    containIntrinsicSize: 'auto 150px',
    bgcolor: 'background.paper',
    border: 1,
    borderColor: 'divider',
    borderRadius: 1,
    px: 2,
    pt: 2,
    pb: 3,
  },
  '& .head': { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' },
  '& h3': { typography: 'subtitle1', fontWeight: 600, m: 0 },
  '& .session p': { m: 0 },
  '& .figures': { typography: 'body2', color: 'text.secondary' },
  '& .sets': { typography: 'body1', mt: 0.5, overflowWrap: 'anywhere' },
  '& .best': { typography: 'body2', mt: 0.5 },
} as const;

/**
 * /workout?exercise=<key> (issue 48, item 5): an exercise's sessions, newest first, with their
 * sets and best set; its all-time bests; and its estimated 1-rep max and volume per session
 * over time, in the client's units. Read from this device only, so it works offline.
 */
export function ExerciseHistoryView({ exerciseKey }: { exerciseKey: string }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const history = useExerciseHistory(exerciseKey);
  const [shown, setShown] = useState(SESSIONS_PAGE);
  const texts = useLiftTexts();
  const { measures } = texts;
  const back = (
    <Button component={RouterLink} to="/workout" startIcon={<BackIcon />} sx={{ alignSelf: 'flex-start' }} data-testid="history-back">
      {t('training.history.back')}
    </Button>
  );
  if (history === undefined) return <Skeleton variant="rounded" height={240} />;
  if (history === null) {
    return (
      <Stack sx={{ gap: 2 }} data-testid="exercise-history">
        {back}
        <Typography color="text.secondary" data-testid="history-never">
          {t('training.history.never')}
        </Typography>
      </Stack>
    );
  }

  const unit = measures.system === 'us' ? 'pound' : 'kilogram';
  const pointsOf = (series: readonly SeriesPoint[], figure: (kg: number) => number) => series.map((point) => ({ createdAt: point.startedAt, weight: figure(point.kg) }));
  const bests = [
    history.heaviestKg !== null && <LabeledValue key="heaviest" sx={{ minWidth: 120 }} label={t('training.history.heaviest')} value={texts.load(history.heaviestKg)} testId="history-heaviest" />,
    history.oneRepMaxKg !== null && <LabeledValue key="oneRepMax" sx={{ minWidth: 120 }} label={t('training.history.oneRepMax')} value={texts.estimate(history.oneRepMaxKg)} testId="history-one-rep-max" />,
    history.heaviestKg === null && history.best && <LabeledValue key="best" sx={{ minWidth: 120 }} label={t('training.history.bestSet')} value={texts.set(history.best)} testId="history-best-set" />,
    <LabeledValue key="sessions" sx={{ minWidth: 120 }} label={t('training.history.sessionCount')} value={intl.formatNumber(history.sessions.length)} testId="history-session-count" />,
  ];

  return (
    <Stack sx={historyPage} data-testid="exercise-history">
      {back}
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
        {history.name}
      </Typography>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2">
            {t('training.history.bests')}
          </Typography>
          <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap', mt: 1 }}>
            {bests}
          </Stack>
        </CardContent>
      </Card>
      {history.oneRepMaxSeries.length > 0 && (
        <Card variant="outlined">
          <CardContent>
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              {t('training.history.progress')}
            </Typography>
            {/* Both series hold the same sessions, those with a load: one needs two as much as the other. */}
            {history.oneRepMaxSeries.length < 2 ? (
              <Typography color="text.secondary" data-testid="history-chart-empty">
                {t('training.history.chartNeedsTwo')}
              </Typography>
            ) : (
              <Stack sx={{ gap: 3 }}>
                <WeightChart
                  points={pointsOf(history.oneRepMaxSeries, measures.weightFigure)}
                  targetWeight={null}
                  locale={intl.locale}
                  unit={unit}
                  title={t('training.history.oneRepMaxChart', { unit: measures.weightSymbol })}
                  weightLabel={t('training.history.oneRepMaxLegend')}
                  targetLabel=""
                  emptyText={t('training.history.chartNeedsTwo')}
                  height={180}
                  testId="one-rep-max-chart"
                />
                <WeightChart
                  points={pointsOf(history.volumeSeries, (kg) => Math.round(measures.weightFigure(kg)))}
                  targetWeight={null}
                  locale={intl.locale}
                  unit={unit}
                  title={t('training.history.volumeChart', { unit: measures.weightSymbol })}
                  weightLabel={t('training.history.volumeLegend')}
                  targetLabel=""
                  emptyText={t('training.history.chartNeedsTwo')}
                  height={180}
                  testId="volume-chart"
                />
              </Stack>
            )}
          </CardContent>
        </Card>
      )}
      <Typography variant="h6" component="h2">
        {t('training.history.sessions')}
      </Typography>
      <SessionCards sessions={history.sessions} shown={shown} />
      {history.sessions.length > shown && (
        <Button onClick={() => setShown(shown + SESSIONS_PAGE)} sx={{ alignSelf: 'center' }} data-testid="history-earlier">
          {t('training.history.earlier')}
        </Button>
      )}
    </Stack>
  );
}

/** A page's session cards, newest first. */
function SessionCards({ sessions, shown }: { sessions: ExerciseHistory['sessions']; shown: number }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const texts = useLiftTexts();
  return sessions.slice(0, shown).map((session) => (
    <section key={session.sessionId} className="session" data-testid="history-session">
      <div className="head">
        <h3 data-testid="history-session-date">{texts.date(session.startedAt)}</h3>
        {session.endedAt === null && <Chip size="small" color="info" label={t('training.history.inProgress')} />}
      </div>
      <p className="figures">
        {session.volumeKg > 0 ? t('training.history.sessionFigures', { sets: session.sets.length, volume: texts.volume(session.volumeKg) }) : t('training.setsCount', { count: session.sets.length })}
      </p>
      <p className="sets" data-testid="history-session-sets">
        {session.sets.map(texts.set).join(' · ')}
      </p>
      {session.best && (
        <p className="best" data-testid="history-session-best">
          {[t('training.history.bestOfSession', { set: texts.set(session.best) }), session.oneRepMaxKg === null ? null : t('training.history.estimate', { value: texts.estimate(session.oneRepMaxKg) })].filter(Boolean).join(' · ')}
        </p>
      )}
    </section>
  ));
}
