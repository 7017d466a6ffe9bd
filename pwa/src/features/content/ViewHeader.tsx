import { useIntl } from 'react-intl';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';

/**
 * Title row of the full diet and workout views with their back or close button (SPEC §2). On a
 * page of its own the page heading names the view, so the row shows only the plan's title.
 */
export function ViewHeader({ titleId, subtitle, onClose, closeLabelId }: { titleId?: string; subtitle?: string; onClose?: () => void; closeLabelId: string }) {
  const intl = useIntl();
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
      {onClose && (
        <Button startIcon={<ArrowBackIcon />} onClick={onClose} data-testid="view-close">
          {intl.formatMessage({ id: closeLabelId })}
        </Button>
      )}
      <Stack sx={{ minWidth: 0 }}>
        {titleId && (
          <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
            {intl.formatMessage({ id: titleId })}
          </Typography>
        )}
        {subtitle && (
          <Typography color="text.secondary" component={titleId ? 'p' : 'h2'} variant={titleId ? 'body1' : 'h6'} data-testid="view-subtitle">
            {subtitle}
          </Typography>
        )}
      </Stack>
    </Stack>
  );
}
