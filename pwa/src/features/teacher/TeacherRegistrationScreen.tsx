import { useFormik } from 'formik';
import { useIntl } from 'react-intl';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { COUNTRY_CODES, type CountryCode } from '#protocol/domain/client-enums.ts';
import { cpfDigits, formatCpf } from '#protocol/domain/cpf.ts';
import { cuitDigits, formatCuit } from '#protocol/domain/cuit.ts';
import { currencyOfCountry } from '#protocol/domain/plans.ts';
import { TEACHER_TAX_ID } from '#protocol/domain/tax-id.ts';
import { LOCALE_COUNTRY, toLocale } from '#protocol/i18n/locales.ts';
import { FeatureMessages } from '#pwa/components/FeatureMessages.tsx';
import { NativeSelectField } from '#pwa/components/NativeSelectField.tsx';
import { OutlinedTextField as TextField } from '#pwa/components/OutlinedTextField.tsx';
import { SignUpPage } from '#pwa/components/SignUpPage.tsx';
import { ApiRequestError } from '#pwa/lib/api.ts';
import { errorMessage } from '#pwa/lib/error-message.ts';
import { detailErrors, fieldMessage } from '#pwa/lib/form-errors.ts';
import { lazySchemaErrors } from '#pwa/lib/lazy-schema-errors.ts';
import { useSession } from '#pwa/lib/session.ts';
import { showToast } from '#pwa/lib/toast.ts';
import { loadAnswerMessages } from '#pwa/components/i18n/messages.ts';
import { mergedCatalogs } from '#pwa/i18n/messages.ts';
import { loadTeacherMessages } from './i18n/messages.ts';

const loadSignUpMessages = mergedCatalogs(loadTeacherMessages, loadAnswerMessages);
import { teacherApi, type TeacherRegistrationBody } from './teacher-api.ts';

const initialValues = { countryCode: 'BR' as CountryCode, name: '', email: '', phone: '', cpf: '', cuit: '', password: '', confirmPassword: '', expertise: '', bio: '', aiKey: '' };
type Values = typeof initialValues;
type Field = keyof Values;

/** The shared schema the server checks the same body by, loaded once the form is being filled in. */
const validation = lazySchemaErrors(() => import('#protocol/schemas/teachers.ts').then((m) => m.teacherRegistrationSchema));

/** The request body: the country's tax number as its digits (none in the US), optional fields left out when blank. */
function toBody(values: Values): TeacherRegistrationBody {
  const optional = (value: string) => (value.trim() === '' ? undefined : value.trim());
  const taxId = TEACHER_TAX_ID[values.countryCode];
  return {
    countryCode: values.countryCode,
    name: values.name,
    email: values.email,
    phone: values.phone,
    ...(taxId === 'cpf' ? { cpf: cpfDigits(values.cpf) } : {}),
    ...(taxId === 'cuit' ? { cuit: cuitDigits(values.cuit) } : {}),
    password: values.password,
    confirmPassword: values.confirmPassword,
    expertise: optional(values.expertise),
    bio: optional(values.bio),
    aiKey: optional(values.aiKey),
  };
}

