import { useIntl } from 'react-intl';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';

/**
 * What a part of the app shows in its place when its code or its strings could not load (offline,
 * with a version the service worker does not hold; a deploy in between): why, and a way to try
 * again, instead of a placeholder that never ends or a tap that does nothing.
 */
export function LoadFailedNotice({ onRetry }: { onRetry: () => void }) {
  const intl = useIntl();
  return (
    <Alert
      severity="warning"
      sx={{ mt: 2 }}
      data-testid="feature-load-failed"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {intl.formatMessage({ id: 'errors.retry' })}
        </Button>
      }
    >
      <AlertTitle>{intl.formatMessage({ id: 'errors.loadFailedTitle' })}</AlertTitle>
      {intl.formatMessage({ id: 'errors.loadFailed' })}
    </Alert>
  );
}
