import { useState } from 'react';
import { useFormik } from 'formik';
import { useLiveQuery } from 'dexie-react-hooks';
import { useIntl } from 'react-intl';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ACTIVITY_LEVELS, COUNTRY_CODES, GENDERS, GOAL_TYPES, TIME_FRAMES } from '#protocol/domain/client-enums.ts';
import { LOCALES } from '#protocol/i18n/locales.ts';
import { profileUpdateSchema, type ProfileUpdateInput } from '#protocol/schemas/clients.ts';
import { HealthConsentNotice } from '#pwa/components/HealthConsentNotice.tsx';
import { useHealthConsent } from '#pwa/db/use-health-consent.ts';
import { AnswerChecklist, optionLabelId, type ChecklistGroup } from '#pwa/components/AnswerChecklist.tsx';
import { BirthDateFields, birthDateOf, birthDateParts } from '#pwa/components/BirthDateFields.tsx';
import { DecimalField } from '#pwa/components/DecimalField.tsx';
import { PageHeading } from '#pwa/components/PageHeading.tsx';
import { HeightField } from '#pwa/components/HeightField.tsx';
import { NativeSelectField, type SelectOption } from '#pwa/components/NativeSelectField.tsx';
import { OutlinedTextField as TextField } from '#pwa/components/OutlinedTextField.tsx';
import type { Measures } from '#pwa/lib/measures.ts';
import { useCurrentDb } from '#pwa/db/current.ts';
import { useWeightProgress } from '#pwa/db/use-weight-records.ts';
import { useMeasures } from '#pwa/db/use-measures.ts';
import { uuidv7 } from '#protocol/ids.ts';
import { useSession, type Client } from '#pwa/lib/session.ts';
import { schemaErrors } from '#pwa/lib/schema-errors.ts';
import { showToast } from '#pwa/lib/toast.ts';
import { capitalize } from '#pwa/lib/text.ts';
import { write } from '#pwa/sync/user-data.ts';
import { FeatureMessages } from '#pwa/components/FeatureMessages.tsx';
import { loadProfileMessages } from './i18n/messages.ts';

/** Every answer of registration (SPEC §2) but the password, edited as text (SPEC §7 PUT /profile). */
const TEXT_FIELDS = [
  'name', 'email', 'phone', 'gender', 'countryCode', 'preferredLanguage',
  'height', 'currentWeight', 'highestWeight', 'lowestWeight', 'activityLevel',
  'targetWeight', 'weeklyWeightGoal', 'goalType', 'timeFrame', 'motivation', 'previousAttempts',
] as const;
type TextAnswer = (typeof TEXT_FIELDS)[number];
const LISTS = ['dietaryRestrictions', 'medicalConditions'] as const satisfies readonly ChecklistGroup[];
type FormValues = Record<TextAnswer, string> & Record<ChecklistGroup, string[]> & { birthDay: string; birthMonth: string; birthYear: string; heightFeet: string; heightInches: string };

/** Weights in the person's unit (ADR 020), as the language writes them ("82,5" in pt-BR, ADR 015). */
const WEIGHTS = ['currentWeight', 'highestWeight', 'lowestWeight', 'targetWeight'] as const satisfies readonly TextAnswer[];
const isWeight = (field: TextAnswer): field is (typeof WEIGHTS)[number] => (WEIGHTS as readonly string[]).includes(field);
/** Answers a client must keep: emptying one is an error under the field, not a silent "unchanged". */
const REQUIRED: readonly TextAnswer[] = ['name', 'email', 'height', 'currentWeight', 'targetWeight', 'weeklyWeightGoal'];

const toForm = (profile: Partial<Client>, measures: Measures): FormValues => ({
  ...(Object.fromEntries(
    TEXT_FIELDS.map((field) => {
      const value = profile[field];
      if (value === null || value === undefined) return [field, ''];
      if (isWeight(field)) return [field, measures.weightField(value as number)];
      if (field === 'weeklyWeightGoal') return [field, measures.weeklyGoalField(value as number)];
      return [field, String(value)];
    }),
  ) as Record<TextAnswer, string>),
  ...measures.heightFields(profile.height),
  dietaryRestrictions: [...(profile.dietaryRestrictions ?? [])],
  medicalConditions: [...(profile.medicalConditions ?? [])],
  ...birthDateParts(profile.birthDate),
});

const sameList = (a: readonly string[], b: readonly string[]) => [...a].sort().join() === [...b].sort().join();

