import { useEffect, useRef, useState } from 'react';
import { useFormik } from 'formik';
import { useIntl } from 'react-intl';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import {
  ACTIVITY_LEVELS,
  COUNTRY_CODES,
  GOAL_TYPES,
  TIME_FRAMES,
  normalizeGender,
  normalizeTimeFrame,
  type ActivityLevel,
  type CountryCode,
  type DietaryRestriction,
  type GoalType,
  type MedicalCondition,
} from '#protocol/domain/client-enums.ts';
import { COUNTRY_LOCALE, LOCALE_COUNTRY, toLocale } from '#protocol/i18n/locales.ts';
import { formatMoney } from '#protocol/domain/money.ts';
import { PLAN_PRICING } from '#protocol/domain/plans.ts';
import { useLocaleStore } from '#pwa/i18n/locale-store.ts';
import { rememberedReferral } from '#pwa/lib/referral.ts';
import { lazySchemaErrors } from '#pwa/lib/lazy-schema-errors.ts';
import { answer, apiClient, ApiRequestError } from '#pwa/lib/api.ts';
import { errorMessage } from '#pwa/lib/error-message.ts';
import { useSession } from '#pwa/lib/session.ts';
import { showToast } from '#pwa/lib/toast.ts';
import { FeatureMessages } from '#pwa/components/FeatureMessages.tsx';
import { loadAnswerMessages } from '#pwa/components/i18n/messages.ts';
import { DOUBLE_TAP_MS } from '#pwa/lib/double-tap.ts';
import { capitalize } from '#pwa/lib/text.ts';
import { canOpenTab, REGISTRATION_TABS, WEEKLY_GOAL_WARNING_ABOVE, type RegistrationTab } from './tab-rules.ts';
import { SignUpPage } from '#pwa/components/SignUpPage.tsx';
import { DecimalField } from '#pwa/components/DecimalField.tsx';
import { NativeSelectField } from '#pwa/components/NativeSelectField.tsx';
import { OutlinedTextField as TextField } from '#pwa/components/OutlinedTextField.tsx';
import { AnswerChecklist } from '#pwa/components/AnswerChecklist.tsx';
import { HealthConsentCheckbox } from '#pwa/components/HealthConsent.tsx';
import { BirthDateFields, birthDateOf } from '#pwa/components/BirthDateFields.tsx';
import { HeightField } from '#pwa/components/HeightField.tsx';
import { UnitSystemSelect } from '#pwa/components/UnitSystemSelect.tsx';
import { measuresFor, type Measures } from '#pwa/lib/measures.ts';
import { unitSystemOfCountry, type UnitSystem } from '#protocol/domain/units.ts';

/** Which tab each field is on, to open the tab of the first error the server or schema reports. */
const FIELD_TABS: Record<string, RegistrationTab> = {
  name: 'personal', email: 'personal', password: 'personal', phone: 'personal', birthDate: 'personal', gender: 'personal', countryCode: 'personal',
  unitSystem: 'physical', currentWeight: 'physical', height: 'physical', highestWeight: 'physical', lowestWeight: 'physical', activityLevel: 'physical',
};

const initialValues = {
  name: '', email: '', password: '', phone: '', birthDay: '', birthMonth: '', birthYear: '', gender: '', countryCode: 'BR' as CountryCode,
  unitSystem: 'metric' as UnitSystem, currentWeight: '', height: '', heightFeet: '', heightInches: '', highestWeight: '', lowestWeight: '', activityLevel: 'sedentary' as ActivityLevel,
  targetWeight: '', weeklyWeightGoal: '', goalType: 'loseWeight' as GoalType, timeFrame: '', motivation: '', previousAttempts: '',
  dietaryRestrictions: [] as DietaryRestriction[], medicalConditions: [] as MedicalCondition[], healthDataConsent: false,
};
type Values = typeof initialValues;

/** The shared schema the server checks the same body by, loaded once the form is being filled in. */
const validation = lazySchemaErrors(() => import('#protocol/schemas/clients.ts').then((m) => m.registerClientSchema));

