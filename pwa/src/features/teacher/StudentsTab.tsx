import { useIntl } from 'react-intl';
import type { TeacherStudent } from '#protocol/contract/teacher.ts';
import { dateText, PLAN_LABELS, STUDENT_STATUS_LABELS } from './format.ts';
import { LoadError } from './LoadError.tsx';
import { SortableTable, type Column } from './SortableTable.tsx';
import { StatusChip } from './StatusChip.tsx';
import { timeOf } from './sorting.ts';
import { TableSkeleton } from './TableSkeleton.tsx';

const STATUS_COLORS = { active: 'success', inactive: 'default', expired: 'warning' } as const;

/** SPEC §2 students: name, email, plan, status, registration date; newest first. */
export function StudentsTab({ students, error, retry }: { students: TeacherStudent[] | null; error: unknown; retry: () => void }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  if (error && !students) return <LoadError error={error} retry={retry} />;
  if (!students) return <TableSkeleton />;

  const plan = (s: TeacherStudent) => t(s.planId ? PLAN_LABELS[s.planId] : 'teacher.students.noPlan');
  const columns: Column<TeacherStudent>[] = [
    { id: 'name', labelId: 'teacher.students.name', sortValue: (s) => s.name, render: (s) => s.name },
    { id: 'email', labelId: 'teacher.students.email', sortValue: (s) => s.email, render: (s) => s.email },
    { id: 'plan', labelId: 'teacher.students.plan', sortValue: plan, render: plan },
    {
      id: 'status',
      labelId: 'teacher.students.status',
      sortValue: (s) => t(STUDENT_STATUS_LABELS[s.status]),
      render: (s) => <StatusChip tone={STATUS_COLORS[s.status]} label={t(STUDENT_STATUS_LABELS[s.status])} />,
    },
    { id: 'createdAt', labelId: 'teacher.students.createdAt', sortValue: (s) => timeOf(s.createdAt), render: (s) => dateText(intl, s.createdAt) },
  ];
  return (
    <SortableTable
      rows={students}
      columns={columns}
      initialSort={{ column: 'createdAt', direction: 'desc' }}
      labelId="teacher.tabs.students"
      emptyId="teacher.students.empty"
      testId="teacher-students-table"
      rowTestId="teacher-student-row"
    />
  );
}
