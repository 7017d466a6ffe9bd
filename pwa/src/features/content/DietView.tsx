import { useIntl } from 'react-intl';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import NightsStayIcon from '@mui/icons-material/NightsStayOutlined';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import { estimateMealMacros, foodPortion, hasSupper, SUPPER_TIME, type Macros, type Meal } from '#protocol/domain/diet-plan-display.ts';
import type { DietPlanDto } from '#protocol/contract/plans.ts';
import { LabeledValue } from '#pwa/components/LabeledValue.tsx';
import { PreparingNotice } from './PreparingNotice.tsx';
import { ViewHeader } from './ViewHeader.tsx';
import { readableDiet } from './readable-diet.ts';

const fold = (value: string) =>
  value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** Substitutions that start with one of the meal's foods ('Frango ↔ peixe') belong on its card. */
function substitutionsFor(meal: Meal, substitutions: readonly string[]): string[] {
  const foods = meal.foods.map((food) => fold(foodPortion(food).food)).filter((food) => food.length > 2);
  return substitutions.filter((line) => {
    const subject = fold(line.split(/↔|→|->|=>|:|\bpor\b|\bpelo\b|\bpela\b|\bor\b|\bou\b/)[0] ?? '').trim();
    return subject.length > 2 && foods.some((food) => food.includes(subject) || subject.includes(food));
  });
}

/** A summary figure that wraps onto the next line on a phone. */
export function Stat(props: { label: string; value: string; testId?: string }) {
  return <LabeledValue {...props} sx={{ minWidth: 120, flex: '1 1 120px' }} />;
}

export function MacroChips({ macros, estimated }: { macros: Partial<Pick<Macros, 'protein' | 'carbs' | 'fat'>>; estimated?: boolean }) {
  const intl = useIntl();
  const entries = (['protein', 'carbs', 'fat'] as const).filter((key) => macros[key] !== undefined);
  if (entries.length === 0) return null;
  return (
    <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }} data-testid="macros">
      {entries.map((key) => (
        <Chip key={key} size="small" variant="outlined" label={intl.formatMessage({ id: `content.macro.${key}` }, { grams: macros[key] })} />
      ))}
      {estimated && (
        <Typography variant="caption" color="text.secondary">
          {intl.formatMessage({ id: 'content.macro.estimated' })}
        </Typography>
      )}
    </Stack>
  );
}

