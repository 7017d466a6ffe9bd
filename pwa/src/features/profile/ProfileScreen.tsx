import { useState } from 'react';
import { useFormik } from 'formik';
import { useLiveQuery } from 'dexie-react-hooks';
import { useIntl } from 'react-intl';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ACTIVITY_LEVELS, COUNTRY_CODES, GOAL_TYPES } from '#protocol/domain/client-enums.ts';
import { LOCALES } from '#protocol/i18n/locales.ts';
import { profileUpdateSchema, type ProfileUpdateInput } from '#protocol/schemas/clients.ts';
import { DecimalField } from '#pwa/components/DecimalField.tsx';
import { PageHeading } from '#pwa/components/PageHeading.tsx';
import { formatDecimal } from '#pwa/lib/locale-decimal.ts';
import { useUserDb } from '#pwa/db/current.ts';
import { useWeightProgress } from '#pwa/db/use-weight-records.ts';
import { uuidv7 } from '#protocol/ids.ts';
import { useSession, type Client } from '#pwa/lib/session.ts';
import { schemaErrors } from '#pwa/lib/schema-errors.ts';
import { showToast } from '#pwa/lib/toast.ts';
import { capitalize } from '#pwa/lib/text.ts';
import { write } from '#pwa/sync/user-data.ts';

/** The fields of SPEC §7 PUT /profile, edited as strings. */
const EDITABLE = ['name', 'email', 'phone', 'height', 'currentWeight', 'targetWeight', 'activityLevel', 'goalType', 'countryCode', 'preferredLanguage'] as const;
type Editable = (typeof EDITABLE)[number];
type FormValues = Record<Editable, string>;

/** The numbers, shown as the language writes them ("82,5" in pt-BR) and read back either way (ADR 015). */
const NUMERIC: readonly Editable[] = ['height', 'currentWeight', 'targetWeight'];

const toForm = (profile: Partial<Client>, locale: string): FormValues =>
  Object.fromEntries(
    EDITABLE.map((field) => {
      const value = profile[field];
      if (value === null || value === undefined) return [field, ''];
      return [field, NUMERIC.includes(field) && typeof value === 'number' ? formatDecimal(value, locale) : String(value)];
    }),
  ) as FormValues;

/**
 * SPEC §2/§4 /profile: a read view and an edit view (Edit, Cancel resets, Save). Saving goes
 * through the sync layer (per-field last-writer-wins), so an edit made offline is kept and sent.
 */
