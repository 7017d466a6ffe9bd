import { useIntl } from 'react-intl';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { StaffUserDetail } from '#protocol/contract/staff.ts';
import { analyseNutrition, type NutritionField } from '#protocol/domain/nutrition.ts';
import { LabeledValue } from '#pwa/components/LabeledValue.tsx';
import { measuresFor } from '#pwa/lib/measures.ts';
import { KG_PER_LB } from '#protocol/domain/units.ts';
import { capitalize } from '#pwa/lib/text.ts';

const FIELD_LABELS: Record<NutritionField, string> = {
  birthDate: 'admin.nutrition.fieldBirthDate',
  gender: 'admin.nutrition.fieldGender',
  height: 'admin.nutrition.fieldHeight',
  currentWeight: 'admin.nutrition.fieldCurrentWeight',
};

type Client = Pick<StaffUserDetail, 'birthDate' | 'gender' | 'height' | 'currentWeight' | 'activityLevel' | 'goalType' | 'weeklyWeightGoal'>;

/**
 * SPEC §2 nutritional analysis of the selected client (SPEC §9 formulas, ADR 011), for `today` on
 * the reader's calendar; names what is missing rather than guessing it.
 */
export function NutritionCard({ client, today }: { client: Client; today: string }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const result = analyseNutrition(
    {
      birthDate: client.birthDate,
      gender: client.gender,
      height: client.height,
      currentWeight: client.currentWeight,
      activityLevel: client.activityLevel,
      goalType: client.goalType,
      weeklyGoal: client.weeklyWeightGoal,
    },
    today,
  );
  const number = (value: number, options?: Parameters<typeof intl.formatNumber>[1]) => intl.formatNumber(value, options);
  const kcal = (value: number) => t('admin.nutrition.kcal', { value: number(value) });
  const signed = { signDisplay: 'exceptZero' } as const;
  // Staff read both systems whatever the client uses (ADR 020): the client may speak of either.
  const metric = measuresFor('metric', intl.locale);
  const us = measuresFor('us', intl.locale);
  const both = (first: string, second: string) => (first === '' ? '' : `${first} (${second})`);
  const measures = [
    { labelId: 'admin.nutrition.heightLabel', value: both(metric.height(client.height), us.height(client.height)), testId: 'nutrition-height' },
    { labelId: 'admin.nutrition.weightLabel', value: both(metric.weight(client.currentWeight), us.weight(client.currentWeight)), testId: 'nutrition-weight' },
  ].filter((measure) => measure.value !== '');

  return (
    <Card variant="outlined" data-testid="nutrition-card">
      <CardContent>
        <Typography variant="h6" component="h3" gutterBottom>
          {t('admin.nutrition.title')}
        </Typography>
        {measures.length > 0 && (
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 2, mb: 2 }}>
            {measures.map(({ labelId, value, testId }) => <LabeledValue key={testId} label={t(labelId)} value={value} testId={testId} />)}
          </Box>
        )}
        {!result.ok ? (
          <Typography color="text.secondary" data-testid="nutrition-missing">
            {t('admin.nutrition.missing', { fields: intl.formatList(result.missing.map((field) => t(FIELD_LABELS[field])), { type: 'conjunction' }) })}
          </Typography>
        ) : (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {t('admin.nutrition.basis', {
                activity: t(`register.activity${capitalize(result.analysis.activityLevel)}`),
                goal: t(`register.goal${capitalize(result.analysis.goalType)}`),
              })}
            </Typography>
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))' }, gap: 2 }}>
              <LabeledValue label={t('admin.nutrition.age')} value={t('admin.nutrition.years', { age: result.analysis.age })} testId="nutrition-age" />
              <LabeledValue label={t('admin.nutrition.bmr')} value={kcal(result.analysis.bmr)} testId="nutrition-bmr" />
              <LabeledValue label={t('admin.nutrition.tdee')} value={kcal(result.analysis.tdee)} testId="nutrition-tdee" />
              <LabeledValue label={t('admin.nutrition.target')} value={kcal(result.analysis.targetCalories)} testId="nutrition-target" />
              <LabeledValue label={t('admin.nutrition.dailyDelta')} value={t('admin.nutrition.kcalPerDay', { value: number(result.analysis.dailyDelta, signed) })} testId="nutrition-delta" />
              <LabeledValue
                label={t('admin.nutrition.weeklyRate')}
                value={t('admin.nutrition.ratePerWeek', {
                  kg: number(result.analysis.weeklyRate, { ...signed, maximumFractionDigits: 2 }),
                  lb: number(result.analysis.weeklyRate / KG_PER_LB, { ...signed, maximumFractionDigits: 1 }),
                })}
                testId="nutrition-rate"
              />
            </Box>
            <Typography variant="subtitle2" component="h4" sx={{ mt: 2, mb: 1 }}>
              {t('admin.nutrition.macros')}
            </Typography>
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(3, minmax(0, 1fr))' }, gap: 2 }}>
              {(['protein', 'carbs', 'fat'] as const).map((macro) => (
                <LabeledValue
                  key={macro}
                  label={t(`admin.nutrition.${macro}`)}
                  value={t('admin.nutrition.grams', {
                    grams: number(result.analysis.macros[macro]),
                    share: number(result.analysis.split[macro] / 100, { style: 'percent' }),
                  })}
                  testId={`nutrition-${macro}`}
                />
              ))}
            </Box>
          </>
        )}
      </CardContent>
    </Card>
  );
}
