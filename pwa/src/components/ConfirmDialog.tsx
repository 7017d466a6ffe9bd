import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

/**
 * An action asked for twice (SPEC §5: deleting in the admin panel; finishing or discarding a
 * workout): stays open, busy, until `onConfirm` settles. Destructive unless `destructive` is false.
 */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  cancelLabel,
  destructive = true,
  onConfirm,
  onClose,
}: {
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  destructive?: boolean;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby="confirm-dialog-title" aria-describedby="confirm-dialog-message" data-testid="confirm-dialog">
      <DialogTitle id="confirm-dialog-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id="confirm-dialog-message">{message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy} data-testid="confirm-dialog-cancel">
          {cancelLabel}
        </Button>
        <Button
          color={destructive ? 'error' : 'primary'}
          variant="contained"
          disabled={busy}
          data-testid="confirm-dialog-confirm"
          onClick={() => {
            setBusy(true);
            onConfirm().finally(() => setBusy(false));
          }}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
