import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LanguageMenu } from '#pwa/components/LanguageMenu.tsx';
import { Logo } from '#pwa/components/Logo.tsx';
import { ThemeToggleButton } from '#pwa/components/ThemeToggleButton.tsx';

/**
 * The signed-out page frame of /login and the password-reset screens: language and theme on top,
 * one card; `brand` adds the app's name above the title (the login page's welcome).
 */
export function AuthCard({ title, subtitle, brand, children }: { title: ReactNode; subtitle: ReactNode; brand?: ReactNode; children: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Stack direction="row" component="header" sx={{ justifyContent: 'flex-end', alignItems: 'center', p: 1, gap: 0.5 }}>
        <ThemeToggleButton />
        <LanguageMenu />
      </Stack>
      <Container component="main" maxWidth="xs" sx={{ flex: 1, display: 'flex', alignItems: 'center', py: 3 }}>
        <Paper elevation={0} variant="outlined" sx={{ p: { xs: 3, sm: 4 }, width: '100%', borderRadius: 3 }}>
          <Stack sx={{ alignItems: 'center', gap: 1, mb: 3, textAlign: 'center' }}>
            <Logo size={brand ? 56 : 48} />
            {brand && (
              <Typography variant="overline" color="primary" sx={{ fontWeight: 700, letterSpacing: 1.5 }}>
                {brand}
              </Typography>
            )}
            <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
              {title}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {subtitle}
            </Typography>
          </Stack>
          {children}
        </Paper>
      </Container>
    </Box>
  );
}