/**
 * The request body: optional fields left out when empty, numbers read with a decimal comma
 * allowed, measures typed in the chosen units sent as kg and cm (ADR 020).
 */
function toBody(values: Values, locale: string) {
  const measures = measuresFor(values.unitSystem, locale);
  const weight = (value: string) => measures.storedWeight(value);
  const text = (value: string) => (value.trim() === '' ? undefined : value);
  const birthDate = birthDateOf(values);
  return {
    name: values.name, email: values.email, password: values.password, phone: text(values.phone), birthDate, gender: normalizeGender(values.gender),
    countryCode: values.countryCode, preferredLanguage: COUNTRY_LOCALE[values.countryCode], unitSystem: values.unitSystem,
    currentWeight: weight(values.currentWeight), height: measures.storedHeight(values), highestWeight: weight(values.highestWeight), lowestWeight: weight(values.lowestWeight),
    activityLevel: values.activityLevel, targetWeight: weight(values.targetWeight), weeklyWeightGoal: measures.storedWeeklyGoal(values.weeklyWeightGoal), goalType: values.goalType,
    timeFrame: normalizeTimeFrame(values.timeFrame), motivation: text(values.motivation), previousAttempts: text(values.previousAttempts),
    dietaryRestrictions: values.dietaryRestrictions, medicalConditions: values.medicalConditions, healthDataConsent: values.healthDataConsent,
    // The consent's record keeps the language its wording was read in: this form's, not the country's.
    healthConsentLocale: values.healthDataConsent ? (toLocale(locale) ?? undefined) : undefined,
    referralCode: rememberedReferral() ?? undefined,
  };
}

/** The typed measures re-written in other units, so a switch never turns 90 kg into 90 lb. */
function convertMeasures(values: Values, from: Measures, to: Measures): Partial<Values> {
  const weight = (typed: string) => {
    const kg = from.storedWeight(typed);
    return kg !== undefined && Number.isFinite(kg) ? to.weightField(kg) : typed;
  };
  const height = from.storedHeight(values);
  const weekly = from.storedWeeklyGoal(values.weeklyWeightGoal);
  return {
    unitSystem: to.system,
    currentWeight: weight(values.currentWeight), targetWeight: weight(values.targetWeight), highestWeight: weight(values.highestWeight), lowestWeight: weight(values.lowestWeight),
    ...(height !== undefined && Number.isFinite(height) ? to.heightFields(height) : {}),
    weeklyWeightGoal: weekly !== undefined && Number.isFinite(weekly) ? to.weeklyGoalField(weekly) : values.weeklyWeightGoal,
  };
}

