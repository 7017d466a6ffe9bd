import { useIntl } from 'react-intl';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import FitnessCenterIcon from '@mui/icons-material/FitnessCenter';
import WarningIcon from '@mui/icons-material/ReportProblemOutlined';
import type { ScheduleExercise } from '#protocol/domain/workout-schedule.ts';

/** One exercise per line: name, then sets × reps, rest, notes and safety when the plan has them. */
export function ExerciseList({ exercises }: { exercises: readonly ScheduleExercise[] }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  return (
    <List dense disablePadding data-testid="exercise-list">
      {exercises.map((exercise, i) => {
        const facts = [
          exercise.sets && exercise.reps ? t('content.workout.setsReps', { sets: exercise.sets, reps: exercise.reps }) : null,
          exercise.sets && !exercise.reps ? t('content.workout.sets', { sets: exercise.sets }) : null,
          !exercise.sets && exercise.reps ? t('content.workout.reps', { reps: exercise.reps }) : null,
          exercise.rest ? t('content.workout.rest', { rest: exercise.rest }) : null,
        ].filter((fact): fact is string => fact !== null);
        return (
          <ListItem key={i} disableGutters alignItems="flex-start" data-testid="exercise">
            <ListItemIcon sx={{ minWidth: 36, mt: 0.5 }}>
              <FitnessCenterIcon fontSize="small" color="primary" aria-hidden="true" />
            </ListItemIcon>
            <ListItemText
              primary={exercise.name}
              secondary={
                <Stack component="span" sx={{ gap: 0.25 }}>
                  {facts.length > 0 && <span>{facts.join(' · ')}</span>}
                  {exercise.notes && <span>{exercise.notes}</span>}
                  {exercise.safety && (
                    <Typography component="span" variant="body2" color="warning.main" sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center' }}>
                      <WarningIcon sx={{ fontSize: 16 }} aria-hidden="true" />
                      {exercise.safety}
                    </Typography>
                  )}
                </Stack>
              }
            />
          </ListItem>
        );
      })}
    </List>
  );
}