function MealCard({ meal, substitutions }: { meal: Meal; substitutions: string[] }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const macros = estimateMealMacros(meal);
  return (
    <Card variant="outlined" data-testid="meal-card">
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h3">
            {meal.name}
          </Typography>
          <Stack direction="row" sx={{ gap: 1 }}>
            {meal.time && <Chip size="small" icon={<AccessTimeIcon />} label={meal.time} />}
            {meal.calories !== undefined && <Chip size="small" color="primary" label={t('content.kcal', { calories: meal.calories })} />}
          </Stack>
        </Stack>
        {macros && (
          <Box sx={{ mt: 1.5 }}>
            <MacroChips macros={macros} estimated />
          </Box>
        )}
        {meal.foods.length > 0 && (
          <>
            <Typography variant="subtitle2" component="h4" sx={{ mt: 2 }}>
              {t('content.foods')}
            </Typography>
            <List dense disablePadding>
              {meal.foods.map((food, i) => {
                // A food written without a quantity gets SPEC §9's default portion, marked as an estimate.
                const portion = foodPortion(food);
                return (
                  <ListItem key={i} disableGutters>
                    <ListItemText primary={food} secondary={portion.estimated && portion.portion ? t('content.portionEstimated', { portion: portion.portion }) : null} />
                  </ListItem>
                );
              })}
            </List>
          </>
        )}
        {meal.preparation && (
          <>
            <Typography variant="subtitle2" component="h4" sx={{ mt: 1 }}>
              {t('content.preparation')}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
              {meal.preparation}
            </Typography>
          </>
        )}
        {substitutions.length > 0 && (
          <>
            <Typography variant="subtitle2" component="h4" sx={{ mt: 2 }}>
              {t('content.substitutions')}
            </Typography>
            {substitutions.map((line, i) => (
              <Stack key={i} direction="row" sx={{ gap: 1, alignItems: 'center' }}>
                <SwapHorizIcon fontSize="small" color="action" aria-hidden="true" />
                <Typography variant="body2">{line}</Typography>
              </Stack>
            ))}
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** SPEC §2 placeholder when the diet has no supper: 'Ceia' at 22:00. */
function SupperPlaceholder() {
  const intl = useIntl();
  return (
    <Card variant="outlined" sx={{ borderStyle: 'dashed' }} data-testid="supper-placeholder">
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center' }}>
            <NightsStayIcon color="action" aria-hidden="true" />
            <Typography variant="h6" component="h3">
              {intl.formatMessage({ id: 'content.supper' })}
            </Typography>
          </Stack>
          <Chip size="small" icon={<AccessTimeIcon />} label={SUPPER_TIME} />
        </Stack>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {intl.formatMessage({ id: 'content.noSupper' })}
        </Typography>
      </CardContent>
    </Card>
  );
}

/**
 * SPEC §2 diet view: summary, a card per meal (time, calories, estimated macros, foods,
 * substitutions), the supper placeholder, and the remaining substitutions and tips.
 */
export function DietView({
  diet,
  onClose,
  closeLabelId = 'content.back',
  ownPage = false,
}: {
  diet: DietPlanDto | null;
  onClose?: () => void;
  closeLabelId?: string;
  /** On /diet the page heading already says 'My Diet'. */
  ownPage?: boolean;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const readable = diet ? readableDiet(diet) : null;

  if (!diet || !readable) {
    return (
      <Stack sx={{ gap: 2 }} data-testid="diet-view">
        <ViewHeader titleId={ownPage ? undefined : 'nav.diet'} onClose={onClose} closeLabelId={closeLabelId} />
        <PreparingNotice kind="diet" />
      </Stack>
    );
  }

  const perMeal = readable.meals.map((meal) => substitutionsFor(meal, readable.substitutions));
  const placed = new Set(perMeal.flat());
  const general = readable.substitutions.filter((line) => !placed.has(line));
  const published = diet.publishedAt && Number.isFinite(Date.parse(diet.publishedAt)) ? intl.formatDate(diet.publishedAt, { dateStyle: 'medium' }) : t('content.invalidDate');

  return (
    <Stack sx={{ gap: 2 }} data-testid="diet-view">
      <ViewHeader titleId={ownPage ? undefined : 'nav.diet'} subtitle={diet.title} onClose={onClose} closeLabelId={closeLabelId} />
      <Card variant="outlined" data-testid="diet-summary">
        <CardContent>
          {diet.description && (
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {diet.description}
            </Typography>
          )}
          <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
            <Stat label={t('content.dailyCalories')} value={readable.calories === null ? t('content.notInformed') : t('content.kcal', { calories: readable.calories })} testId="diet-calories" />
            <Stat label={t('content.mealCount')} value={intl.formatNumber(readable.meals.length)} testId="diet-meal-count" />
            <Stat label={t('content.status')} value={t('content.statusActive')} />
            <Stat label={t('content.publishedAt')} value={published} />
          </Stack>
          {readable.macros && (readable.macros.protein !== undefined || readable.macros.text) && (
            <>
              <Divider sx={{ my: 2 }} />
              <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
                {t('content.macros')}
              </Typography>
              <MacroChips macros={readable.macros} />
              {readable.macros.protein === undefined && readable.macros.text && <Typography variant="body2">{readable.macros.text}</Typography>}
            </>
          )}
        </CardContent>
      </Card>
      {readable.meals.map((meal, i) => (
        <MealCard key={i} meal={meal} substitutions={perMeal[i] ?? []} />
      ))}
      {!hasSupper(readable.meals) && <SupperPlaceholder />}
      {general.length > 0 && <TextListCard titleId="content.substitutions" lines={general} testId="diet-substitutions" />}
      {readable.tips.length > 0 && <TextListCard titleId="content.tips" lines={readable.tips} testId="diet-tips" />}
    </Stack>
  );
}

export function TextListCard({ titleId, lines, testId }: { titleId: string; lines: readonly string[]; testId?: string }) {
  const intl = useIntl();
  return (
    <Card variant="outlined" data-testid={testId}>
      <CardContent>
        <Typography variant="h6" component="h3">
          {intl.formatMessage({ id: titleId })}
        </Typography>
        <List dense disablePadding>
          {lines.map((line, i) => (
            <ListItem key={i} disableGutters>
              <ListItemText primary={line} />
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}
