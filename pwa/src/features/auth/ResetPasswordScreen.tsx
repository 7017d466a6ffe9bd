import { useEffect, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { PASSWORD_MAX, REGISTER_PASSWORD_MIN } from '#protocol/domain/credentials.ts';
import { FeatureMessages } from '#pwa/components/FeatureMessages.tsx';
import { OutlinedTextField } from '#pwa/components/OutlinedTextField.tsx';
import { answer, apiClient } from '#pwa/lib/api.ts';
import { errorMessage } from '#pwa/lib/error-message.ts';
import { useSession } from '#pwa/lib/session.ts';
import { showToast } from '#pwa/lib/toast.ts';
import { AuthCard } from './AuthCard.tsx';
import { loadPasswordResetMessages } from './i18n/messages.ts';

/** The new password's first broken rule (registration's, SPEC §5), as a catalog key. */
function passwordError(password: string): string | null {
  if (password === '') return 'validation.required';
  if (password.length < REGISTER_PASSWORD_MIN) return 'validation.passwordMinRegister';
  if (password.length > PASSWORD_MAX) return 'validation.passwordMax';
  return null;
}

/**
 * The page a reset link opens (ADR 017). The token travels in the URL's fragment, which browsers
 * never send to a server nor put in a Referer.
 */
function ResetPassword() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const navigate = useNavigate();
  const passwordReset = useSession((s) => s.passwordReset);
  const token = new URLSearchParams(useLocation().hash.slice(1)).get('token') ?? '';
  const [values, setValues] = useState({ newPassword: '', confirmPassword: '' });
  const [touched, setTouched] = useState({ newPassword: false, confirmPassword: false });
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(token ? null : t('errors.RESET_LINK_INVALID'));

  useEffect(() => {
    document.title = `${t('passwordReset.resetTitle')} · ${t('app.name')}`;
  });

  const errors = {
    newPassword: passwordError(values.newPassword),
    confirmPassword: values.confirmPassword === values.newPassword ? null : 'passwordReset.mismatch',
  };
  const fieldError = (name: keyof typeof errors) => (touched[name] && errors[name] ? t(errors[name]) : undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched({ newPassword: true, confirmPassword: true });
    if (submitting || !token || errors.newPassword || errors.confirmPassword) return;
    setSubmitting(true);
    try {
      const { client } = await answer(apiClient['password-resets'].confirm.$post({ json: { token, ...values } }));
      await passwordReset(client);
      showToast({ severity: 'success', title: t('passwordReset.doneTitle'), description: t('passwordReset.doneDescription') });
      navigate('/dashboard', { replace: true });
    } catch (error) {
      setFailure(errorMessage(intl, error, 'errors.network'));
      setSubmitting(false);
    }
  };

  const field = (name: keyof typeof errors, label: string) => (
    <OutlinedTextField
      id={name}
      name={name}
      type="password"
      label={label}
      autoComplete="new-password"
      value={values[name]}
      onChange={(event) => {
        const { value } = event.currentTarget;
        setValues((current) => ({ ...current, [name]: value }));
      }}
      onBlur={() => setTouched((current) => ({ ...current, [name]: true }))}
      error={Boolean(fieldError(name))}
      helperText={fieldError(name)}
      fullWidth
      slotProps={{ htmlInput: { 'data-testid': `reset-${name}` } }}
    />
  );

  return (
    <AuthCard title={t('passwordReset.resetTitle')} subtitle={t('passwordReset.resetSubtitle')}>
      <Stack component="form" noValidate onSubmit={(event) => void submit(event)} sx={{ gap: 2 }}>
        {failure && (
          <Alert severity="error" data-testid="reset-failure">
            {failure}{' '}
            <Link component={RouterLink} to="/esqueci-senha">
              {t('passwordReset.askAgain')}
            </Link>
          </Alert>
        )}
        {field('newPassword', t('passwordReset.newPassword'))}
        {field('confirmPassword', t('passwordReset.confirmPassword'))}
        <Button type="submit" variant="contained" size="large" disabled={submitting || !token} data-testid="reset-submit" fullWidth>
          {t(submitting ? 'passwordReset.saving' : 'passwordReset.save')}
        </Button>
      </Stack>
    </AuthCard>
  );
}

/** The screen with its own strings, which load with it. */
export function ResetPasswordScreen() {
  return (
    <FeatureMessages load={loadPasswordResetMessages}>
      <ResetPassword />
    </FeatureMessages>
  );
}
