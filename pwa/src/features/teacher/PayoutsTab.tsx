import { useState } from 'react';
import { useIntl } from 'react-intl';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Payout, TeacherDashboard } from '#protocol/contract/teacher.ts';
import { DEFAULT_MINIMUM_PAYOUT_MINOR } from '#protocol/domain/commission.ts';
import { formatMoney } from '#protocol/domain/money.ts';
import { isCurrencyCode, type CurrencyCode } from '#protocol/domain/plans.ts';
import { ApiRequestError } from '#pwa/lib/api.ts';
import { showToast } from '#pwa/lib/toast.ts';
import { failureText } from './feedback.ts';
import { dateText, PAYOUT_STATUS_LABELS } from './format.ts';
import { LoadError } from './LoadError.tsx';
import { SortableTable, type Column } from '#pwa/components/SortableTable.tsx';
import { StatusChip } from './StatusChip.tsx';
import { timeOf } from '#pwa/lib/sorting.ts';
import { teacherApi } from './teacher-api.ts';
import { TableSkeleton } from './TableSkeleton.tsx';

const STATUS_COLORS = { pending: 'warning', processing: 'info', completed: 'success', rejected: 'error' } as const;

/** A request button per currency: what is available now, and the least a payout may be (SPEC §9: 50, unless configured). */
export interface PayoutOption {
  currency: CurrencyCode;
  available: number;
  minimum: number;
}

export function payoutOptions(dashboard: Pick<TeacherDashboard, 'availableToWithdraw' | 'minimumPayout'>): PayoutOption[] {
  return dashboard.availableToWithdraw.flatMap(({ currency, amount }) =>
    isCurrencyCode(currency) ? [{ currency, available: amount, minimum: dashboard.minimumPayout.find((m) => m.currency === currency)?.amount ?? DEFAULT_MINIMUM_PAYOUT_MINOR }] : [],
  );
}

function RequestButton({ option, busy, locked, onRequest }: { option: PayoutOption; busy: boolean; locked: boolean; onRequest: () => void }) {
  const intl = useIntl();
  const money = (amount: number) => formatMoney(amount, option.currency, intl.locale);
  const enough = option.available > 0 && option.available >= option.minimum;
  const noteId = `payout-minimum-${option.currency}`;
  return (
    <Stack sx={{ gap: 0.5, alignItems: 'flex-start' }}>
      <Button
        variant="contained"
        disabled={!enough || locked}
        onClick={onRequest}
        aria-describedby={enough ? undefined : noteId}
        data-testid={`payout-request-${option.currency}`}
      >
        {busy
          ? intl.formatMessage({ id: 'teacher.payouts.requesting' })
          : option.available > 0
            ? intl.formatMessage({ id: 'teacher.payouts.request' }, { amount: money(option.available) })
            : intl.formatMessage({ id: 'teacher.payouts.requestTitle' })}
      </Button>
      {!enough && (
        <Typography id={noteId} variant="caption" color="text.secondary" data-testid={`payout-minimum-${option.currency}`}>
          {intl.formatMessage({ id: 'teacher.payouts.minimum' }, { amount: money(option.minimum) })}
        </Typography>
      )}
    </Stack>
  );
}

/**
 * SPEC §2 payouts: one request per currency with a balance (all of it, ADR 013), enabled from
 * that currency's minimum, and the payouts asked for so far (amount, requested, status, processed).
 */
export function PayoutsTab({
  payouts,
  dashboard,
  error,
  retry,
  onRequested,
}: {
  payouts: Payout[] | null;
  dashboard: TeacherDashboard | null;
  error: unknown;
  retry: () => void;
  onRequested: () => void;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [busy, setBusy] = useState<string | null>(null);
  if (error && !(payouts && dashboard)) return <LoadError error={error} retry={retry} />;
  if (!payouts || !dashboard) return <TableSkeleton />;

  const options = payoutOptions(dashboard);
  const request = async (option: PayoutOption) => {
    setBusy(option.currency);
    try {
      const { payout } = await teacherApi.requestPayout(option.currency);
      showToast({
        severity: 'success',
        title: t('teacher.payouts.requested'),
        description: intl.formatMessage({ id: 'teacher.payouts.requestedDescription' }, { amount: formatMoney(payout.amount, payout.currency, intl.locale) }),
      });
      onRequested();
    } catch (failure) {
      console.error('teacher.payouts.request', failure);
      if (failure instanceof ApiRequestError && failure.code === 'INSUFFICIENT_BALANCE') {
        showToast({ severity: 'error', title: t('teacher.payouts.insufficient') });
      } else {
        showToast({ severity: 'error', title: t('teacher.payouts.failed'), description: failureText(intl, failure) });
      }
      onRequested(); // the balance may have moved: show the server's figures
    } finally {
      setBusy(null);
    }
  };

  const status = (p: Payout) => t(PAYOUT_STATUS_LABELS[p.status]);
  const columns: Column<Payout>[] = [
    { id: 'amount', labelId: 'teacher.payouts.amount', align: 'right', sortValue: (p) => p.amount, render: (p) => formatMoney(p.amount, p.currency, intl.locale) },
    { id: 'requestedAt', labelId: 'teacher.payouts.requestedAt', sortValue: (p) => timeOf(p.requestedAt), render: (p) => dateText(intl, p.requestedAt, true) },
    {
      id: 'status',
      labelId: 'teacher.payouts.status',
      sortValue: status,
      render: (p) => <StatusChip tone={STATUS_COLORS[p.status]} label={status(p)} testId="teacher-payout-status" />,
    },
    { id: 'processedAt', labelId: 'teacher.payouts.processedAt', sortValue: (p) => timeOf(p.processedAt), render: (p) => (p.processedAt ? dateText(intl, p.processedAt, true) : '—') },
  ];

  return (
    <Stack sx={{ gap: 3 }}>
      <Paper variant="outlined" component="section" aria-labelledby="payout-request-title" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 2 }}>
        <Typography id="payout-request-title" variant="h6" component="h2">
          {t('teacher.payouts.requestTitle')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('teacher.payouts.requestNote')}
        </Typography>
        {options.length === 0 ? (
          <Stack sx={{ gap: 1.5, alignItems: 'flex-start' }}>
            <Alert severity="info" variant="outlined" data-testid="payout-no-balance">
              {t('teacher.payouts.noBalance')}
            </Alert>
            <RequestButton option={{ currency: dashboard.currency, available: 0, minimum: DEFAULT_MINIMUM_PAYOUT_MINOR }} busy={false} locked onRequest={() => undefined} />
          </Stack>
        ) : (
          <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
            {options.map((option) => (
              <RequestButton key={option.currency} option={option} busy={busy === option.currency} locked={busy !== null} onRequest={() => void request(option)} />
            ))}
          </Stack>
        )}
      </Paper>
      <SortableTable
        rows={payouts}
        columns={columns}
        initialSort={{ column: 'requestedAt', direction: 'desc' }}
        labelId="teacher.tabs.payouts"
        emptyId="teacher.payouts.empty"
        testId="teacher-payouts-table"
        rowTestId="teacher-payout-row"
      />
    </Stack>
  );
}
