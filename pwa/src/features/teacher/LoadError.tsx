import { useIntl } from 'react-intl';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { failureText } from './feedback.ts';

/** SPEC §8 teacher dashboard load failure: 'Erro ao carregar dados', the reason, and a retry button. */
export function LoadError({ error, retry, titleId = 'teacher.loadError', messageId }: { error: unknown; retry: () => void; titleId?: string; messageId?: string }) {
  const intl = useIntl();
  return (
    <Alert
      severity="error"
      variant="outlined"
      role="alert"
      data-testid="teacher-load-error"
      action={
        <Button color="inherit" size="small" onClick={retry} data-testid="teacher-retry">
          {intl.formatMessage({ id: 'teacher.retry' })}
        </Button>
      }
    >
      <AlertTitle>{intl.formatMessage({ id: titleId })}</AlertTitle>
      {messageId ? intl.formatMessage({ id: messageId }) : failureText(intl, error)}
    </Alert>
  );
}
