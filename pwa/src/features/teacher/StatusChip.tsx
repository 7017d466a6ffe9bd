import Chip from '@mui/material/Chip';
import { darken, type Theme } from '@mui/material/styles';

export type Tone = 'success' | 'warning' | 'info' | 'error' | 'default';

/** The darker (light theme) or lighter (dark theme) shade: an outlined chip's text keeps 4.5:1 on the page. */
const readable = (tone: Exclude<Tone, 'default'>) => (theme: Theme) => ({
  // MUI's warning.dark (#e65100) is 3.8:1 on white: one step darker for text.
  color: tone === 'warning' ? darken(theme.palette.warning.dark, 0.3) : theme.palette[tone].dark,
  ...theme.applyStyles('dark', { color: theme.palette[tone].light }),
});

/** A state as a small outlined chip (student, commission, payout, AI key). */
export function StatusChip({ tone, label, testId }: { tone: Tone; label: string; testId?: string }) {
  return <Chip size="small" variant="outlined" color={tone} label={label} sx={tone === 'default' ? undefined : readable(tone)} data-testid={testId} />;
}
