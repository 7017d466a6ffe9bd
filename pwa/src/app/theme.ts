import { createTheme, type Theme } from '@mui/material/styles';

let created: Theme | undefined;

/**
 * Light and dark schemes as CSS variables switched by a class on <html>, so the stored choice
 * (light, dark or system, under the `theme` key) applies without re-rendering the tree.
 * Made on first use, not as the module runs: boot.ts has it made in a task of its own, as a
 * phone spends 100 ms on it (ADR 026).
 */
export const appTheme = (): Theme =>
  (created ??= createTheme({
  cssVariables: { colorSchemeSelector: 'class' },
  colorSchemes: {
    light: {
      palette: {
        primary: { main: '#2e7d32' },
        secondary: { main: '#b45309' },
        background: { default: '#f5f7f5', paper: '#ffffff' },
      },
    },
    dark: {
      palette: {
        primary: { main: '#66bb6a' },
        secondary: { main: '#fbbf24' },
        background: { default: '#0e1411', paper: '#161e19' },
      },
    },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    // A switch's thumb moving is its answer to a tap; the touch ripple's three renders made a
    // phone's tap on a habit take 30 ms more (ADR 026). Keyboard focus keeps its ripple.
    MuiSwitch: { defaultProps: { disableTouchRipple: true } },
  },
}));
