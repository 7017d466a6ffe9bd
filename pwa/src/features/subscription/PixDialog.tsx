import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatMoney } from '#protocol/domain/money.ts';
import type { PlanId } from '#protocol/domain/plans.ts';
import type { PixCheckout } from '#protocol/contract/orders.ts';
import { answer, apiClient, ApiRequestError } from '#pwa/lib/api.ts';
import { showToast } from '#pwa/lib/toast.ts';
import { useNow } from '#pwa/lib/use-now.ts';
import { flush } from '#pwa/sync/user-data.ts';

/** How often the order is asked about while the QR code is on screen. */
const POLL_MS = 3_000;

/**
 * PIX without leaving the app (issue 18): the QR code to scan in the bank's app, the
 * copy-and-paste code with a button, the time left, and — when Mercado Pago confirms the payment
 * to the server — "Plan activated" by itself.
 */
export function PixDialog({ planId, onClose }: { planId: PlanId; onClose: () => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const navigate = useNavigate();
  const [created, setCreated] = useState<(PixCheckout & { deadline: number }) | null>(null);
  const now = useNow(1_000);

  useEffect(() => {
    let cancelled = false;
    answer(apiClient.orders.pix.$post({ json: { planId } }))
      // The deadline on this device's clock, from the time the server says is left (a wrong clock counts right).
      .then((checkout) => !cancelled && setCreated({ ...checkout, deadline: Date.now() + checkout.pix.expiresInSeconds * 1000 }))
      .catch((error: unknown) => {
        if (cancelled) return;
        showToast({ severity: 'error', title: { id: 'plans.pix.failed' }, description: error instanceof ApiRequestError && error.code !== 'NETWORK' ? error.message : t('errors.network') });
        onClose();
      });
    return () => {
      cancelled = true;
    };
    // One PIX per opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [planId]);

  const orderId = created?.order.id;
  useEffect(() => {
    if (!orderId) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = async () => {
      try {
        const { orders } = await answer(apiClient.orders.$get());
        if (stopped) return;
        if (orders.find((o) => o.id === orderId)?.status === 'paid') {
          await flush();
          showToast({ severity: 'success', title: { id: 'plans.planActivated' } });
          navigate('/subscription');
          return;
        }
      } catch (error) {
        console.error('orders.pix.poll', error);
      }
      if (!stopped) timer = setTimeout(() => void check(), POLL_MS);
    };
    timer = setTimeout(() => void check(), POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [orderId, navigate]);

  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.pix.qrCode);
      showToast({ severity: 'success', title: { id: 'plans.pix.copied' } });
    } catch (error) {
      console.error('orders.pix.copy', error); // the code stays selectable in the field
    }
  };

  const left = created ? Math.max(0, created.deadline - now) : 0;
  const minutes = Math.floor(left / 60_000);
  const seconds = Math.floor((left % 60_000) / 1000);
  const amount = created ? formatMoney(created.order.amount, created.order.currency, intl.locale) : '';

  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="pix-title">
      <DialogTitle id="pix-title">{t('plans.pix.title')}</DialogTitle>
      <DialogContent>
        {!created ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress aria-label={t('plans.pix.title')} />
          </Box>
        ) : (
          <Stack sx={{ gap: 2, alignItems: 'center' }} data-testid="pix">
            <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>{amount}</Typography>
            <Typography color="text.secondary">{t('plans.pix.scan')}</Typography>
            <Box component="img" src={`data:image/png;base64,${created.pix.qrCodeBase64}`} alt={t('plans.pix.qrAlt', { amount })} sx={{ width: 220, height: 220, imageRendering: 'pixelated', bgcolor: '#fff', p: 1 }} data-testid="pix-qr" />
            <TextField label={t('plans.pix.code')} value={created.pix.qrCode} fullWidth multiline maxRows={3} slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'pix-code' } }} />
            <Button variant="contained" onClick={() => void copy()} data-testid="pix-copy" fullWidth>
              {t('plans.pix.copy')}
            </Button>
            {left > 0 ? (
              <>
                <Typography role="timer" aria-live="off" data-testid="pix-expires">
                  {t('plans.pix.expiresIn', { time: `${minutes}:${String(seconds).padStart(2, '0')}` })}
                </Typography>
                <Stack direction="row" sx={{ gap: 1, alignItems: 'center' }} role="status">
                  <CircularProgress size={16} aria-hidden="true" />
                  <Typography variant="body2" color="text.secondary">{t('plans.pix.waiting')}</Typography>
                </Stack>
              </>
            ) : (
              <Alert severity="warning" data-testid="pix-expired">{t('plans.pix.expired')}</Alert>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('plans.pix.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