/** Whether an answer was emptied; the height in feet and inches is empty when both are. */
const isBlank = (values: FormValues, field: TextAnswer, measures: Measures) =>
  field === 'height' && measures.system === 'us' ? values.heightFeet.trim() === '' && values.heightInches.trim() === '' : values[field].trim() === '';

const birthDateParts3 = (values: FormValues) => [values.birthDay, values.birthMonth, values.birthYear];
/** Some of day, month and year chosen but not all: no date to send, an error to show. */
const partialBirthDate = (values: FormValues) => birthDateOf(values) === undefined && birthDateParts3(values).some((part) => part !== '');

/**
 * The fields the user changed, as `profile.update` sends them: an emptied optional answer is
 * `null` (taken back on every device, issue 17), a list is sent whole, measures typed in the
 * person's units go as kg and cm (ADR 020). The weight is not here: a weight typed in the profile
 * is a weigh-in (ADR 018).
 */
function changedFields(values: FormValues, original: FormValues, measures: Measures): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const field of TEXT_FIELDS) {
    const changed = field === 'height' ? (['height', 'heightFeet', 'heightInches'] as const).some((f) => values[f] !== original[f]) : values[field] !== original[field];
    if (field === 'currentWeight' || !changed) continue;
    if (isBlank(values, field, measures)) {
      if (!REQUIRED.includes(field)) fields[field] = null;
      continue;
    }
    fields[field] = isWeight(field) ? measures.storedWeight(values[field]) : field === 'weeklyWeightGoal' ? measures.storedWeeklyGoal(values[field]) : field === 'height' ? measures.storedHeight(values) : values[field];
  }
  for (const list of LISTS) if (!sameList(values[list], original[list])) fields[list] = values[list];
  const birthDate = birthDateOf(values);
  if (birthDate !== birthDateOf(original) && !partialBirthDate(values)) fields.birthDate = birthDate ?? null;
  return fields;
}

/**
 * SPEC §2/§4 /profile: a read view and an edit view (Edit, Cancel resets, Save) of every answer
 * given at registration. Saving goes through the sync layer (per-field last-writer-wins), so an
 * edit made offline is kept and sent.
 */