/** SPEC §2 /cadastro: a three-tab wizard (personal, physical, goals). */
function Registration() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const registered = useSession((s) => s.registered);
  const setLocale = useLocaleStore((s) => s.setLocale);
  const [tab, setTab] = useState(0);
  const [blocked, setBlocked] = useState(false);

  // The country the reader's language points to (es-AR → AR), not always Brasil: a visitor who
  // does not notice the field must not be switched to Portuguese and charged in reais (issue 17).
  const readersCountry = LOCALE_COUNTRY[toLocale(intl.locale) ?? 'pt-BR'];
  // The country's units, and the default weekly goal written as the language writes it: "0,5" kg, or 1 lb.
  const [startValues] = useState(() => {
    const unitSystem = unitSystemOfCountry(readersCountry);
    return { ...initialValues, countryCode: readersCountry, unitSystem, weeklyWeightGoal: measuresFor(unitSystem, intl.locale).weeklyGoalField(unitSystem === 'us' ? 0.45 : 0.5) };
  });
  const [countryChosen, setCountryChosen] = useState(false);
  const [unitsChosen, setUnitsChosen] = useState(false);
  const form = useFormik<Values>({
    initialValues: startValues,
    validateOnChange: false,
    // Errors appear once the user submits: appearing on blur they shift the layout under a tap.
    validateOnBlur: false,
    // The shared schema validates the same body the server will; errors are catalog keys.
    validate: (values) => validation.validate(toBody(values, intl.locale)),
    onSubmit: async (values, helpers) => {
      try {
        const { client } = await answer(apiClient.clients.register.$post({ json: toBody(values, intl.locale) }));
        setLocale(client.preferredLanguage);
        // Registered, the signed-in routes take /cadastro to the dashboard at once (as after signing
        // in): a navigation here once the device's data is open would undo a tap made meanwhile.
        await registered(client);
        showToast({ severity: 'success', title: { id: 'register.successTitle' }, description: { id: 'register.successDescription' } });
      } catch (error) {
        if (error instanceof ApiRequestError && error.details.length > 0) {
          helpers.setErrors(Object.fromEntries(error.details.map((d) => [d.field, d.code])));
          const first = error.details.map((d) => FIELD_TABS[d.field] ?? 'goals')[0];
          if (first) setTab(REGISTRATION_TABS.indexOf(first));
        }
        showToast({ severity: 'error', title: { id: 'register.errorTitle' }, description: errorMessage(intl, error, 'register.errorFallback') });
      }
    },
  });

  const values = form.values;
  const { setFieldValue, setValues } = form;
  const measures = measuresFor(values.unitSystem, intl.locale);
  const unit = { unit: measures.weightSymbol };
  const switchUnits = (system: UnitSystem) => {
    if (system !== values.unitSystem) void setValues({ ...values, ...convertMeasures(values, measures, measuresFor(system, intl.locale)) }, false);
  };
  // Until the visitor picks a country, the preset follows the language menu.
  useEffect(() => {
    if (!countryChosen) void setFieldValue('countryCode', readersCountry);
  }, [countryChosen, readersCountry, setFieldValue]);
  // Until the visitor picks units, they follow the country.
  const countryUnits = unitSystemOfCountry(values.countryCode);
  useEffect(() => {
    if (!unitsChosen && countryUnits !== values.unitSystem) switchUnits(countryUnits);
    // switchUnits reads the values of this render; it must run only when the country's units change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [unitsChosen, countryUnits]);
  // What the chosen country's plans cost: the server prices a client by that country's language.
  const pricing = PLAN_PRICING[COUNTRY_LOCALE[values.countryCode]];
  const fieldError = (name: string) => {
    const key = (form.errors as Record<string, string | undefined>)[name];
    const message = key ? measures.message(key) : undefined;
    return form.submitCount > 0 || (form.touched as Record<string, boolean | undefined>)[name] ? (message ? t(message.id, message.values) : undefined) : undefined;
  };
  const field = (name: keyof Values & string, labelId: string, extra: Record<string, unknown> = {}) => ({
    id: name,
    name,
    label: t(labelId, unit),
    value: values[name] as string,
    onChange: form.handleChange,
    onBlur: form.handleBlur,
    error: Boolean(fieldError(name)),
    helperText: fieldError(name),
    fullWidth: true,
    ...extra,
  });

  // A submit that finds an answer missing opens its tab, where "Avançar" sits under the finger
  // that tapped "Criar conta": the second tap of a double tap must not carry the person past the
  // message (it did, to the goals tab, which then showed none).
  const openedForAnswerAt = useRef(Number.NEGATIVE_INFINITY);
  const goTo = (next: number) => {
    if (performance.now() - openedForAnswerAt.current < DOUBLE_TAP_MS) return;
    if (canOpenTab(tab, next, values)) {
      setBlocked(false);
      setTab(next);
    } else {
      setBlocked(true);
    }
  };

  const submit = async () => {
    const errors = await form.validateForm();
    const firstTab = Object.keys(errors).map((name) => FIELD_TABS[name] ?? 'goals')[0];
    if (firstTab) {
      const next = REGISTRATION_TABS.indexOf(firstTab);
      if (next !== tab) openedForAnswerAt.current = performance.now();
      setTab(next);
    }
    await form.submitForm();
  };

  const current = measures.storedWeight(values.currentWeight);
  const target = measures.storedWeight(values.targetWeight);
  const weekly = measures.storedWeeklyGoal(values.weeklyWeightGoal);
  const known = (kg: number | undefined): kg is number => kg !== undefined && kg > 0;
  // On the fields of the open tab, not on the <form>, which may not take the tabpanel role.
  const panel = { role: 'tabpanel', id: `register-panel-${tab}`, 'aria-labelledby': `register-tab-${tab}` };

  return (
    <SignUpPage title={t('register.title')} subtitle={t('register.subtitle')}>
          <Tabs value={tab} onChange={(_e, next: number) => goTo(next)} variant="fullWidth" sx={{ mb: 2 }} aria-label={t('register.title')}>
            {REGISTRATION_TABS.map((name, index) => (
              <Tab key={name} label={t(`register.tab${capitalize(name)}`)} id={`register-tab-${index}`} aria-controls={`register-panel-${index}`} data-testid={`register-tab-${name}`} />
            ))}
          </Tabs>
          {blocked && (
            <Alert severity="warning" sx={{ mb: 2 }} data-testid="register-blocked">
              {t('register.completeTab')}
            </Alert>
          )}
          <Box component="form" noValidate onFocus={validation.preload} onSubmit={(event) => { event.preventDefault(); void submit(); }}>
            {tab === 0 && (
              <Stack sx={{ gap: 2 }} {...panel}>
                <TextField {...field('name', 'register.name')} autoComplete="name" />
                <TextField {...field('email', 'register.email')} type="email" autoComplete="email" />
                <TextField {...field('password', 'register.password')} type="password" autoComplete="new-password" />
                <TextField {...field('phone', 'register.phone')} type="tel" autoComplete="tel" />
                <BirthDateFields values={values} onChange={(name, value) => void form.setFieldValue(name, value)} error={fieldError('birthDate')} />
                <NativeSelectField
                  {...field('gender', 'register.gender')}
                  options={[
                    { value: 'female', label: t('register.genderFemale') },
                    { value: 'male', label: t('register.genderMale') },
                  ]}
                />
                <NativeSelectField
                  {...field('countryCode', 'register.country')}
                  onChange={(event) => {
                    setCountryChosen(true);
                    form.handleChange(event);
                  }}
                  options={COUNTRY_CODES.map((code) => ({ value: code, label: t(`register.country${code}`) }))}
                  data-testid="register-country"
                  helperText={t('register.languageShown', { language: t(`language.${COUNTRY_LOCALE[values.countryCode]}`) })}
                />
              </Stack>
            )}
            {tab === 1 && (
              <Stack sx={{ gap: 2 }} {...panel}>
                <UnitSystemSelect
                  value={values.unitSystem}
                  onChange={(system) => {
                    setUnitsChosen(true);
                    switchUnits(system);
                  }}
                  id="register-units"
                />
                <DecimalField {...field('currentWeight', 'register.currentWeight')} />
                <HeightField system={values.unitSystem} values={values} onChange={(name, value) => void setFieldValue(name, value)} error={fieldError('height')} />
                <DecimalField {...field('highestWeight', 'register.highestWeight')} />
                <DecimalField {...field('lowestWeight', 'register.lowestWeight')} />
                <NativeSelectField {...field('activityLevel', 'register.activityLevel')} options={ACTIVITY_LEVELS.map((level) => ({ value: level, label: t(`register.activity${capitalize(level)}`) }))} />
              </Stack>
            )}
            {tab === 2 && (
              <Stack sx={{ gap: 2 }} {...panel}>
                <DecimalField {...field('targetWeight', 'register.targetWeight')} />
                <DecimalField {...field('weeklyWeightGoal', 'register.weeklyGoal')} decimals={values.unitSystem === 'us' ? 1 : 2} />
                {known(weekly) && weekly > WEEKLY_GOAL_WARNING_ABOVE && (
                  <Alert severity="error" data-testid="weekly-warning">{t('register.weeklyWarning', { max: measures.weight(WEEKLY_GOAL_WARNING_ABOVE, true) })}</Alert>
                )}
                <NativeSelectField {...field('goalType', 'register.goalType')} options={GOAL_TYPES.map((goal) => ({ value: goal, label: t(`register.goal${capitalize(goal)}`) }))} />
                <NativeSelectField {...field('timeFrame', 'register.timeFrame')} options={TIME_FRAMES.map((frame) => ({ value: frame, label: t(`register.time${capitalize(frame)}`) }))} />
                <TextField {...field('motivation', 'register.motivation')} multiline minRows={2} />
                <TextField {...field('previousAttempts', 'register.previousAttempts')} multiline minRows={2} />
                <AnswerChecklist group="dietaryRestrictions" selected={values.dietaryRestrictions} onChange={(next) => void form.setFieldValue('dietaryRestrictions', next)} />
                {/* Medical conditions are health data: asked only once the person has consented, just above (LGPD art. 11). */}
                <HealthConsentCheckbox
                  checked={values.healthDataConsent}
                  onChange={(checked) => void form.setValues({ ...values, healthDataConsent: checked, medicalConditions: checked ? values.medicalConditions : [] })}
                />
                <AnswerChecklist group="medicalConditions" selected={values.medicalConditions} disabled={!values.healthDataConsent} onChange={(next) => void form.setFieldValue('medicalConditions', next)} />
                <Paper variant="outlined" sx={{ p: 2 }} data-testid="register-summary">
                  <Typography variant="subtitle2" component="h2" gutterBottom>{t('register.summaryTitle')}</Typography>
                  <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}>
                    <Typography component="dt" color="text.secondary">{t('register.summaryCurrent')}</Typography>
                    <Typography component="dd" sx={{ m: 0 }}>{known(current) ? measures.weight(current) : '—'}</Typography>
                    <Typography component="dt" color="text.secondary">{t('register.summaryTarget')}</Typography>
                    <Typography component="dd" sx={{ m: 0 }}>{known(target) ? measures.weight(target) : '—'}</Typography>
                    <Typography component="dt" color="text.secondary">{t('register.summaryDifference')}</Typography>
                    <Typography component="dd" sx={{ m: 0 }} data-testid="weight-difference">{known(current) && known(target) ? measures.weightDifference(current, target) : '—'}</Typography>
                    <Typography component="dt" color="text.secondary">{t('register.summaryWeekly')}</Typography>
                    <Typography component="dd" sx={{ m: 0 }}>{known(weekly) ? measures.weight(weekly) : '—'}</Typography>
                    <Typography component="dt" color="text.secondary">{t('register.summaryCurrency')}</Typography>
                    <Typography component="dd" sx={{ m: 0 }} data-testid="register-summary-currency">
                      {t('register.summaryCurrencyValue', {
                        currency: pricing.currency,
                        country: t(`register.country${values.countryCode}`),
                        price: formatMoney(pricing.prices.monthly, pricing.currency, intl.locale),
                      })}
                    </Typography>
                  </Box>
                </Paper>
              </Stack>
            )}
            <Stack direction="row" sx={{ justifyContent: 'space-between', mt: 3 }}>
              <Button onClick={() => goTo(tab - 1)} disabled={tab === 0}>
                {t('register.back')}
              </Button>
              {/* Distinct keys: reusing one DOM button would turn Next into a submit during its own click. */}
              {tab < REGISTRATION_TABS.length - 1 ? (
                <Button key="next" variant="contained" onClick={() => goTo(tab + 1)} data-testid="register-next">
                  {t('register.next')}
                </Button>
              ) : (
                <Button key="submit" type="submit" variant="contained" disabled={form.isSubmitting} data-testid="register-submit">
                  {t(form.isSubmitting ? 'register.submitting' : 'register.submit')}
                </Button>
              )}
            </Stack>
          </Box>
    </SignUpPage>
  );
}

/** The screen with the answers' words, which load with it. */
export function RegistrationScreen() {
  return (
    <FeatureMessages load={loadAnswerMessages}>
      <Registration />
    </FeatureMessages>
  );
}
