import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useIntl } from 'react-intl';
import { TOAST_DURATION_MS, useToastStore, type ToastText } from '#pwa/lib/toast.ts';

/** Renders the single current toast (SPEC §9) in the current language and announces it to screen readers. */
export function Toaster() {
  const toast = useToastStore((s) => s.current);
  const dismiss = useToastStore((s) => s.dismiss);
  const intl = useIntl();
  const text = (value: ToastText | undefined) => (typeof value === 'object' ? intl.formatMessage({ id: value.id }, value.values) : value);
  return (
    <Snackbar
      key={toast?.id}
      open={toast !== null}
      autoHideDuration={TOAST_DURATION_MS}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway' && toast) dismiss(toast.id);
      }}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      // Below the app bar (56 px on a phone, 64 px wider), so no header control (sync status, bell,
      // logout) is hidden while the toast shows (issue 17).
      sx={{ top: { xs: 64, sm: 80 } }}
      // A click elsewhere never closes a toast (onClose ignores 'clickaway'): no document click
      // listener then, which forced a layout on every click while a toast was on screen.
      slotProps={{ clickAwayListener: { mouseEvent: false, touchEvent: false } }}
    >
      {toast ? (
        <Alert
          severity={toast.severity}
          variant="filled"
          onClose={() => dismiss(toast.id)}
          // An action takes the place of the close button; the toast still hides by itself.
          action={
            toast.action ? (
              <Button
                color="inherit"
                size="small"
                data-testid="toast-action"
                onClick={() => {
                  dismiss(toast.id);
                  toast.action?.onClick();
                }}
              >
                {toast.action.label}
              </Button>
            ) : undefined
          }
          data-testid="toast"
          sx={{ width: '100%', minWidth: 280 }}
        >
          <AlertTitle>{text(toast.title)}</AlertTitle>
          {text(toast.description)}
        </Alert>
      ) : undefined}
    </Snackbar>
  );
}
