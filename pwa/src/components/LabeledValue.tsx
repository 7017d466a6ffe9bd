import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';

/** A figure with its caption above it ('Peso atual' / '78,4 kg'), as the summaries show them. */
export function LabeledValue({ label, value, testId, size = 'h6', sx }: { label: string; value: string; testId?: string; size?: 'h5' | 'h6'; sx?: SxProps<Theme> }) {
  return (
    <Box sx={sx}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant={size} component="p" sx={{ fontWeight: 700 }} data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
}
