import { useId } from 'react';
import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { exerciseHistoryPath } from './exercise-history.ts';
import { useLiftTexts } from './use-lift-texts.ts';
import { useCurrentDb } from '#pwa/db/current.ts';
import { useExercisesDone, warmExerciseHistory } from './use-workout-data.ts';

/**
 * A pressed entry shows it with a colour, in CSS, instead of the touch ripple: the ripple's render
 * and styles ran inside the tap, before the history could begin to open (ADR 030).
 */
const pressed = { '&:active': { bgcolor: 'action.selected' } } as const;

/** Under /workout's start (issue 48, item 5): every exercise done, the latest first, each leading to its history. */
export function ExercisesDoneList() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const titleId = useId();
  const db = useCurrentDb();
  const done = useExercisesDone();
  const texts = useLiftTexts();
  if (!done || done.length === 0) return null;
  return (
    <Stack component="section" aria-labelledby={titleId} data-testid="exercises-done">
      <Typography id={titleId} variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {t('training.history.exercisesTitle')}
      </Typography>
      <List dense disablePadding>
        {done.map((exercise) => (
          <ListItemButton
            key={exercise.exerciseKey}
            component={RouterLink}
            to={exerciseHistoryPath(exercise.exerciseKey)}
            disableGutters
            disableTouchRipple
            sx={pressed}
            onPointerDown={() => warmExerciseHistory(db, exercise.exerciseKey)}
            data-testid="exercise-done"
          >
            <ListItemText
              primary={exercise.name}
              secondary={[t('training.history.lastDone', { date: texts.date(exercise.lastStartedAt) }), exercise.best ? t('training.history.best', { set: texts.set(exercise.best) }) : null].filter(Boolean).join(' · ')}
              slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
            />
          </ListItemButton>
        ))}
      </List>
    </Stack>
  );
}
