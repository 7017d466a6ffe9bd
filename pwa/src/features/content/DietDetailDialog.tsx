import { useIntl } from 'react-intl';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { DietPlanDto } from '#protocol/contract/plans.ts';
import { CloseActions } from './CloseActions.tsx';
import { MacroChips, Stat, TextListCard } from './DietView.tsx';
import { readableDiet } from './readable-diet.ts';

/** SPEC §2 diet detail dialog: calorie goal, macros, meals, weekly menu, tips, substitutions. */
export function DietDetailDialog({ diet, onClose }: { diet: DietPlanDto; onClose: () => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const readable = readableDiet(diet);
  return (
    <Dialog open onClose={onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby="diet-detail-title" data-testid="diet-detail-dialog">
      <DialogTitle id="diet-detail-title">{diet.title}</DialogTitle>
      <DialogContent dividers tabIndex={0}>
        <Stack sx={{ gap: 2 }}>
          {diet.objective && <Typography color="text.secondary">{diet.objective}</Typography>}
          <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
            <Stat label={t('content.calorieGoal')} value={readable.calories === null ? t('content.notInformed') : t('content.kcal', { calories: readable.calories })} />
            <Stat label={t('content.mealCount')} value={intl.formatNumber(readable.meals.length)} />
          </Stack>
          {readable.macros && (
            <Stack sx={{ gap: 1 }}>
              <Typography variant="subtitle2" component="h3">
                {t('content.macros')}
              </Typography>
              <MacroChips macros={readable.macros} />
              {readable.macros.protein === undefined && readable.macros.text && <Typography variant="body2">{readable.macros.text}</Typography>}
            </Stack>
          )}
          {readable.meals.length > 0 && (
            <TextListCard
              titleId="content.meals"
              lines={readable.meals.map((meal) => [meal.time, meal.name, meal.calories === undefined ? null : t('content.kcal', { calories: meal.calories })].filter(Boolean).join(' · '))}
            />
          )}
          {readable.weeklyMenu.length > 0 && <TextListCard titleId="content.weeklyMenu" lines={readable.weeklyMenu} />}
          {readable.tips.length > 0 && <TextListCard titleId="content.tips" lines={readable.tips} />}
          {readable.substitutions.length > 0 && <TextListCard titleId="content.substitutions" lines={readable.substitutions} />}
        </Stack>
      </DialogContent>
      <CloseActions onClose={onClose} testId="dialog-close" />
    </Dialog>
  );
}
