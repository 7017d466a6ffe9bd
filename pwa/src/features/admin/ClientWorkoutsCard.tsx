import { useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { StaffWorkoutExercise, StaffWorkoutSession } from '#protocol/contract/staff.ts';
import { useMeasures } from '#pwa/db/use-measures.ts';
import type { Measures } from '#pwa/lib/measures.ts';
import { useOnlineResource } from '#pwa/lib/use-online-resource.ts';
import { useLivePokes } from '#pwa/sync/live-pokes.ts';
import { coachApi } from './admin-api.ts';
import { ClientExercises } from './ClientExercises.tsx';
import { LoadError } from './LoadError.tsx';

/** Sessions shown at first and added by each "show earlier": the latest ones are what a coach checks. */
export const WORKOUTS_PAGE = 5;

const unit = (intl: IntlShape, value: number, name: 'second' | 'minute' | 'hour') => intl.formatNumber(value, { style: 'unit', unit: name, unitDisplay: 'short' });
const list = (intl: IntlShape, items: string[]) => intl.formatList(items, { type: 'unit', style: 'short' });

/** "52 min", "1 h 5 min". */
function duration(intl: IntlShape, startedAt: string, endedAt: string): string {
  const minutes = Math.max(0, Math.round((Date.parse(endedAt) - Date.parse(startedAt)) / 60_000));
  if (minutes < 60) return unit(intl, minutes, 'minute');
  const hours = unit(intl, Math.floor(minutes / 60), 'hour');
  return minutes % 60 === 0 ? hours : `${hours} ${unit(intl, minutes % 60, 'minute')}`;
}

/** A weekday (0 Sunday) in the viewer's language: a day of a week that began on a Sunday, read in UTC. */
const weekdayName = (intl: IntlShape, weekday: number) => intl.formatDate(Date.UTC(2026, 10, 22 + weekday, 12), { weekday: 'long', timeZone: 'UTC' });

/**
 * What was done against what was asked, in the viewer's units: "3/4 séries · 8, 8 e 7 reps · 40 kg".
 * Sets at different loads say each set's ("8 × 40 kg, 6 × 42,5 kg"); timed sets their seconds.
 */
function setsDone(intl: IntlShape, measures: Measures, exercise: StaffWorkoutExercise): string {
  const t = (id: string, values: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { sets, prescription } = exercise;
  const count = prescription?.sets ? t('admin.workouts.setsAgainst', { done: sets.length, prescribed: prescription.sets }) : t('admin.workouts.sets', { done: sets.length });
  if (sets.length === 0) return count;
  if (exercise.kind === 'time') return [count, list(intl, sets.map((set) => (set.seconds === null ? '—' : unit(intl, set.seconds, 'second'))))].join(' · ');
  const reps = (set: (typeof sets)[number]) => (set.reps === null ? '—' : intl.formatNumber(set.reps));
  if (new Set(sets.map((set) => set.loadKg)).size > 1) return [count, list(intl, sets.map((set) => t('admin.workouts.setWithLoad', { reps: reps(set), load: set.loadKg === null ? '—' : measures.weight(set.loadKg) })))].join(' · ');
  const load = sets[0]?.loadKg ?? null;
  return [count, t('admin.workouts.reps', { reps: list(intl, sets.map(reps)) }), ...(load === null ? [] : [measures.weight(load)])].join(' · ');
}

/** The plan's prescription as its author wrote it: "4 × 8-10 · descanso 90s". */
function prescribed(intl: IntlShape, prescription: NonNullable<StaffWorkoutExercise['prescription']>): string {
  const t = (id: string, values: Record<string, string>) => intl.formatMessage({ id }, values);
  const { sets, reps, rest } = prescription;
  const volume = sets && reps ? t('admin.workouts.setsByReps', { sets, reps }) : (sets ?? reps);
  const parts = [volume, rest ? t('admin.workouts.rest', { rest }) : null].filter((part): part is string => part !== null);
  return parts.length === 0 ? '' : t('admin.workouts.prescribed', { prescription: parts.join(' · ') });
}

function Exercise({ exercise }: { exercise: StaffWorkoutExercise }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const measures = useMeasures();
  const asked = exercise.prescription ? prescribed(intl, exercise.prescription) : '';
  return (
    <Box component="li" sx={{ py: 0.75 }} data-testid="admin-workout-exercise" data-skipped={exercise.skipped || undefined}>
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {exercise.name}
        </Typography>
        {exercise.skipped && <Chip size="small" color="warning" variant="outlined" label={t('admin.workouts.skipped')} />}
        {exercise.prescription === null && <Chip size="small" variant="outlined" label={t('admin.workouts.added')} />}
      </Stack>
      <Typography variant="body2" data-testid="admin-workout-sets">
        {setsDone(intl, measures, exercise)}
      </Typography>
      {asked && (
        <Typography variant="caption" color="text.secondary" component="p">
          {asked}
        </Typography>
      )}
      {exercise.note && (
        <Typography variant="body2" sx={{ fontStyle: 'italic', overflowWrap: 'anywhere' }} data-testid="admin-workout-note">
          {t('admin.workouts.note', { note: exercise.note })}
        </Typography>
      )}
    </Box>
  );
}

function Session({ session }: { session: StaffWorkoutSession }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const day = session.dayName ?? (session.weekday === null ? t('admin.workouts.freeSession') : weekdayName(intl, session.weekday));
  return (
    <Box component="li" sx={{ py: 1.5, borderTop: 1, borderColor: 'divider' }} data-testid="admin-workout-session" data-session-id={session.id}>
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="subtitle2" component="h4">
          {[intl.formatDate(session.startedAt, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }), day].join(' · ')}
        </Typography>
        {session.endedAt === null ? (
          <Chip size="small" color="info" label={t('admin.workouts.inProgress')} data-testid="admin-workout-in-progress" />
        ) : (
          <Typography variant="body2" color="text.secondary">
            {duration(intl, session.startedAt, session.endedAt)}
          </Typography>
        )}
      </Stack>
      {session.exercises.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('admin.workouts.noExercises')}
        </Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {session.exercises.map((exercise) => (
            <Exercise key={exercise.id} exercise={exercise} />
          ))}
        </Box>
      )}
    </Box>
  );
}

