import { useState } from 'react';
import { useIntl } from 'react-intl';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { darken, useTheme, type Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { AdminPayout, PayoutStatus } from '#protocol/contract/teacher.ts';
import { formatMoney } from '#protocol/domain/money.ts';
import { answer, apiClient, ApiRequestError, byId } from '#pwa/lib/api.ts';
import { showToast } from '#pwa/lib/toast.ts';
import { failureText } from './feedback.ts';
import { useOnlineResource } from '#pwa/lib/use-online-resource.ts';

type Move = Exclude<PayoutStatus, 'pending'>;

/** ADR 013: where an admin may move a payout from each state (the server refuses any other move with 409). */
export const PAYOUT_MOVES: Record<PayoutStatus, readonly Move[]> = {
  pending: ['processing', 'rejected'],
  processing: ['completed', 'rejected'],
  completed: [],
  rejected: [],
};

const STATUS: Record<PayoutStatus, { id: string; color: 'warning' | 'info' | 'success' | 'error' }> = {
  pending: { id: 'admin.payouts.statusPending', color: 'warning' },
  processing: { id: 'admin.payouts.statusProcessing', color: 'info' },
  completed: { id: 'admin.payouts.statusCompleted', color: 'success' },
  rejected: { id: 'admin.payouts.statusRejected', color: 'error' },
};

/** The darker (light theme) or lighter (dark theme) shade: an outlined chip's text keeps 4.5:1 (as in UserList). */
const readable = (tone: 'warning' | 'info' | 'success' | 'error') => (theme: Theme) => ({
  // MUI's warning.dark (#e65100) is 3.8:1 on white: one step darker for text.
  color: tone === 'warning' ? darken(theme.palette.warning.dark, 0.3) : theme.palette[tone].dark,
  ...theme.applyStyles('dark', { color: theme.palette[tone].light }),
});

const MOVE_LABELS: Record<Move, string> = { processing: 'admin.payouts.toProcessing', completed: 'admin.payouts.toCompleted', rejected: 'admin.payouts.toRejected' };
const MOVED: Record<Move, string> = { processing: 'admin.payouts.movedProcessing', completed: 'admin.payouts.movedCompleted', rejected: 'admin.payouts.movedRejected' };

/**
 * Admins only: the teachers' payout requests, newest first, each with the moves its state allows
 * (Processar, Concluir, Rejeitar). Completing marks the teacher's commissions paid; rejecting frees
 * them to be asked for again (ADR 013). Online, like the rest of the panel.
 */
export function PayoutsSection() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const { data, error, loading, reload } = useOnlineResource('payouts', () => answer(apiClient.admin.payouts.$get()));
  const [busy, setBusy] = useState<string | null>(null);
  const payouts = data?.payouts ?? null;
  const money = (p: AdminPayout) => formatMoney(p.amount, p.currency, intl.locale);

  const statusChip = (payout: AdminPayout) => (
    <Chip
      size="small"
      variant="outlined"
      color={STATUS[payout.status].color}
      sx={readable(STATUS[payout.status].color)}
      label={t(STATUS[payout.status].id)}
      data-testid="admin-payout-status"
    />
  );
  const actions = (payout: AdminPayout) => (
    <Stack direction="row" sx={{ gap: 1 }}>
      {PAYOUT_MOVES[payout.status].map((status) => (
        <Button
          key={status}
          size="small"
          variant={status === 'rejected' ? 'text' : 'outlined'}
          color={status === 'rejected' ? 'error' : 'primary'}
          disabled={busy !== null}
          onClick={() => void move(payout, status)}
          data-testid={`admin-payout-${status}`}
        >
          {t(MOVE_LABELS[status])}
        </Button>
      ))}
    </Stack>
  );
  // A phone shows each request as a card: the table showed part of its columns, clipped (issue 17).
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });

  const move = async (payout: AdminPayout, status: Move) => {
    setBusy(payout.id);
    try {
      await answer(apiClient.admin.payouts[':id'].status.$post({ ...byId(payout.id), json: { status } }));
      showToast({ severity: 'success', title: t(MOVED[status]), description: t('admin.payouts.movedDescription', { teacher: payout.teacherName, amount: money(payout) }) });
      await reload();
    } catch (failure) {
      console.error('admin.payouts.move', status, failure);
      showToast({ severity: 'error', title: t('admin.payouts.moveFailed'), description: failureText(intl, failure) });
      if (failure instanceof ApiRequestError && failure.status === 409) await reload(); // someone else moved it: show where it is now
    } finally {
      setBusy(null);
    }
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="admin-payouts-title" sx={{ p: { xs: 2, sm: 3 }, mt: 4, borderRadius: 2, minWidth: 0 }} data-testid="admin-payouts">
      <Typography id="admin-payouts-title" variant="h6" component="h2" gutterBottom>
        {t('admin.payouts.title')}
      </Typography>
      {error && !payouts ? (
        // A status, not an alert: the users above are the screen's main content, and their own failure is the alert.
        <Alert
          severity="error"
          variant="outlined"
          role="status"
          action={
            <Button color="inherit" size="small" onClick={() => void reload()} data-testid="admin-payouts-retry">
              {t('admin.retry')}
            </Button>
          }
        >
          <AlertTitle>{t('admin.payouts.loadError')}</AlertTitle>
          {failureText(intl, error)}
        </Alert>
      ) : loading || !payouts ? (
        <Stack sx={{ gap: 1 }} role="status" aria-busy="true" aria-label={t('admin.payouts.loading')}>
          <Skeleton variant="rounded" height={36} />
          <Skeleton variant="rounded" height={36} />
        </Stack>
      ) : payouts.length === 0 ? (
        <Typography color="text.secondary" data-testid="admin-payouts-empty">
          {t('admin.payouts.empty')}
        </Typography>
      ) : phone ? (
        <Stack sx={{ gap: 1.5 }}>
          {payouts.map((payout) => (
            <Card key={payout.id} variant="outlined" data-testid="admin-payout-row" data-payout-id={payout.id}>
              <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1, '&:last-child': { pb: 2 } }}>
                <div>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {payout.teacherName}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {payout.teacherEmail}
                  </Typography>
                </div>
                <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}>
                  {(
                    [
                      ['admin.payouts.amount', money(payout)],
                      ['admin.payouts.requestedAt', dateTime(intl, payout.requestedAt)],
                      ['admin.payouts.status', statusChip(payout)],
                    ] as const
                  ).map(([label, value]) => (
                    <Box key={label} sx={{ display: 'contents' }}>
                      <Typography component="dt" variant="body2" color="text.secondary">
                        {t(label)}
                      </Typography>
                      <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right' }}>
                        {value}
                      </Typography>
                    </Box>
                  ))}
                </Box>
                {actions(payout)}
              </CardContent>
            </Card>
          ))}
        </Stack>
      ) : (
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-labelledby="admin-payouts-title" sx={{ minWidth: 640 }}>
            <TableHead>
              <TableRow>
                <TableCell>{t('admin.payouts.teacher')}</TableCell>
                <TableCell align="right">{t('admin.payouts.amount')}</TableCell>
                <TableCell>{t('admin.payouts.requestedAt')}</TableCell>
                <TableCell>{t('admin.payouts.status')}</TableCell>
                <TableCell>{t('admin.payouts.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {payouts.map((payout) => (
                <TableRow key={payout.id} data-testid="admin-payout-row" data-payout-id={payout.id}>
                  <TableCell>
                    <Typography variant="body2" sx={{ fontWeight: 500 }}>
                      {payout.teacherName}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {payout.teacherEmail}
                    </Typography>
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {money(payout)}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateTime(intl, payout.requestedAt)}</TableCell>
                  <TableCell>
                    {statusChip(payout)}
                  </TableCell>
                  <TableCell>
                    {actions(payout)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}

function dateTime(intl: ReturnType<typeof useIntl>, iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? intl.formatMessage({ id: 'admin.invalidDate' }) : intl.formatDate(date, { dateStyle: 'short', timeStyle: 'short' });
}
