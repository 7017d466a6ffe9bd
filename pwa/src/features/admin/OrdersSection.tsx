import { useState } from 'react';
import { useIntl } from 'react-intl';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ORDER_STATUSES, PAYMENT_PROVIDERS } from '#protocol/domain/orders.ts';
import { formatMoney } from '#protocol/domain/money.ts';
import { useOnlineResource } from '#pwa/lib/use-online-resource.ts';
import { answer, apiClient } from '#pwa/lib/api.ts';

/**
 * Admins only (issue 18): everyone's orders, newest first, filtered by status, provider or flagged
 * (an approved payment whose amount or currency was not the order's, so nothing was activated),
 * each with the provider's payment id support needs.
 */
export function OrdersSection() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const [status, setStatus] = useState('');
  const [provider, setProvider] = useState('');
  const [flagged, setFlagged] = useState(false);
  const query = { ...(status && { status }), ...(provider && { provider }), ...(flagged && { flagged: 'true' }) };
  const { data, error, loading, reload } = useOnlineResource(new URLSearchParams(query).toString(), () => answer(apiClient.admin.orders.$get({ query })));
  const orders = data?.orders ?? null;

  return (
    <Paper variant="outlined" component="section" aria-labelledby="admin-orders-title" sx={{ p: { xs: 2, sm: 3 }, mt: 4, borderRadius: 2, minWidth: 0 }} data-testid="admin-orders">
      <Typography id="admin-orders-title" variant="h6" component="h2" gutterBottom>
        {t('admin.orders.title')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, mb: 2, alignItems: { sm: 'center' } }}>
        <TextField select size="small" label={t('admin.orders.status')} value={status} onChange={(e) => setStatus(e.target.value)} sx={{ minWidth: 160 }} id="admin-orders-status">
          <MenuItem value="">{t('admin.orders.allStatuses')}</MenuItem>
          {ORDER_STATUSES.map((value) => <MenuItem key={value} value={value}>{t(`subscription.payments.status.${value}`)}</MenuItem>)}
        </TextField>
        <TextField select size="small" label={t('admin.orders.provider')} value={provider} onChange={(e) => setProvider(e.target.value)} sx={{ minWidth: 160 }} id="admin-orders-provider">
          <MenuItem value="">{t('admin.orders.allProviders')}</MenuItem>
          {PAYMENT_PROVIDERS.map((value) => <MenuItem key={value} value={value}>{t(`admin.orders.providers.${value}`)}</MenuItem>)}
        </TextField>
        <FormControlLabel control={<Switch checked={flagged} onChange={() => setFlagged((f) => !f)} data-testid="admin-orders-flagged" />} label={t('admin.orders.flaggedOnly')} />
      </Stack>
      {error && !orders ? (
        <Alert severity="error" role="status" action={<Button color="inherit" size="small" onClick={() => void reload()}>{t('admin.orders.retry')}</Button>}>
          {t('admin.orders.loadError')}
        </Alert>
      ) : loading && !orders ? (
        <Skeleton variant="rounded" height={96} />
      ) : orders && orders.length === 0 ? (
        <Typography color="text.secondary">{t('admin.orders.empty')}</Typography>
      ) : (
        <Stack component="ul" sx={{ listStyle: 'none', m: 0, p: 0, gap: 1.5 }}>
          {(orders ?? []).map((order) => (
            <Box component="li" key={order.id} data-testid="admin-order" sx={{ border: 1, borderColor: order.flag ? 'error.main' : 'divider', borderRadius: 1, p: 1.5, minWidth: 0 }}>
              <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {order.userName} · {formatMoney(order.amount, order.currency, intl.locale)}
                </Typography>
                <Chip size="small" variant="outlined" label={t(`subscription.payments.status.${order.status}`)} />
              </Stack>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {order.userEmail} · {t(`admin.orders.providers.${order.provider}`)} · {intl.formatDate(order.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }} data-testid="admin-order-payment">
                {order.paymentId ? t('admin.orders.paymentId', { id: order.paymentId }) : t('admin.orders.noPaymentId')}
              </Typography>
              {order.flag && (
                <Typography variant="body2" color="error" data-testid="admin-order-flag">
                  {t(`admin.orders.flag.${order.flag}`)}
                </Typography>
              )}
            </Box>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
