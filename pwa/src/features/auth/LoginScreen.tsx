import { useEffect, useState } from 'react';
import { useFormik } from 'formik';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { loginSchema } from '#protocol/schemas/clients.ts';
import { LanguageMenu } from '#pwa/components/LanguageMenu.tsx';
import { Logo } from '#pwa/components/Logo.tsx';
import { ThemeToggleButton } from '#pwa/components/ThemeToggleButton.tsx';
import { errorMessage } from '#pwa/lib/error-message.ts';
import { useSession } from '#pwa/lib/session.ts';
import { showToast } from '#pwa/lib/toast.ts';

/** SPEC §2 /login. */
export function LoginScreen() {
  const intl = useIntl();
  const navigate = useNavigate();
  const login = useSession((s) => s.login);
  const [showPassword, setShowPassword] = useState(false);
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);

  useEffect(() => {
    document.title = `${t('login.submit')} · ${t('app.name')}`;
  });

  const form = useFormik({
    initialValues: { email: '', password: '' },
    validationSchema: loginSchema,
    onSubmit: async (values) => {
      try {
        const client = await login(values.email.trim(), values.password);
        showToast({ severity: 'success', title: t('login.successTitle'), description: t('login.successDescription', { name: client.name }) });
        navigate('/dashboard', { replace: true });
      } catch (error) {
        showToast({ severity: 'error', title: t('login.errorTitle'), description: errorMessage(intl, error, 'errors.INVALID_CREDENTIALS') });
      }
    },
  });

  const fieldError = (name: 'email' | 'password') =>
    form.touched[name] && form.errors[name] ? t(form.errors[name]) : undefined;

  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Stack direction="row" component="header" sx={{ justifyContent: 'flex-end', alignItems: 'center', p: 1, gap: 0.5 }}>
        <ThemeToggleButton />
        <LanguageMenu />
      </Stack>
      <Container component="main" maxWidth="xs" sx={{ flex: 1, display: 'flex', alignItems: 'center', py: 3 }}>
        <Paper elevation={0} variant="outlined" sx={{ p: { xs: 3, sm: 4 }, width: '100%', borderRadius: 3 }}>
          <Stack sx={{ alignItems: 'center', gap: 1, mb: 3, textAlign: 'center' }}>
            <Logo size={56} />
            <Typography variant="overline" color="primary" sx={{ fontWeight: 700, letterSpacing: 1.5 }}>
              <FormattedMessage id="app.name" />
            </Typography>
            <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
              <FormattedMessage id="login.title" />
            </Typography>
            <Typography variant="body2" color="text.secondary">
              <FormattedMessage id="login.subtitle" />
            </Typography>
          </Stack>
          <Box component="form" noValidate onSubmit={form.handleSubmit} aria-labelledby="login-submit">
            <Stack sx={{ gap: 2 }}>
              <TextField
                id="email"
                name="email"
                type="email"
                label={t('login.email')}
                autoComplete="email"
                value={form.values.email}
                onChange={form.handleChange}
                onBlur={form.handleBlur}
                error={Boolean(fieldError('email'))}
                helperText={fieldError('email')}
                fullWidth
                slotProps={{ htmlInput: { inputMode: 'email', 'data-testid': 'login-email' } }}
              />
              <TextField
                id="password"
                name="password"
                type={showPassword ? 'text' : 'password'}
                label={t('login.password')}
                autoComplete="current-password"
                value={form.values.password}
                onChange={form.handleChange}
                onBlur={form.handleBlur}
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
              <Button
                id="login-submit"
                type="submit"
                variant="contained"
                size="large"
                disabled={form.isSubmitting}
                data-testid="login-submit"
                fullWidth
              >
                {t(form.isSubmitting ? 'login.submitting' : 'login.submit')}
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
        </Paper>
      </Container>
    </Box>
  );
}
