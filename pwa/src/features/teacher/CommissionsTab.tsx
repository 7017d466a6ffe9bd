import { useIntl } from 'react-intl';
import type { LedgerEntry } from '#protocol/contract/teacher.ts';
import { formatMoney } from '#protocol/domain/money.ts';
import { PLAN_LABELS } from '#pwa/lib/plan-labels.ts';
import { COMMISSION_STATUS_LABELS, dateText } from './format.ts';
import { LoadError } from './LoadError.tsx';
import { SortableTable, type Column } from '#pwa/components/SortableTable.tsx';
import { StatusChip } from './StatusChip.tsx';
import { timeOf } from '#pwa/lib/sorting.ts';
import { TableSkeleton } from './TableSkeleton.tsx';

/** SPEC §2 commissions: student, amount, percentage, plan, date, status, description; newest first. */
export function CommissionsTab({ ledger, error, retry }: { ledger: LedgerEntry[] | null; error: unknown; retry: () => void }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  if (error && !ledger) return <LoadError error={error} retry={retry} />;
  if (!ledger) return <TableSkeleton />;

  const status = (e: LedgerEntry) => t(COMMISSION_STATUS_LABELS[e.status]);
  const columns: Column<LedgerEntry>[] = [
    { id: 'student', labelId: 'teacher.commissions.student', sortValue: (e) => e.studentName, render: (e) => e.studentName },
    { id: 'amount', labelId: 'teacher.commissions.amount', align: 'right', sortValue: (e) => e.amount, render: (e) => formatMoney(e.amount, e.currency, intl.locale) },
    {
      id: 'percentage',
      labelId: 'teacher.commissions.percentage',
      align: 'right',
      sortValue: (e) => e.percentage,
      render: (e) => intl.formatNumber(e.percentage / 100, { style: 'percent', maximumFractionDigits: 1 }),
    },
    { id: 'plan', labelId: 'teacher.commissions.plan', sortValue: (e) => t(PLAN_LABELS[e.planId]), render: (e) => t(PLAN_LABELS[e.planId]) },
    { id: 'date', labelId: 'teacher.commissions.date', sortValue: (e) => timeOf(e.createdAt), render: (e) => dateText(intl, e.createdAt) },
    {
      id: 'status',
      labelId: 'teacher.commissions.status',
      sortValue: status,
      render: (e) => <StatusChip tone={e.status === 'paid' ? 'success' : e.status === 'cancelled' ? 'default' : 'warning'} label={status(e)} />,
    },
    { id: 'description', labelId: 'teacher.commissions.description', wrap: true, sortValue: (e) => e.description, render: (e) => e.description },
  ];
  return (
    <SortableTable
      rows={ledger}
      columns={columns}
      initialSort={{ column: 'date', direction: 'desc' }}
      labelId="teacher.tabs.commissions"
      emptyId="teacher.commissions.empty"
      testId="teacher-ledger-table"
      rowTestId="teacher-ledger-row"
    />
  );
}