export function ProfileScreen() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const db = useUserDb((s) => s.db);
  const client = useSession((s) => s.client);
  const setClient = useSession((s) => s.setClient);
  const stored = useLiveQuery(async () => (db ? ((await db.profile.toArray())[0] ?? null) : undefined), [db]);
  // The current weight is the latest record's on this device, not the profile's copy (ADR 018).
  const currentWeight = useWeightProgress()?.progress.currentWeight;
  const profile = { ...((stored ?? client ?? {}) as Partial<Client>), ...(currentWeight !== undefined && { currentWeight }) };
  const [editing, setEditing] = useState(false);

  const form = useFormik<FormValues>({
    initialValues: toForm(profile, intl.locale),
    enableReinitialize: !editing,
    validateOnBlur: false,
    validateOnChange: false,
    validate: (values) => schemaErrors(profileUpdateSchema, values),
    onSubmit: async (values) => {
      const original = toForm(profile, intl.locale);
      const changed = EDITABLE.filter((field) => values[field] !== original[field] && field !== 'currentWeight');
      try {
        // A weight typed here is a weigh-in, as in the weight dialog; the registration weight stays the starting point.
        if (values.currentWeight !== original.currentWeight) {
          const { currentWeight: weight } = profileUpdateSchema.cast({ currentWeight: values.currentWeight });
          const now = new Date();
          if (typeof weight === 'number') await write('weight.add', { id: uuidv7(now.getTime()), weight, notes: null, createdAt: now.toISOString() });
        }
        if (changed.length > 0) {
          const fields = profileUpdateSchema.cast(Object.fromEntries(changed.map((field) => [field, values[field]]))) as ProfileUpdateInput;
          // An emptied phone is taken back (null); other emptied fields stay as they were.
          if (changed.includes('phone') && values.phone.trim() === '') fields.phone = null;
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
        <Skeleton variant="rounded" height={320} aria-label={t('profile.loading')} />
      </>
    );
  }

  const show = (value: unknown, labelId?: (v: string) => string) =>
    value === null || value === undefined || value === '' ? t('profile.notProvided') : labelId ? t(labelId(String(value))) : String(value);
  // The unit symbol comes from Intl, in the interface language, rather than a literal.
  const number = (value: unknown, unit: 'centimeter' | 'kilogram') =>
    typeof value === 'number' ? intl.formatNumber(value, { style: 'unit', unit, maximumFractionDigits: 1 }) : t('profile.notProvided');
  const rows: [string, string][] = [
    ['register.name', show(profile.name)],
    ['register.email', show(profile.email)],
    ['register.phone', show(profile.phone)],
    ['register.height', number(profile.height, 'centimeter')],
    ['register.currentWeight', number(profile.currentWeight, 'kilogram')],
    ['register.targetWeight', number(profile.targetWeight, 'kilogram')],
    ['register.activityLevel', show(profile.activityLevel, (v) => `register.activity${capitalize(v)}`)],
    ['register.goalType', show(profile.goalType, (v) => `register.goal${capitalize(v)}`)],
    ['register.country', show(profile.countryCode, (v) => `register.country${v}`)],
    ['profile.language', show(profile.preferredLanguage, (v) => `language.${v}`)],
  ];

  const error = (name: Editable) => (form.errors[name] ? t(form.errors[name] as string) : undefined);
  const field = (name: Editable, labelId: string, extra: Record<string, unknown> = {}) => ({
    id: `profile-${name}`,
    name,
    label: t(labelId),
    value: form.values[name],
    onChange: form.handleChange,
    error: Boolean(error(name)),
    helperText: error(name),
    fullWidth: true,
    ...extra,
  });

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
            <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'auto 1fr' }, columnGap: 3, rowGap: 1 }} data-testid="profile-view">
              {rows.map(([labelId, value]) => (
                <Box key={labelId} sx={{ display: 'contents' }}>
                  <Typography component="dt" color="text.secondary">{t(labelId)}</Typography>
                  <Typography component="dd" sx={{ m: 0, mb: { xs: 1, sm: 0 } }}>{value}</Typography>
                </Box>
              ))}
            </Box>
          ) : (
            <Box component="form" noValidate onSubmit={form.handleSubmit} data-testid="profile-form">
              <Stack sx={{ gap: 2 }}>
                <TextField {...field('name', 'register.name')} autoComplete="name" />
                <TextField {...field('email', 'register.email')} type="email" autoComplete="email" />
                <TextField {...field('phone', 'register.phone')} type="tel" />
                <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2 }}>
                  <DecimalField {...field('height', 'register.height')} />
                  <DecimalField {...field('currentWeight', 'register.currentWeight')} />
                  <DecimalField {...field('targetWeight', 'register.targetWeight')} />
                </Stack>
                <TextField {...field('activityLevel', 'register.activityLevel')} select>
                  {ACTIVITY_LEVELS.map((v) => <MenuItem key={v} value={v}>{t(`register.activity${capitalize(v)}`)}</MenuItem>)}
                </TextField>
                <TextField {...field('goalType', 'register.goalType')} select>
                  {GOAL_TYPES.map((v) => <MenuItem key={v} value={v}>{t(`register.goal${capitalize(v)}`)}</MenuItem>)}
                </TextField>
                <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2 }}>
                  <TextField {...field('countryCode', 'register.country')} select>
                    {COUNTRY_CODES.map((v) => <MenuItem key={v} value={v}>{t(`register.country${v}`)}</MenuItem>)}
                  </TextField>
                  <TextField {...field('preferredLanguage', 'profile.language')} select>
                    {LOCALES.map((v) => <MenuItem key={v} value={v}>{t(`language.${v}`)}</MenuItem>)}
                  </TextField>
                </Stack>
                <Stack direction="row" sx={{ gap: 1, justifyContent: 'flex-end' }}>
                  <Button
                    onClick={() => {
                      form.resetForm({ values: toForm(profile, intl.locale) });
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
