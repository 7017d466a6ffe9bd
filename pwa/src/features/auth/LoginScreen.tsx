import { useEffect, useRef, useState, type FocusEvent, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { loginFieldErrors, type LoginFields } from '#protocol/domain/credentials.ts';
import { OutlinedTextField } from '#pwa/components/OutlinedTextField.tsx';
import { errorMessage } from '#pwa/lib/error-message.ts';
import { useHydrated, useTypedBeforeHydration } from '#pwa/lib/hydration.ts';
import { AuthCard } from './AuthCard.tsx';
import { useSession } from '#pwa/lib/session.ts';
import { showToast } from '#pwa/lib/toast.ts';

/** SPEC §2 /login. */
export function LoginScreen() {
  const intl = useIntl();
  const login = useSession((s) => s.login);
  const [showPassword, setShowPassword] = useState(false);
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);

  useEffect(() => {
    document.title = `${t('login.submit')} · ${t('app.name')}`;
  });

  // Two fields need no form library: the signed-out path stays light (ADR 010). As with formik,
  // a field shows its error once visited, and submitting visits both.
  const [values, setValues] = useState<LoginFields>({ email: '', password: '' });
  const [touched, setTouched] = useState({ email: false, password: false });
  const [submitting, setSubmitting] = useState(false);
  const errors = loginFieldErrors(values);
  // The page arrives with this screen rendered (ADR 026): what was typed before the code arrived
  // is kept. Until the app runs, the button is no native submit button (that would send a GET
  // with the password in the address); a tap while React hydrates submits through the app.
  const form = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(form, (typed) => setValues((current) => ({ ...current, ...typed })));
  const hydrated = useHydrated();

  const change = (event: FormEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const { name, value } = event.currentTarget;
    setValues((current) => ({ ...current, [name]: value }));
  };
  const blur = (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const { name } = event.currentTarget;
    setTouched((current) => ({ ...current, [name]: true }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched({ email: true, password: true });
    if (submitting || Object.keys(errors).length > 0) return;
    setSubmitting(true);
    try {
      // Signed in, the signed-in routes take /login to the dashboard at once (AppRoutes), while
      // the device's data is still opening: navigating here once that ends undid a tap made meanwhile.
      const client = await login(values.email.trim(), values.password);
      showToast({ severity: 'success', title: { id: 'login.successTitle' }, description: { id: 'login.successDescription', values: { name: client.name } } });
    } catch (error) {
      showToast({ severity: 'error', title: { id: 'login.errorTitle' }, description: errorMessage(intl, error, 'errors.INVALID_CREDENTIALS') });
      setSubmitting(false);
    }
  };

  const fieldError = (name: keyof LoginFields) => {
    const key = errors[name];
    return touched[name] && key ? t(key) : undefined;
  };

  return (
    <AuthCard brand={<FormattedMessage id="app.name" />} title={<FormattedMessage id="login.title" />} subtitle={<FormattedMessage id="login.subtitle" />}>
      <Box component="form" ref={form} noValidate onSubmit={(event) => void submit(event)} aria-labelledby="login-submit">
        <Stack sx={{ gap: 2 }}>
          <OutlinedTextField
            id="email"
            name="email"
            type="email"
            label={t('login.email')}
            autoComplete="email"
            value={values.email}
            onChange={change}
            onBlur={blur}
            error={Boolean(fieldError('email'))}
            helperText={fieldError('email')}
            fullWidth
            slotProps={{ htmlInput: { inputMode: 'email', 'data-testid': 'login-email' } }}
          />
          <OutlinedTextField
            id="password"
            name="password"
            type={showPassword ? 'text' : 'password'}
            label={t('login.password')}
            autoComplete="current-password"
            value={values.password}
            onChange={change}
            onBlur={blur}
            error={Boolean(fieldError('password'))}
            helperText={fieldError('password')}
            fullWidth
            slotProps={{
              htmlInput: { 'data-testid': 'login-password' },
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <IconButton
                      onClick={() => setShowPassword((shown) => !shown)}
                      aria-label={t(showPassword ? 'login.hidePassword' : 'login.showPassword')}
                      aria-pressed={showPassword}
                      edge="end"
                    >
                      {showPassword ? <VisibilityOff /> : <Visibility />}
                    </IconButton>
                  </InputAdornment>
                ),
              },
            }}
          />
          <Link component={RouterLink} to="/esqueci-senha" variant="body2" sx={{ alignSelf: 'flex-end' }} data-testid="login-forgot">
            <FormattedMessage id="login.forgotPassword" />
          </Link>
          <Button
            id="login-submit"
            type={hydrated ? 'submit' : 'button'}
            onClick={hydrated ? undefined : () => form.current?.requestSubmit()}
            variant="contained"
            size="large"
            disabled={submitting}
            data-testid="login-submit"
            fullWidth
          >
            {t(submitting ? 'login.submitting' : 'login.submit')}
          </Button>
        </Stack>
      </Box>
      <Stack sx={{ mt: 3, gap: 1, alignItems: 'center' }}>
        <Typography variant="body2">
          <FormattedMessage id="login.noAccount" />{' '}
          <Link component={RouterLink} to="/cadastro" sx={{ fontWeight: 600 }}>
            <FormattedMessage id="login.register" />
          </Link>
        </Typography>
        <Link component={RouterLink} to="/professor-cadastro" variant="body2">
          <FormattedMessage id="login.teacherInvite" />
        </Link>
      </Stack>
    </AuthCard>
  );
}