/** SPEC §2 /professor-cadastro: a teacher's account, signed in on success and taken to the teacher dashboard. */
function TeacherRegistrationForm() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const navigate = useNavigate();
  const registered = useSession((s) => s.registered);

  const form = useFormik<Values>({
    // The country is asked first, preset from the reader's language (es-AR → Argentina).
    initialValues: { ...initialValues, countryCode: LOCALE_COUNTRY[toLocale(intl.locale) ?? 'pt-BR'] },
    // Errors appear once the user submits (as on /cadastro): appearing on blur they shift the layout under a tap.
    validateOnChange: false,
    validateOnBlur: false,
    // The shared schema checks the body the server will; its messages are catalog keys.
    validate: (values) => validation.validate(toBody(values)),
    onSubmit: async (values, helpers) => {
      try {
        const { client } = await teacherApi.register(toBody(values));
        // The session is set synchronously and the navigation goes out in the same task: the route
        // change is a transition, which reads the new session at once (AppRoutes defers it only for
        // urgent renders), so /teacher-dashboard never renders signed out and bounces to /login.
        const activating = registered(client);
        showToast({ severity: 'success', title: { id: 'register.successTitle' }, description: t('teacher.register.successDescription') });
        navigate('/teacher-dashboard', { replace: true });
        await activating;
      } catch (error) {
        console.error('teacher.register', error);
        const fields = detailErrors(error);
        if (fields) helpers.setErrors(fields);
        else if (error instanceof ApiRequestError && error.code === 'EMAIL_TAKEN') helpers.setErrors({ email: error.message });
        // SPEC §8: 'Erro no cadastro' with the server's error, else 'Erro ao criar conta'.
        showToast({ severity: 'error', title: { id: 'register.errorTitle' }, description: errorMessage(intl, error, 'register.errorFallback') });
      }
    },
  });

  const taxId = TEACHER_TAX_ID[form.values.countryCode];
  const fieldError = (name: Field) => (form.submitCount > 0 ? fieldMessage(intl, form.errors[name]) : undefined);
  const field = (name: Field, labelId: string, extra: { helperText?: string; htmlInput?: Record<string, unknown> } = {}) => ({
    id: `teacher-register-${name}`,
    name,
    label: t(labelId),
    value: form.values[name],
    onChange: form.handleChange,
    onBlur: form.handleBlur,
    error: Boolean(fieldError(name)),
    helperText: fieldError(name) ?? extra.helperText,
    fullWidth: true,
    slotProps: { htmlInput: { 'data-testid': `teacher-register-${name}`, ...extra.htmlInput } },
  });

  return (
    <SignUpPage
      title={t('teacherRegister.title')}
      subtitle={t('teacher.register.subtitle')}
      headerStart={
        <Button component={RouterLink} to="/" startIcon={<ArrowBackIcon />} color="inherit" data-testid="teacher-register-back">
          {t('teacherRegister.backHome')}
        </Button>
      }
    >
          <Box component="form" noValidate onFocus={validation.preload} onSubmit={form.handleSubmit} data-testid="teacher-register-form">
            <Stack sx={{ gap: 2 }}>
              <NativeSelectField
                {...field('countryCode', 'teacher.register.country', {
                  helperText: intl.formatMessage({ id: 'teacher.register.countryCurrency' }, { currency: currencyOfCountry(form.values.countryCode) }),
                })}
                options={COUNTRY_CODES.map((code) => ({ value: code, label: t(`register.country${code}`) }))}
              />
              <TextField {...field('name', 'teacher.register.name')} autoComplete="name" />
              <TextField {...field('email', 'teacher.register.email')} type="email" autoComplete="email" />
              <TextField {...field('phone', 'teacher.register.phone')} type="tel" autoComplete="tel" />
              {taxId === 'cpf' && (
                <TextField
                  {...field('cpf', 'teacher.register.cpf', { htmlInput: { inputMode: 'numeric', maxLength: 14, placeholder: '000.000.000-00' } })}
                  onChange={(event) => void form.setFieldValue('cpf', formatCpf(event.target.value))}
                />
              )}
              {taxId === 'cuit' && (
                <TextField
                  {...field('cuit', 'teacher.register.cuit', { htmlInput: { inputMode: 'numeric', maxLength: 13, placeholder: '00-00000000-0' } })}
                  onChange={(event) => void form.setFieldValue('cuit', formatCuit(event.target.value))}
                />
              )}
              <TextField {...field('password', 'teacher.register.password')} type="password" autoComplete="new-password" />
              <TextField {...field('confirmPassword', 'teacher.register.confirmPassword')} type="password" autoComplete="new-password" />
              <TextField {...field('expertise', 'teacher.register.expertise', { htmlInput: { maxLength: 200 } })} />
              <TextField {...field('bio', 'teacher.register.bio', { htmlInput: { maxLength: 2000 } })} multiline minRows={3} />
              <TextField
                {...field('aiKey', 'teacher.register.aiKey', { helperText: t('teacher.register.aiKeyNote'), htmlInput: { maxLength: 300, spellCheck: false } })}
                type="password"
                autoComplete="off"
              />
            </Stack>
            <Button type="submit" variant="contained" size="large" fullWidth disabled={form.isSubmitting} sx={{ mt: 3 }} data-testid="teacher-register-submit">
              {t(form.isSubmitting ? 'teacher.register.submitting' : 'teacher.register.submit')}
            </Button>
          </Box>
    </SignUpPage>
  );
}

/** /professor-cadastro with the teacher programme's strings, which load with it. */
export function TeacherRegistrationScreen() {
  return (
    <FeatureMessages load={loadSignUpMessages}>
      <TeacherRegistrationForm />
    </FeatureMessages>
  );
}
