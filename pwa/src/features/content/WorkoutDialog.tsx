import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import type { ScheduleDay } from '#protocol/domain/workout-schedule.ts';
import type { WorkoutPlanDto } from '#protocol/contract/plans.ts';
import { trainingDayHeading } from '#pwa/lib/weekday.ts';
import { CloseActions } from './CloseActions.tsx';
import { Stat, TextListCard } from './DietView.tsx';
import { ExerciseList } from './ExerciseList.tsx';
import { DEFAULT_WORKOUT_MINUTES } from './TodayWorkoutView.tsx';

function useFullScreenOnPhone() {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
}

function DayDialog({ day, onClose }: { day: ScheduleDay; onClose: () => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  return (
    <Dialog open onClose={onClose} fullScreen={useFullScreenOnPhone()} fullWidth maxWidth="sm" aria-labelledby="workout-day-title" data-testid="workout-day-dialog">
      <DialogTitle id="workout-day-title">{trainingDayHeading(intl.locale, day)}</DialogTitle>
      <DialogContent dividers tabIndex={0}>
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {[day.type, day.duration ?? t('content.workout.minutes', { minutes: DEFAULT_WORKOUT_MINUTES })].filter(Boolean).join(' · ')}
        </Typography>
        {day.description && (
          <Typography variant="body2" sx={{ whiteSpace: 'pre-line', mb: 1 }}>
            {day.description}
          </Typography>
        )}
        {day.exercises.length > 0 ? <ExerciseList exercises={day.exercises} /> : <Typography color="text.secondary">{t('content.workout.noExercises')}</Typography>}
        {day.exercises.length > 0 && (
          // "Do another day" (issue 48): this day's session, whatever today's is.
          <Button variant="contained" component={RouterLink} to={`/workout?day=${day.weekday}`} sx={{ mt: 2 }} data-testid="do-this-day">
            {t('content.workout.doThisDay')}
          </Button>
        )}
      </DialogContent>
      <CloseActions onClose={onClose} testId="day-dialog-close" />
    </Dialog>
  );
}

/**
 * SPEC §2 workout dialog: duration, weekly frequency, the weekly schedule (each day opens its
 * exercises), progression tips and safety notes.
 */
export function WorkoutDialog({ workout, onClose }: { workout: WorkoutPlanDto; onClose: () => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [openDay, setOpenDay] = useState<ScheduleDay | null>(null);
  const { schedule: days, progressionTips: tips, safetyNotes: safety } = workout.content;
  return (
    <Dialog open onClose={onClose} fullScreen={useFullScreenOnPhone()} fullWidth maxWidth="sm" aria-labelledby="workout-dialog-title" data-testid="workout-dialog">
      <DialogTitle id="workout-dialog-title">{workout.title}</DialogTitle>
      <DialogContent dividers tabIndex={0}>
        <Stack sx={{ gap: 2 }}>
          {workout.description && <Typography color="text.secondary">{workout.description}</Typography>}
          <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
            <Stat label={t('content.workout.duration')} value={workout.duration ?? t('content.notInformed')} />
            <Stat label={t('content.workout.frequency')} value={workout.frequency ?? t('content.notInformed')} />
          </Stack>
          <div>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
              {t('content.workout.weeklySchedule')}
            </Typography>
            {days.length === 0 ? (
              <Typography color="text.secondary">{t('content.workout.noSchedule')}</Typography>
            ) : (
              <List disablePadding>
                {days.map((day, i) => (
                  <ListItem key={i} disablePadding divider>
                    <ListItemButton onClick={() => setOpenDay(day)} data-testid="schedule-day">
                      <ListItemText
                        primary={trainingDayHeading(intl.locale, day)}
                        secondary={t('content.workout.exerciseCount', { count: day.exercises.length })}
                      />
                      <ChevronRightIcon aria-hidden="true" />
                    </ListItemButton>
                  </ListItem>
                ))}
              </List>
            )}
          </div>
          {tips.length > 0 && <TextListCard titleId="content.workout.progressionTips" lines={tips} />}
          {safety.length > 0 && <TextListCard titleId="content.workout.safetyNotes" lines={safety} />}
        </Stack>
      </DialogContent>
      <CloseActions onClose={onClose} testId="dialog-close" />
      {openDay && <DayDialog day={openDay} onClose={() => setOpenDay(null)} />}
    </Dialog>
  );
}
