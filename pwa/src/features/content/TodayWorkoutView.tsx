import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EventBusyIcon from '@mui/icons-material/EventBusyOutlined';
import SupportAgentIcon from '@mui/icons-material/SupportAgentOutlined';
import { trainingOn } from '#protocol/domain/daily-progress.ts';
import type { WorkoutPlanDto } from '#protocol/contract/plans.ts';
import { todayLocalDate } from '#pwa/db/local-writes.ts';
import { useOpenSession } from '#pwa/db/use-open-workout.ts';
import { capitalize } from '#pwa/lib/text.ts';
import { Stat } from './DietView.tsx';
import { ExerciseList } from './ExerciseList.tsx';
import { ViewHeader } from './ViewHeader.tsx';

/** SPEC §9: a day without its own duration shows 60 min. */
export const DEFAULT_WORKOUT_MINUTES = 60;

function Notice({ icon, textId, action }: { icon: React.ReactNode; textId: string; action?: React.ReactNode }) {
  const intl = useIntl();
  return (
    <Card variant="outlined" data-testid="workout-notice" data-notice={textId}>
      <CardContent>
        <Stack sx={{ alignItems: 'center', textAlign: 'center', gap: 1.5, py: 2 }}>
          {icon}
          <Typography color="text.secondary" sx={{ maxWidth: 520 }}>
            {intl.formatMessage({ id: textId })}
          </Typography>
          {action}
        </Stack>
      </CardContent>
    </Card>
  );
}

/**
 * SPEC §2 today's workout: weekday, plan title, programme duration, weekly frequency and today's
 * exercises; a pointer to My Content on a day without training; a nudge to the personal
 * trainer when nothing is published.
 */
export function TodayWorkoutView({ workout, onClose, closeLabelId = 'content.back' }: { workout: WorkoutPlanDto | null; onClose?: () => void; closeLabelId?: string }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const localDate = todayLocalDate();
  // A session left open is resumed, not started again (issue 48).
  const open = useOpenSession();
  // Noon UTC of the device's calendar day names the same weekday in every zone.
  const weekdayName = intl.formatDate(`${localDate}T12:00:00Z`, { weekday: 'long', timeZone: 'UTC' });

  if (!workout) {
    return (
      <Stack sx={{ gap: 2 }} data-testid="workout-view">
        <ViewHeader titleId="content.workout.todayTitle" subtitle={weekdayName} onClose={onClose} closeLabelId={closeLabelId} />
        <Notice icon={<SupportAgentIcon color="primary" sx={{ fontSize: 44 }} aria-hidden="true" />} textId="content.workout.noWorkout" />
      </Stack>
    );
  }

  const today = trainingOn(workout.content.schedule, localDate);
  return (
    <Stack sx={{ gap: 2 }} data-testid="workout-view">
      <ViewHeader titleId="content.workout.todayTitle" subtitle={weekdayName} onClose={onClose} closeLabelId={closeLabelId} />
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h3" data-testid="workout-title">
            {workout.title}
          </Typography>
          {workout.description && <Typography color="text.secondary">{workout.description}</Typography>}
          <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap', mt: 2 }}>
            <Stat label={t('content.workout.duration')} value={workout.duration ?? t('content.notInformed')} />
            <Stat label={t('content.workout.frequency')} value={workout.frequency ?? t('content.notInformed')} />
          </Stack>
        </CardContent>
      </Card>
      {today ? (
        <Card variant="outlined" data-testid="today-workout">
          <CardContent>
            <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
              <Typography variant="h6" component="h3">
                {today.name ?? capitalize(weekdayName)}
              </Typography>
              <Typography color="text.secondary">{today.duration ?? t('content.workout.minutes', { minutes: DEFAULT_WORKOUT_MINUTES })}</Typography>
            </Stack>
            {today.description && (
              <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line', mt: 1 }}>
                {today.description}
              </Typography>
            )}
            {today.exercises.length > 0 && (
              <>
                <Divider sx={{ my: 1.5 }} />
                <ExerciseList exercises={today.exercises} />
                <Button variant="contained" component={RouterLink} to="/workout" sx={{ mt: 1 }} data-testid="start-today-workout">
                  {t(open ? 'content.workout.resumeSession' : 'content.workout.startSession')}
                </Button>
              </>
            )}
          </CardContent>
        </Card>
      ) : (
        <Notice
          icon={<EventBusyIcon color="action" sx={{ fontSize: 44 }} aria-hidden="true" />}
          textId="content.workout.restDay"
          action={
            <Button component={RouterLink} to="/content?tab=workouts" variant="outlined">
              {t('content.workout.seeProgramme')}
            </Button>
          }
        />
      )}
    </Stack>
  );
}
