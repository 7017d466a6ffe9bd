import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useSession } from '#pwa/lib/session.ts';
import { showToast } from '#pwa/lib/toast.ts';
import { useSyncStatus } from '#pwa/sync/sync-controller.ts';
import { flush, pendingChanges } from '#pwa/sync/user-data.ts';

/**
 * Logout that never silently drops changes: with changes still waiting it warns and offers to wait
 * for them (ARCHITECTURE §3). Returns the action for the logout buttons and the dialogs to render.
 * Their texts are elements, formatted only when a dialog opens: the shell renders this at every
 * start, and formatting them for closed dialogs (a plural among them) was the start's first Intl
 * work, 160–350 ms of a phone slowed 4× (ADR 026).
 */
export function useLogout() {
  const navigate = useNavigate();
  const logout = useSession((s) => s.logout);
  const expire = useSession((s) => s.expire);
  const unauthorized = useSyncStatus((s) => s.unauthorized);
  const [pending, setPending] = useState(0);
  const [waiting, setWaiting] = useState(false);

  const finish = async () => {
    setPending(0);
    await logout();
    showToast({ severity: 'success', title: { id: 'logout.successTitle' } });
    navigate('/login', { replace: true });
  };

  const requestLogout = async () => {
    const count = await pendingChanges();
    if (count > 0) setPending(count);
    else await finish();
  };

  const waitThenLogout = async () => {
    setWaiting(true);
    const left = await flush();
    setWaiting(false);
    if (left === 0) await finish();
    else {
      setPending(left);
      showToast({ severity: 'warning', title: { id: 'logoutPending.stillPending' } });
    }
  };

  const dialogs = (
    <>
      <Dialog open={pending > 0} onClose={() => setPending(0)} aria-labelledby="logout-pending-title">
        <DialogTitle id="logout-pending-title"><FormattedMessage id="logoutPending.title" /></DialogTitle>
        <DialogContent>
          <DialogContentText><FormattedMessage id="logoutPending.message" values={{ count: pending }} /></DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setPending(0)}><FormattedMessage id="logoutPending.cancel" /></Button>
          <Button color="error" onClick={finish} data-testid="logout-anyway">
            <FormattedMessage id="logoutPending.anyway" />
          </Button>
          <Button variant="contained" onClick={waitThenLogout} disabled={waiting} data-testid="logout-wait">
            <FormattedMessage id="logoutPending.wait" />
          </Button>
        </DialogActions>
      </Dialog>
      <Dialog open={unauthorized} aria-labelledby="session-expired-title">
        <DialogTitle id="session-expired-title"><FormattedMessage id="sync.expiredTitle" /></DialogTitle>
        <DialogContent>
          <DialogContentText><FormattedMessage id="sync.expiredMessage" /></DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button
            variant="contained"
            onClick={() => {
              useSyncStatus.setState({ unauthorized: false });
              expire();
              navigate('/login', { replace: true });
            }}
            data-testid="sign-in-again"
          >
            <FormattedMessage id="sync.signIn" />
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );

  return { requestLogout, dialogs };
}
