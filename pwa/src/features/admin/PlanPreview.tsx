import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ScheduleExercise } from '#protocol/domain/workout-schedule.ts';
import { structureDiet, structureWorkout } from '#protocol/domain/plan-content.ts';
import { trainingDayHeading } from '#pwa/lib/weekday.ts';
import type { PlanKind } from './admin-api.ts';
import type { PlanFormValues } from './plan-form.ts';


/**
 * What the client will see of the plan being edited (issue 19, part 4): the meals or training
 * days read from the text as typed, as it will be structured on save, and a warning for each
 * filled field that reads as nothing.
 */
export function PlanPreview({ kind, values }: { kind: PlanKind; values: PlanFormValues }) {
  const intl = useIntl();
  const t = (id: string, vars?: Record<string, string | number>) => intl.formatMessage({ id }, vars);
  const structured = useMemo(
    () =>
      kind === 'diet'
        ? { kind, ...structureDiet({ meals: values.meals, macros: values.macros, weeklyMenu: values.weeklyMenu, tips: values.tips, substitutions: values.substitutions }) }
        : { kind, ...structureWorkout({ weeklySchedule: values.weeklySchedule, progressionTips: values.progressionTips, safetyNotes: values.safetyNotes }) },
    [kind, values.meals, values.macros, values.weeklyMenu, values.tips, values.substitutions, values.weeklySchedule, values.progressionTips, values.safetyNotes],
  );
  const exercise = (e: ScheduleExercise) => (e.sets && e.reps ? `${e.name} ${t('admin.form.previewSetsReps', { sets: e.sets, reps: e.reps })}` : e.name);

  const lines =
    structured.kind === 'diet'
      ? structured.content.meals.map((meal) =>
          [meal.time, meal.name, meal.calories !== undefined ? t('admin.form.previewCalories', { calories: intl.formatNumber(meal.calories) }) : null, t('admin.form.previewFoods', { count: meal.foods.length })]
            .filter(Boolean)
            .join(' · '),
        )
      : structured.content.schedule.map((day) =>
          [trainingDayHeading(intl.locale, day), day.exercises.map(exercise).join(', ')].filter(Boolean).join(': '),
        );

  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="plan-preview" aria-labelledby="plan-preview-title">
      <Typography id="plan-preview-title" variant="subtitle2" component="h3" gutterBottom>
        {t('admin.form.preview')}
      </Typography>
      <Stack sx={{ gap: 1 }}>
        {structured.unreadable.map((field) => (
          <Alert key={field} severity="warning" data-testid={`plan-preview-unreadable-${field}`}>
            {t('admin.form.unreadable', { field: t(`admin.form.${field}`) })}
          </Alert>
        ))}
        {lines.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t(kind === 'diet' ? 'admin.form.previewNoMeals' : 'admin.form.previewNoDays')}
          </Typography>
        ) : (
          <Stack component="ul" sx={{ m: 0, pl: 2.5, gap: 0.5 }}>
            {lines.map((line, index) => (
              <Typography key={index} component="li" variant="body2">
                {line}
              </Typography>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
