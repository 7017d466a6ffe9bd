import { useEffect, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { EMAIL_MAX, EMAIL_PATTERN } from '#protocol/domain/credentials.ts';
import { FeatureMessages } from '#pwa/components/FeatureMessages.tsx';
import { OutlinedTextField } from '#pwa/components/OutlinedTextField.tsx';
import { answer, apiClient } from '#pwa/lib/api.ts';
import { errorMessage } from '#pwa/lib/error-message.ts';
import { AuthCard } from './AuthCard.tsx';
import { loadPasswordResetMessages } from './i18n/messages.ts';

type Delivery = 'email' | 'staff';

/** "Forgot password" (ADR 017): asks for a link; the answer is the same whether the address has an account. */
function ForgotPassword() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [sent, setSent] = useState<Delivery | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    document.title = `${t('passwordReset.forgotTitle')} · ${t('app.name')}`;
  });

  const address = email.trim();
  const fieldError = address === '' ? 'validation.required' : address.length > EMAIL_MAX || !EMAIL_PATTERN.test(address) ? 'validation.emailInvalid' : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (submitting || fieldError) return;
    setSubmitting(true);
    setFailure(null);
    try {
      const { delivery } = await answer(apiClient['password-resets'].$post({ json: { email: address } }));
      setSent(delivery);
    } catch (error) {
      setFailure(errorMessage(intl, error, 'errors.network'));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthCard title={t('passwordReset.forgotTitle')} subtitle={t('passwordReset.forgotSubtitle')}>
      {sent ? (
        <Alert severity="success" data-testid="reset-requested">
          {t(sent === 'email' ? 'passwordReset.sentByEmail' : 'passwordReset.askStaff', { email: address })}
        </Alert>
      ) : (
        <Stack component="form" noValidate onSubmit={(event) => void submit(event)} sx={{ gap: 2 }}>
          {failure && <Alert severity="error">{failure}</Alert>}
          <OutlinedTextField
            id="reset-email"
            name="email"
            type="email"
            label={t('login.email')}
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            onBlur={() => setTouched(true)}
            error={touched && Boolean(fieldError)}
            helperText={touched && fieldError ? t(fieldError) : undefined}
            fullWidth
            slotProps={{ htmlInput: { inputMode: 'email', 'data-testid': 'reset-email' } }}
          />
          <Button type="submit" variant="contained" size="large" disabled={submitting} data-testid="reset-request-submit" fullWidth>
            {t(submitting ? 'passwordReset.sending' : 'passwordReset.send')}
          </Button>
        </Stack>
      )}
      <Stack sx={{ mt: 3, alignItems: 'center' }}>
        <Link component={RouterLink} to="/login" variant="body2">
          {t('passwordReset.backToLogin')}
        </Link>
      </Stack>
    </AuthCard>
  );
}

/** The screen with its own strings, which load with it. */
export function ForgotPasswordScreen() {
  return (
    <FeatureMessages load={loadPasswordResetMessages}>
      <ForgotPassword />
    </FeatureMessages>
  );
}
