import { useIntl } from 'react-intl';
import IconButton from '@mui/material/IconButton';
import { useColorScheme } from '@mui/material/styles';
import { useHydrated } from '#pwa/lib/hydration.ts';
import DarkModeIcon from '@mui/icons-material/DarkModeOutlined';
import LightModeIcon from '@mui/icons-material/LightModeOutlined';

/** Switches between light and dark; the choice (or 'system') is kept under the `theme` key. */
export function ThemeToggleButton() {
  const intl = useIntl();
  const { mode, systemMode, setMode } = useColorScheme();
  const effective = mode === 'system' ? systemMode : mode;
  // A page rendered at build time knows no scheme: the icon is hydrated as it was rendered, then
  // shows the real one; a tap meanwhile already switches from the real one.
  const hydrated = useHydrated();
  const next = hydrated && effective === 'dark' ? 'light' : 'dark';
  const label = intl.formatMessage({ id: next === 'dark' ? 'shell.toDarkTheme' : 'shell.toLightTheme' });
  return (
    <IconButton color="inherit" onClick={() => setMode(effective === 'dark' ? 'light' : 'dark')} aria-label={label} title={label} data-testid="theme-toggle">
      {next === 'dark' ? <DarkModeIcon /> : <LightModeIcon />}
    </IconButton>
  );
}