function Profile() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const db = useCurrentDb();
  const client = useSession((s) => s.client);
  const setClient = useSession((s) => s.setClient);
  const stored = useLiveQuery(async () => (db ? ((await db.profile.toArray())[0] ?? null) : undefined), [db]);
  // The current weight is the latest record's on this device, not the profile's copy (ADR 018).
  const currentWeight = useWeightProgress()?.progress.currentWeight;
  const profile: Partial<Client> = { ...(stored ?? client), ...(currentWeight !== undefined && { currentWeight }) };
  const [editing, setEditing] = useState(false);
  const consented = useHealthConsent() !== false;
  const measures = useMeasures();
  // The answers as the form showed them when it opened: what a save compares with.
  const original = toForm(profile, measures);

  const form = useFormik<FormValues>({
    initialValues: original,
    enableReinitialize: !editing,
    validateOnBlur: false,
    validateOnChange: false,
    validate: async (values) => {
      const errors = await schemaErrors(profileUpdateSchema, { ...changedFields(values, original, measures), currentWeight: measures.storedWeight(values.currentWeight) });
      for (const field of REQUIRED) if (isBlank(values, field, measures) && !isBlank(original, field, measures)) errors[field] = 'validation.required';
      if (partialBirthDate(values)) errors.birthDate = 'validation.invalidDate';
      return errors;
    },
    onSubmit: async (values) => {
      const changed = changedFields(values, original, measures);
      try {
        // A weight typed here is a weigh-in, as in the weight dialog; the registration weight stays the starting point.
        if (values.currentWeight !== original.currentWeight) {
          const { currentWeight: weight } = profileUpdateSchema.cast({ currentWeight: measures.storedWeight(values.currentWeight) });
          const now = new Date();
          if (typeof weight === 'number') await write('weight.add', { id: uuidv7(now.getTime()), weight, notes: null, createdAt: now.toISOString() });
        }
        if (Object.keys(changed).length > 0) {
          const fields = profileUpdateSchema.cast(changed) as ProfileUpdateInput;
          await write('profile.update', { fields });
          if (client) setClient({ ...client, ...(fields as Partial<Client>) });
        }
        showToast({ severity: 'success', title: { id: 'profile.successTitle' }, description: navigator.onLine ? undefined : { id: 'profile.savedOffline' } });
        setEditing(false);
      } catch (error) {
        console.error('profile.update', error);
        showToast({ severity: 'error', title: { id: 'profile.errorTitle' }, description: { id: 'profile.errorFallback' } });
      }
    },
  });

  if (stored === undefined && !client) {
    return (
      <>
        <PageHeading titleId="nav.profile" />
        <Skeleton variant="rounded" height={320} role="status" aria-label={t('profile.loading')} />
      </>
    );
  }

  const notProvided = t('profile.notProvided');
  const show = (value: unknown, labelId?: (v: string) => string) =>
    value === null || value === undefined || value === '' ? notProvided : labelId ? t(labelId(String(value))) : String(value);
  // Units come from Intl, in the interface language, rather than literals.
  const measure = (value: unknown, unit: string, unitDisplay: 'short' | 'long' = 'short') =>
    typeof value === 'number' ? intl.formatNumber(value, { style: 'unit', unit, unitDisplay, maximumFractionDigits: 2 }) : notProvided;
  const list = (group: ChecklistGroup) =>
    profile[group]?.length ? new Intl.ListFormat(intl.locale, { type: 'conjunction' }).format(profile[group].map((o) => t(optionLabelId(group, o)))) : notProvided;
  const birthDate = profile.birthDate ? intl.formatDate(new Date(`${profile.birthDate}T12:00:00Z`), { dateStyle: 'long', timeZone: 'UTC' }) : notProvided;
  const sections: [string, [string, string][]][] = [
    ['profile.personalSection', [
      ['profile.fields.name', show(profile.name)],
      ['profile.fields.email', show(profile.email)],
      ['profile.fields.phone', show(profile.phone)],
      ['profile.fields.birthDate', birthDate],
      ['profile.fields.gender', show(profile.gender, (v) => `register.gender${capitalize(v)}`)],
    ]],
    ['profile.bodySection', [
      ['profile.fields.height', measures.height(profile.height) || notProvided],
      ['profile.fields.currentWeight', measures.weight(profile.currentWeight) || notProvided],
      ['profile.fields.targetWeight', measures.weight(profile.targetWeight) || notProvided],
      ['profile.fields.weeklyGoal', typeof profile.weeklyWeightGoal === 'number' ? measure(measures.weightFigure(profile.weeklyWeightGoal), measures.system === 'us' ? 'pound-per-week' : 'kilogram-per-week', 'long') : notProvided],
      ['profile.fields.highestWeight', measures.weight(profile.highestWeight) || notProvided],
      ['profile.fields.lowestWeight', measures.weight(profile.lowestWeight) || notProvided],
      ['profile.fields.activityLevel', show(profile.activityLevel, (v) => `register.activity${capitalize(v)}`)],
      ['profile.fields.goalType', show(profile.goalType, (v) => `register.goal${capitalize(v)}`)],
      ['profile.fields.timeFrame', show(profile.timeFrame, (v) => `register.time${capitalize(v)}`)],
      ['profile.fields.motivation', show(profile.motivation)],
      ['profile.fields.previousAttempts', show(profile.previousAttempts)],
      ['profile.fields.dietaryRestrictions', list('dietaryRestrictions')],
      ['profile.fields.medicalConditions', list('medicalConditions')],
    ]],
    ['profile.preferencesSection', [
      ['profile.fields.country', show(profile.countryCode, (v) => `register.country${v}`)],
      ['profile.language', show(profile.preferredLanguage, (v) => `language.${v}`)],
      ['units.label', t(`units.${measures.system}`)],
    ]],
  ];

  const error = (name: string) => {
    const key = (form.errors as Record<string, string | undefined>)[name];
    if (!key) return undefined;
    const message = measures.message(key);
    return t(message.id, message.values);
  };
  const field = (name: TextAnswer, labelId: string, extra: Record<string, unknown> = {}) => ({
    id: `profile-${name}`,
    name,
    label: t(labelId, { unit: measures.weightSymbol }),
    value: form.values[name],
    onChange: form.handleChange,
    error: Boolean(error(name)),
    helperText: error(name),
    fullWidth: true,
    ...extra,
  });
  // Optional choices offer an empty one, so an answer given before can be taken back.
  const none: SelectOption[] = [{ value: '', label: notProvided }];
  const choices = (values: readonly string[], labelId: (value: string) => string) => values.map((value) => ({ value, label: t(labelId(value)) }));
  const sectionTitle = (id: string) => <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>{t(id)}</Typography>;

  return (
    <>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
        <PageHeading titleId="nav.profile" />
        {!editing && (
          <Button variant="contained" onClick={() => setEditing(true)} data-testid="profile-edit">
            {t('profile.edit')}
          </Button>
        )}
      </Stack>
      <Card variant="outlined">
        <CardContent>
          {!editing ? (
            <Stack sx={{ gap: 2 }} data-testid="profile-view">
              {sections.map(([titleId, rows]) => (
                <Box key={titleId} component="section">
                  {sectionTitle(titleId)}
                  <Box component="dl" sx={{ m: 0, mt: 1, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(180px, auto) 1fr' }, columnGap: 3, rowGap: 1 }}>
                    {rows.map(([labelId, value]) => (
                      <Box key={labelId} sx={{ display: 'contents' }}>
                        <Typography component="dt" color="text.secondary">{t(labelId)}</Typography>
                        <Typography component="dd" sx={{ m: 0, mb: { xs: 1, sm: 0 }, overflowWrap: 'anywhere' }}>{value}</Typography>
                      </Box>
                    ))}
                  </Box>
                </Box>
              ))}
            </Stack>
          ) : (
            <Box component="form" noValidate onSubmit={form.handleSubmit} data-testid="profile-form">
              <Stack sx={{ gap: 2 }}>
                {sectionTitle('profile.personalSection')}
                <TextField {...field('name', 'register.name')} autoComplete="name" />
                <TextField {...field('email', 'register.email')} type="email" autoComplete="email" />
                <TextField {...field('phone', 'register.phone')} type="tel" autoComplete="tel" />
                <BirthDateFields
                  values={form.values}
                  onChange={(name, value) => void form.setFieldValue(name, value)}
                  idPrefix="profile-"
                  error={error('birthDate')}
                  clearable
                />
                <NativeSelectField {...field('gender', 'register.gender')} options={[...none, ...choices(GENDERS, (v) => `register.gender${capitalize(v)}`)]} />
                {sectionTitle('profile.bodySection')}
                <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2 }}>
                  <HeightField system={measures.system} values={form.values} onChange={(name, value) => void form.setFieldValue(name, value)} error={error('height')} idPrefix="profile-" />
                  <DecimalField {...field('currentWeight', 'register.currentWeight')} />
                  <DecimalField {...field('targetWeight', 'register.targetWeight')} />
                </Stack>
                <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2 }}>
                  <DecimalField {...field('weeklyWeightGoal', 'register.weeklyGoal')} decimals={measures.system === 'us' ? 1 : 2} />
                  <DecimalField {...field('highestWeight', 'register.highestWeight')} />
                  <DecimalField {...field('lowestWeight', 'register.lowestWeight')} />
                </Stack>
                <NativeSelectField {...field('activityLevel', 'register.activityLevel')} options={choices(ACTIVITY_LEVELS, (v) => `register.activity${capitalize(v)}`)} />
                <NativeSelectField {...field('goalType', 'register.goalType')} options={choices(GOAL_TYPES, (v) => `register.goal${capitalize(v)}`)} />
                <NativeSelectField {...field('timeFrame', 'register.timeFrame')} options={[...none, ...choices(TIME_FRAMES, (v) => `register.time${capitalize(v)}`)]} />
                <TextField {...field('motivation', 'register.motivation')} multiline minRows={2} />
                <TextField {...field('previousAttempts', 'register.previousAttempts')} multiline minRows={2} />
                {LISTS.map((group) => (
                  <AnswerChecklist key={group} group={group} selected={form.values[group]} disabled={group === 'medicalConditions' && !consented} onChange={(next) => void form.setFieldValue(group, next)} />
                ))}
                {!consented && <HealthConsentNotice />}
                {sectionTitle('profile.preferencesSection')}
                <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2 }}>
                  <NativeSelectField {...field('countryCode', 'register.country')} options={choices(COUNTRY_CODES, (v) => `register.country${v}`)} />
                  <NativeSelectField {...field('preferredLanguage', 'profile.language')} options={choices(LOCALES, (v) => `language.${v}`)} />
                </Stack>
                <Stack direction="row" sx={{ gap: 1, justifyContent: 'flex-end' }}>
                  <Button
                    onClick={() => {
                      form.resetForm({ values: original });
                      setEditing(false);
                    }}
                    data-testid="profile-cancel"
                  >
                    {t('profile.cancel')}
                  </Button>
                  <Button type="submit" variant="contained" disabled={form.isSubmitting} data-testid="profile-save">
                    {t(form.isSubmitting ? 'profile.saving' : 'profile.save')}
                  </Button>
                </Stack>
              </Stack>
            </Box>
          )}
        </CardContent>
      </Card>
    </>
  );
}

/** The screen with its own strings, which load with it. */
export function ProfileScreen() {
  return (
    <FeatureMessages load={loadProfileMessages}>
      <Profile />
    </FeatureMessages>
  );
}
