import { useIntl } from 'react-intl';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';

/** The Close button at the foot of the content dialogs. */
export function CloseActions({ onClose, testId }: { onClose: () => void; testId: string }) {
  const intl = useIntl();
  return (
    <DialogActions>
      <Button onClick={onClose} data-testid={testId}>
        {intl.formatMessage({ id: 'content.close' })}
      </Button>
    </DialogActions>
  );
}
