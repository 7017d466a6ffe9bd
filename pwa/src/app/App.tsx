import { BrowserRouter } from 'react-router-dom';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { Toaster } from '#pwa/components/Toaster.tsx';
import { AppRoutes } from './AppRoutes.tsx';
import { IntlGate } from './IntlGate.tsx';
import { theme } from './theme.ts';

export function App() {
  return (
    <ThemeProvider theme={theme} defaultMode="system" modeStorageKey="theme" disableTransitionOnChange>
      <CssBaseline enableColorScheme />
      <IntlGate>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
        <Toaster />
      </IntlGate>
    </ThemeProvider>
  );
}
