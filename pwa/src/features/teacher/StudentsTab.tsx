import { useIntl } from 'react-intl';
import Stack from '@mui/material/Stack';
import type { CoachStudentAttention } from '#protocol/contract/messages.ts';
import type { TeacherStudent } from '#protocol/contract/teacher.ts';
import { AttentionFilters, attentionColumns, useAttentionFilters } from '#pwa/components/AttentionTable.tsx';
import { useMeasures } from '#pwa/db/use-measures.ts';
import { PLAN_LABELS } from '#pwa/lib/plan-labels.ts';
import { dateText, STUDENT_STATUS_LABELS } from './format.ts';
import { LoadError } from './LoadError.tsx';
import { SortableTable, type Column } from '#pwa/components/SortableTable.tsx';
import { StatusChip } from './StatusChip.tsx';
import { timeOf } from '#pwa/lib/sorting.ts';
import { TableSkeleton } from './TableSkeleton.tsx';

const STATUS_COLORS = { active: 'success', inactive: 'default', expired: 'warning' } as const;

/** A student's SPEC §2 row with the attention figures (issue 22, part 3), when they have loaded. */
type Row = TeacherStudent & { attention: CoachStudentAttention | null };

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
  const { filters, toggle, keeps } = useAttentionFilters();
  if (error && !students) return <LoadError error={error} retry={retry} />;
  if (!students) return <TableSkeleton />;

  const byId = new Map((attention ?? []).map((student) => [student.clientId, student]));
  const rows: Row[] = students.map((student) => ({ ...student, attention: byId.get(student.id) ?? null })).filter((row) => keeps(row.attention));
  const plan = (s: TeacherStudent) => t(s.planId ? PLAN_LABELS[s.planId] : 'teacher.students.noPlan');
  // Who needs attention first: on a laptop beside the sidebar the name and its figures fit, and
  // SPEC §2's plan, status, email and registration date follow (the table scrolls to them).
  const columns: Column<Row>[] = [
    { id: 'name', labelId: 'teacher.students.name', sortValue: (s) => s.name, render: (s) => s.name },
    ...attentionColumns<Row>(intl, measures),
    { id: 'plan', labelId: 'teacher.students.plan', sortValue: plan, render: (s) => (s.attention?.daysLeft != null ? `${plan(s)} · ${t('attention.daysLeft', { days: s.attention.daysLeft })}` : plan(s)) },
    {
      id: 'status',
      labelId: 'teacher.students.status',
      sortValue: (s) => t(STUDENT_STATUS_LABELS[s.status]),
      render: (s) => <StatusChip tone={STATUS_COLORS[s.status]} label={t(STUDENT_STATUS_LABELS[s.status])} />,
    },
    { id: 'email', labelId: 'teacher.students.email', sortValue: (s) => s.email, render: (s) => s.email },
    { id: 'createdAt', labelId: 'teacher.students.createdAt', sortValue: (s) => timeOf(s.createdAt), render: (s) => dateText(intl, s.createdAt) },
  ];
  return (
    <Stack sx={{ gap: 2 }}>
      <AttentionFilters filters={filters} onToggle={toggle} disabled={attention === null} />
      <SortableTable
        rows={rows}
        columns={columns}
        initialSort={{ column: 'createdAt', direction: 'desc' }}
        labelId="teacher.tabs.students"
        emptyId={filters.size > 0 ? 'attention.noMatch' : 'teacher.students.empty'}
        testId="teacher-students-table"
        rowTestId="teacher-student-row"
      />
    </Stack>
  );
}
