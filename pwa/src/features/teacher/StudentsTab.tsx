import { useState } from 'react';
import { useIntl } from 'react-intl';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CoachStudentAttention } from '#protocol/contract/messages.ts';
import type { TeacherStudent } from '#protocol/contract/teacher.ts';
import { ATTENTION_FILTERS, type AttentionFilter } from '#protocol/domain/attention.ts';
import { useMeasures } from '#pwa/db/use-measures.ts';
import { dateText, PLAN_LABELS, STUDENT_STATUS_LABELS } from './format.ts';
import { LoadError } from './LoadError.tsx';
import { SortableTable, type Column } from './SortableTable.tsx';
import { StatusChip } from './StatusChip.tsx';
import { timeOf } from './sorting.ts';
import { TableSkeleton } from './TableSkeleton.tsx';

const STATUS_COLORS = { active: 'success', inactive: 'default', expired: 'warning' } as const;
const FILTERS = Object.keys(ATTENTION_FILTERS) as AttentionFilter[];

/** A student's SPEC §2 row with the attention figures (issue 22, part 3), when they have loaded. */
type Row = TeacherStudent & { attention: CoachStudentAttention | null };

/** "Never" and missing figures sort after every real one, whichever way the column sorts. */
const LAST = Number.MAX_SAFE_INTEGER;

/**
 * SPEC §2 students (name, email, plan, status, registration date; newest first) and, for "who do
 * I talk to today" (issue 22, part 3), each one's last weigh-in, trend, completed days, last
 * check-in and last visit, with filters for the three cases a coach acts on.
 */
export function StudentsTab({
  students,
  attention,
  error,
  retry,
}: {
  students: TeacherStudent[] | null;
  attention: CoachStudentAttention[] | null;
  error: unknown;
  retry: () => void;
}) {
  const intl = useIntl();
  const measures = useMeasures();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [filters, setFilters] = useState<ReadonlySet<AttentionFilter>>(new Set());
  if (error && !students) return <LoadError error={error} retry={retry} />;
  if (!students) return <TableSkeleton />;

  const byId = new Map((attention ?? []).map((student) => [student.clientId, student]));
  const rows: Row[] = students
    .map((student) => ({ ...student, attention: byId.get(student.id) ?? null }))
    .filter((row) => [...filters].every((filter) => row.attention !== null && ATTENTION_FILTERS[filter](row.attention)));

  const plan = (s: TeacherStudent) => t(s.planId ? PLAN_LABELS[s.planId] : 'teacher.students.noPlan');
  const ago = (days: number | null | undefined) => (days === null || days === undefined ? t('teacher.attention.never') : t('teacher.attention.daysAgo', { days }));
  const percent = (share: number) => intl.formatNumber(share, { style: 'percent' });
  const rate = (kg: number) => t('teacher.attention.perWeek', { value: `${intl.formatNumber(measures.weightFigure(kg), { signDisplay: 'exceptZero', maximumFractionDigits: 2 })} ${measures.weightSymbol}` });
  const columns: Column<Row>[] = [
    { id: 'name', labelId: 'teacher.students.name', sortValue: (s) => s.name, render: (s) => s.name },
    { id: 'email', labelId: 'teacher.students.email', sortValue: (s) => s.email, render: (s) => s.email },
    { id: 'plan', labelId: 'teacher.students.plan', sortValue: plan, render: (s) => (s.attention?.daysLeft != null ? `${plan(s)} · ${t('teacher.attention.daysLeft', { days: s.attention.daysLeft })}` : plan(s)) },
    {
      id: 'status',
      labelId: 'teacher.students.status',
      sortValue: (s) => t(STUDENT_STATUS_LABELS[s.status]),
      render: (s) => <StatusChip tone={STATUS_COLORS[s.status]} label={t(STUDENT_STATUS_LABELS[s.status])} />,
    },
    { id: 'lastWeighIn', labelId: 'teacher.attention.lastWeighIn', sortValue: (s) => s.attention?.daysSinceWeighIn ?? LAST, render: (s) => ago(s.attention?.daysSinceWeighIn) },
    {
      id: 'trend',
      labelId: 'teacher.attention.trend',
      sortValue: (s) => s.attention?.trendKgPerWeek ?? LAST,
      render: (s) => (s.attention?.trendKgPerWeek != null ? rate(s.attention.trendKgPerWeek) : '—'),
      align: 'right',
    },
    {
      id: 'tracking',
      labelId: 'teacher.attention.tracking',
      sortValue: (s) => s.attention?.tracking7 ?? -1,
      render: (s) => (s.attention ? `${percent(s.attention.tracking7)} / ${percent(s.attention.tracking30)}` : '—'),
      align: 'right',
    },
    {
      id: 'checkIn',
      labelId: 'teacher.attention.checkIn',
      sortValue: (s) => s.attention?.lastCheckIn?.week ?? '',
      render: (s) =>
        s.attention?.lastCheckIn
          ? `${intl.formatDate(`${s.attention.lastCheckIn.week}T12:00:00`, { day: 'numeric', month: 'short' })} · ${t(s.attention.lastCheckIn.reviewed ? 'teacher.attention.checkInReviewed' : 'teacher.attention.checkInWaiting')}`
          : t('teacher.attention.never'),
    },
    { id: 'lastOpen', labelId: 'teacher.attention.lastOpen', sortValue: (s) => s.attention?.daysSinceOpen ?? LAST, render: (s) => ago(s.attention?.daysSinceOpen) },
    { id: 'createdAt', labelId: 'teacher.students.createdAt', sortValue: (s) => timeOf(s.createdAt), render: (s) => dateText(intl, s.createdAt) },
  ];
  const toggle = (filter: AttentionFilter) =>
    setFilters((current) => {
      const next = new Set(current);
      if (!next.delete(filter)) next.add(filter);
      return next;
    });
  return (
    <Stack sx={{ gap: 2 }}>
      <Stack direction="row" role="group" aria-label={t('teacher.attention.filters')} sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography variant="body2" color="text.secondary">
          {t('teacher.attention.filters')}
        </Typography>
        {FILTERS.map((filter) => (
          <Chip
            key={filter}
            label={t(`teacher.attention.filter.${filter}`)}
            color={filters.has(filter) ? 'primary' : 'default'}
            variant={filters.has(filter) ? 'filled' : 'outlined'}
            onClick={() => toggle(filter)}
            aria-pressed={filters.has(filter)}
            disabled={attention === null}
            data-testid={`attention-filter-${filter}`}
          />
        ))}
      </Stack>
      <SortableTable
        rows={rows}
        columns={columns}
        initialSort={{ column: 'createdAt', direction: 'desc' }}
        labelId="teacher.tabs.students"
        emptyId={filters.size > 0 ? 'teacher.attention.noMatch' : 'teacher.students.empty'}
        testId="teacher-students-table"
        rowTestId="teacher-student-row"
      />
    </Stack>
  );
}
