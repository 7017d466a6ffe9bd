import { useState, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { Toaster } from '#pwa/components/Toaster.tsx';
import { AppRoutes } from './AppRoutes.tsx';
import { createAppEmotionCache } from './emotion-cache.ts';
import { IntlGate } from './IntlGate.tsx';
import { appTheme } from './theme.ts';

/**
 * Theme, language and toasts around a router: the browser's (App) or, at build time, a static one
 * (prerender.tsx). `noSsr`: the theme reads the stored scheme on its first render; otherwise,
 * after hydrating a prerendered page, it renders again to learn it, and that update made React
 * render the whole screen again in one long task (ADR 026). Only ThemeToggleButton shows the
 * scheme, and it waits for hydration itself.
 */
export function AppFrame({ router }: { router: ReactNode }) {
  return (
    <ThemeProvider theme={appTheme()} defaultMode="system" modeStorageKey="theme" disableTransitionOnChange noSsr>
      <CssBaseline enableColorScheme />
      <IntlGate>
        {router}
        <Toaster />
      </IntlGate>
    </ThemeProvider>
  );
}

export function App() {
  const [emotionCache] = useState(createAppEmotionCache);
  return (
    <CacheProvider value={emotionCache}>
      <AppFrame
        router={
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        }
      />
    </CacheProvider>
  );
}
