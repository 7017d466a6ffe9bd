import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LanguageMenu } from './LanguageMenu.tsx';
import { Logo } from './Logo.tsx';
import { ThemeToggleButton } from './ThemeToggleButton.tsx';

/**
 * The frame of the sign-up screens (/cadastro, /professor-cadastro): theme and language at the
 * top (after an optional link such as "back home"), the logo, title and subtitle over the form,
 * and the way to /login for someone who already has an account.
 */
export function SignUpPage({ title, subtitle, headerStart, children }: { title: string; subtitle: string; headerStart?: ReactNode; children: ReactNode }) {
  const intl = useIntl();
  return (
    <Box sx={{ minHeight: '100dvh', bgcolor: 'background.default' }}>
      <Stack direction="row" component="header" sx={{ justifyContent: headerStart ? 'space-between' : 'flex-end', alignItems: 'center', p: 1, gap: 0.5 }}>
        {headerStart}
        <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
          <ThemeToggleButton />
          <LanguageMenu />
        </Stack>
      </Stack>
      <Container component="main" maxWidth="sm" sx={{ pb: 4 }}>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, borderRadius: 3 }}>
          <Stack sx={{ alignItems: 'center', gap: 1, mb: 2, textAlign: 'center' }}>
            <Logo size={48} />
            <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
              {title}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {subtitle}
            </Typography>
          </Stack>
          {children}
          <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
            {intl.formatMessage({ id: 'register.haveAccount' })}{' '}
            <Link component={RouterLink} to="/login">
              {intl.formatMessage({ id: 'register.signIn' })}
            </Link>
          </Typography>
        </Paper>
      </Container>
    </Box>
  );
}
