import { useState } from 'react';
import { useIntl } from 'react-intl';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import type { ScheduleDay } from '#protocol/domain/workout-schedule.ts';
import { PageHeading } from '#pwa/components/PageHeading.tsx';
import { trainingDayHeading } from '#pwa/lib/weekday.ts';
import { ExercisesDoneList } from './ExercisesDoneList.tsx';
import type { WorkoutPlanInHand } from './use-workout-data.ts';
import type { DayToDo } from './workout-writes.ts';

function DayCard({ day, primary, today, onStart, busy }: { day: ScheduleDay; primary: boolean; today: boolean; onStart: () => void; busy: boolean }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  return (
    <Card variant="outlined" data-testid={primary ? 'chosen-day' : 'programme-day'} data-weekday={day.weekday}>
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Stack>
            <Typography variant="h6" component="h2">
              {today ? t('training.today', { day: trainingDayHeading(intl.locale, day) }) : trainingDayHeading(intl.locale, day)}
            </Typography>
            <Typography color="text.secondary">{t('training.exerciseCount', { count: day.exercises.length })}</Typography>
          </Stack>
          <Button variant={primary ? 'contained' : 'outlined'} size={primary ? 'large' : 'medium'} startIcon={<PlayArrowIcon />} onClick={onStart} disabled={busy} data-testid="start-workout">
            {t(primary ? 'training.start' : 'training.doThisDay')}
          </Button>
        </Stack>
        {primary && day.exercises.length > 0 && (
          <List dense disablePadding sx={{ mt: 1 }}>
            {day.exercises.map((exercise, i) => (
              <ListItem key={i} disableGutters>
                <ListItemText primary={exercise.name} secondary={[exercise.sets && exercise.reps ? t('training.setsReps', { sets: exercise.sets, reps: exercise.reps }) : null, exercise.rest ? t('training.rest', { rest: exercise.rest }) : null].filter(Boolean).join(' · ')} />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * /workout with no session open (issue 48): today's day of the programme to start, the other days
 * to do instead ("do another day"), or a session of the client's own.
 */
export function StartView({ plan, todayWeekday, chosenWeekday, onStart }: { plan: WorkoutPlanInHand | null; todayWeekday: number; chosenWeekday: number | null; onStart: (todo: DayToDo | null) => Promise<unknown> }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [busy, setBusy] = useState(false);
  const start = (todo: DayToDo | null) => {
    setBusy(true);
    onStart(todo).catch(() => setBusy(false));
  };
  const days = plan ? plan.plan.content.schedule.filter((day) => day.exercises.length > 0) : [];
  const first = days.find((day) => day.weekday === (chosenWeekday ?? todayWeekday));
  const todoOf = (day: ScheduleDay): DayToDo | null =>
    plan ? { planId: plan.plan.id, day, asWritten: plan.asWritten.content.schedule.find((written) => written.weekday === day.weekday) } : null;

  return (
    <Stack sx={{ gap: 2 }} data-testid="workout-start">
      <PageHeading titleId="nav.workout" />
      {plan && <Typography color="text.secondary">{plan.plan.title}</Typography>}
      {!plan && <Typography color="text.secondary">{t('training.noPlan')}</Typography>}
      {plan && !first && <Typography color="text.secondary" data-testid="rest-day">{t('training.restDay')}</Typography>}
      {first && <DayCard day={first} primary today={first.weekday === todayWeekday} onStart={() => start(todoOf(first))} busy={busy} />}
      {days.length > (first ? 1 : 0) && (
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {t('training.otherDays')}
        </Typography>
      )}
      {days
        .filter((day) => day !== first)
        .map((day) => (
          <DayCard key={day.weekday} day={day} primary={false} today={day.weekday === todayWeekday} onStart={() => start(todoOf(day))} busy={busy} />
        ))}
      <Button variant="text" onClick={() => start(null)} disabled={busy} data-testid="start-free">
        {t('training.startFree')}
      </Button>
      <ExercisesDoneList />
    </Stack>
  );
}
