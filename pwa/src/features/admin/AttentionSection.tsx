import { useIntl } from 'react-intl';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CoachStudentAttention } from '#protocol/contract/messages.ts';
import { AttentionFilters, attentionColumns, useAttentionFilters } from '#pwa/components/AttentionTable.tsx';
import { FeatureMessages } from '#pwa/components/FeatureMessages.tsx';
import { loadCoachingMessages } from '#pwa/components/i18n/messages.ts';
import { SortableTable, type Column } from '#pwa/components/SortableTable.tsx';
import { useMeasures } from '#pwa/db/use-measures.ts';
import { useOnlineResource } from '#pwa/lib/use-online-resource.ts';
import { PLAN_LABELS } from '#pwa/lib/plan-labels.ts';
import { attentionApi } from './admin-api.ts';
import { LoadError } from './LoadError.tsx';

type Row = CoachStudentAttention & { id: string; attention: CoachStudentAttention };

/**
 * Who needs attention, for admins (issue 22, part 3): every client with the figures a teacher
 * sees for their students, the same filters, and a way to open the client in the panel above.
 * Loaded apart from the panel (its own chunk), for admins only: teachers have it in their dashboard.
 */
export function AttentionSection({ onOpen }: { onOpen: (clientId: string) => void }) {
  return (
    <FeatureMessages load={loadCoachingMessages} fallback={<Skeleton variant="rounded" height={160} sx={{ mt: 4 }} />}>
      <Attention onOpen={onOpen} />
    </FeatureMessages>
  );
}

function Attention({ onOpen }: { onOpen: (clientId: string) => void }) {
  const intl = useIntl();
  const measures = useMeasures();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const clients = useOnlineResource('attention', attentionApi.list);
  const { filters, toggle, keeps } = useAttentionFilters();
  const rows: Row[] = (clients.data?.students ?? []).map((student) => ({ ...student, id: student.clientId, attention: student })).filter((row) => keeps(row.attention));
  const plan = (row: Row) => (row.planId ? t(PLAN_LABELS[row.planId]) : '—');
  const columns: Column<Row>[] = [
    {
      id: 'name',
      labelId: 'admin.attention.name',
      sortValue: (row) => row.clientName,
      render: (row) => (
        <Button size="small" onClick={() => onOpen(row.clientId)} sx={{ p: 0, minWidth: 0, textTransform: 'none', textAlign: 'left' }} data-testid="admin-attention-open">
          {row.clientName}
        </Button>
      ),
    },
    { id: 'email', labelId: 'admin.attention.email', sortValue: (row) => row.email, render: (row) => row.email },
    { id: 'plan', labelId: 'admin.attention.plan', sortValue: plan, render: (row) => (row.daysLeft !== null ? `${plan(row)} · ${t('attention.daysLeft', { days: row.daysLeft })}` : plan(row)) },
    ...attentionColumns<Row>(intl, measures),
  ];
  return (
    <Card variant="outlined" component="section" aria-labelledby="admin-attention-title" sx={{ mt: 4 }} data-testid="admin-attention">
      <CardContent>
        <Stack sx={{ gap: 2 }}>
          <div>
            <Typography id="admin-attention-title" variant="h6" component="h2">
              {t('admin.attention.title')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('admin.attention.description')}
            </Typography>
          </div>
          {clients.error && !clients.data ? (
            <LoadError messageId="admin.attention.loadError" error={clients.error} retry={() => void clients.reload()} compact />
          ) : !clients.data ? (
            <Skeleton variant="rounded" height={160} />
          ) : (
            <>
              <AttentionFilters filters={filters} onToggle={toggle} disabled={false} />
              <SortableTable
                rows={rows}
                columns={columns}
                initialSort={{ column: 'lastWeighIn', direction: 'desc' }}
                labelId="admin.attention.label"
                emptyId={filters.size > 0 ? 'admin.attention.noMatch' : 'admin.attention.empty'}
                testId="admin-attention-table"
                rowTestId="admin-attention-row"
              />
            </>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
