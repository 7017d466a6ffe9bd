import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatMoney } from '#protocol/domain/money.ts';
import { PLAN_DISPLAY_KEYS } from '#protocol/domain/plans.ts';
import type { OrderDto } from '#protocol/contract/orders.ts';
import { answer, apiClient } from '#pwa/lib/api.ts';
import { showToast } from '#pwa/lib/toast.ts';
import { flush } from '#pwa/sync/user-data.ts';

const STATUS_COLORS = { pending: 'warning', paid: 'success', failed: 'error', expired: 'default', refunded: 'default' } as const;
/** How often the order back from the checkout is asked about, and for how long. */
const POLL_MS = 3_000;
const POLL_FOR_MS = 10 * 60_000;

/**
 * The client's orders (issue 18). Back from a checkout (`?order=`), the order is asked about until
 * the provider's webhook settles it — the return itself activates nothing — and, once paid, the
 * plan is brought to this device and announced.
 */
export function usePayments(): { orders: OrderDto[] | null; pending: OrderDto | null } {
  const [params] = useSearchParams();
  const returned = params.get('order');
  const [orders, setOrders] = useState<OrderDto[] | null>(null);
  // The returned order's last known status, to tell the moment it is paid.
  const returnedStatus = useRef<OrderDto['status'] | null>(null);

  useEffect(() => {
    let stopped = false;
    const started = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = async () => {
      try {
        const next = (await answer(apiClient.orders.$get())).orders;
        if (stopped) return;
        const status = next.find((o) => o.id === returned)?.status ?? null;
        if (returnedStatus.current === 'pending' && status === 'paid') {
          // The plan is active on the server: bring it to this device now.
          void flush();
          showToast({ severity: 'success', title: { id: 'plans.planActivated' } });
        }
        returnedStatus.current = status;
        setOrders(next);
        if (status === 'pending' && Date.now() - started < POLL_FOR_MS) timer = setTimeout(() => void load(), POLL_MS);
      } catch (error) {
        console.error('orders.load', error);
      }
    };
    void load();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [returned]);

  return { orders, pending: orders?.find((o) => o.id === returned && o.status === 'pending') ?? null };
}

/** "Payment under review", over the plan, while the order the client came back with is unsettled. */
export function PaymentPending({ order }: { order: OrderDto | null }) {
  const intl = useIntl();
  if (!order) return null;
  return (
    <Alert severity="info" sx={{ mb: 2 }} data-testid="payment-pending">
      <AlertTitle>{intl.formatMessage({ id: 'subscription.payments.pendingTitle' })}</AlertTitle>
      {intl.formatMessage({ id: 'subscription.payments.pendingText' })}
    </Alert>
  );
}

/** The client's payments, under the plan: date, plan, amount in its currency, method, status, receipt. */
export function PaymentsCard({ orders }: { orders: OrderDto[] | null }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  if (!orders || orders.length === 0) return null;
  return (
    <Card variant="outlined" sx={{ mt: 2 }} data-testid="payments">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('subscription.payments.title')}
        </Typography>
        <Stack component="ul" sx={{ listStyle: 'none', m: 0, p: 0, gap: 1.5 }}>
          {orders.map((order) => (
            <Box component="li" key={order.id} data-testid="payment-row" sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <Box>
                <Typography sx={{ fontWeight: 600 }}>
                  {t(`plans.names.${PLAN_DISPLAY_KEYS[order.planId]}`)} · {formatMoney(order.amount, order.currency, intl.locale)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {intl.formatDate(order.createdAt, { dateStyle: 'medium' })}
                  {order.method && ` · ${t(`subscription.payments.method.${order.method}`)}`}
                </Typography>
                {order.receiptUrl && (
                  <Link href={order.receiptUrl} target="_blank" rel="noopener noreferrer" variant="body2" data-testid="payment-receipt">
                    {t('subscription.payments.receipt')}
                  </Link>
                )}
              </Box>
              <Chip size="small" color={STATUS_COLORS[order.status]} label={t(`subscription.payments.status.${order.status}`)} />
            </Box>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}
