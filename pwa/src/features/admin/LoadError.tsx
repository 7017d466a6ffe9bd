import { useIntl } from 'react-intl';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { failureText } from './feedback.ts';

/** A load that failed: what and why, with a retry button (the admin panel is online-only). */
export function LoadError({ messageId, error, retry, compact = false }: { messageId: string; error: unknown; retry: () => void; compact?: boolean }) {
  const intl = useIntl();
  return (
    <Alert
      severity="error"
      variant={compact ? 'standard' : 'outlined'}
      role="alert"
      action={
        <Button color="inherit" size="small" onClick={retry} data-testid="admin-retry">
          {intl.formatMessage({ id: 'admin.retry' })}
        </Button>
      }
    >
      <AlertTitle>{intl.formatMessage({ id: messageId })}</AlertTitle>
      {failureText(intl, error)}
    </Alert>
  );
}