/**
 * A client's workout sessions as their coach reads them (issue 48, part 6): this week's adherence
 * against the plan, then the latest sessions, each exercise's sets against the prescription, in
 * the viewer's units, and the exercises done with the names each goes by. It fetches again at each poke, so a session logged at the gym shows once the
 * phone has signal.
 */
export function ClientWorkoutsCard({ clientId }: { clientId: string }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, number>) => intl.formatMessage({ id }, values);
  const workouts = useOnlineResource(`workouts:${clientId}`, () => coachApi.workouts(clientId));
  useLivePokes(() => void workouts.reload());
  const [shown, setShown] = useState(WORKOUTS_PAGE);
  const history = workouts.data;

  return (
    <Card variant="outlined" component="section" aria-labelledby="admin-workouts-title" data-testid="admin-workouts">
      <CardContent>
        <Stack direction="row" sx={{ gap: 1, alignItems: 'baseline', justifyContent: 'space-between', flexWrap: 'wrap', mb: 1 }}>
          <Typography id="admin-workouts-title" variant="h6" component="h3">
            {t('admin.workouts.title')}
          </Typography>
          {history && (
            <Typography variant="body2" color="text.secondary" data-testid="admin-workouts-adherence">
              {history.adherence.target === null
                ? t('admin.workouts.weekDone', { done: history.adherence.done })
                : t('admin.workouts.weekAgainst', { done: history.adherence.done, target: history.adherence.target })}
            </Typography>
          )}
        </Stack>
        {workouts.error && !history ? (
          <LoadError messageId="admin.workouts.loadError" error={workouts.error} retry={() => void workouts.reload()} compact />
        ) : !history ? (
          <Skeleton variant="rounded" height={120} />
        ) : history.sessions.length === 0 ? (
          <Typography color="text.secondary" data-testid="admin-workouts-empty">
            {t('admin.workouts.empty')}
          </Typography>
        ) : (
          <>
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {history.sessions.slice(0, shown).map((session) => (
                <Session key={session.id} session={session} />
              ))}
            </Box>
            {history.sessions.length > shown && (
              <Button size="small" onClick={() => setShown((count) => count + WORKOUTS_PAGE)} data-testid="admin-workouts-more">
                {t('admin.workouts.showEarlier')}
              </Button>
            )}
            <ClientExercises clientId={clientId} exercises={history.exercises} onChanged={workouts.reload} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
