import { useState } from 'react';
import type { IntlShape } from 'react-intl';
import { useIntl } from 'react-intl';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ATTENTION_FILTERS, type Attention, type AttentionFilter } from '#protocol/domain/attention.ts';
import type { Measures } from '#pwa/lib/measures.ts';
import type { Column } from './SortableTable.tsx';

const FILTERS = Object.keys(ATTENTION_FILTERS) as AttentionFilter[];
/** "Never" sorts as the longest ago: the students who never weighed in or opened the app head a descending sort. */
const LAST = Number.MAX_SAFE_INTEGER;

/**
 * The "who needs attention" columns (issue 22, part 3), for any row that carries a student's
 * figures (null while they load): last weigh-in, trend in the coach's unit, completed days of 7
 * and 30, last check-in, last visit and the day of the last finished workout (issue 48). Words
 * from the coaching catalog (components/i18n/coaching).
 */
export function attentionColumns<R extends { attention: Attention | null }>(intl: IntlShape, measures: Measures): Column<R>[] {
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const ago = (days: number | null | undefined) => (days === null || days === undefined ? t('attention.never') : t('attention.daysAgo', { days }));
  const percent = (share: number) => intl.formatNumber(share, { style: 'percent' });
  const rate = (kg: number) => t('attention.perWeek', { value: `${intl.formatNumber(measures.weightFigure(kg), { signDisplay: 'exceptZero', maximumFractionDigits: 2 })} ${measures.weightSymbol}` });
  return [
    { id: 'lastWeighIn', labelId: 'attention.lastWeighIn', sortValue: (s) => s.attention?.daysSinceWeighIn ?? LAST, render: (s) => ago(s.attention?.daysSinceWeighIn) },
    {
      id: 'trend',
      labelId: 'attention.trend',
      sortValue: (s) => s.attention?.trendKgPerWeek ?? LAST,
      render: (s) => (s.attention?.trendKgPerWeek != null ? rate(s.attention.trendKgPerWeek) : '—'),
      align: 'right',
    },
    {
      id: 'tracking',
      labelId: 'attention.tracking',
      sortValue: (s) => s.attention?.tracking7 ?? -1,
      render: (s) => (s.attention ? `${percent(s.attention.tracking7)} / ${percent(s.attention.tracking30)}` : '—'),
      align: 'right',
    },
    {
      id: 'checkIn',
      labelId: 'attention.checkIn',
      sortValue: (s) => s.attention?.lastCheckIn?.week ?? '',
      render: (s) =>
        s.attention?.lastCheckIn
          ? `${intl.formatDate(`${s.attention.lastCheckIn.week}T12:00:00`, { day: 'numeric', month: 'short' })} · ${t(s.attention.lastCheckIn.reviewed ? 'attention.checkInReviewed' : 'attention.checkInWaiting')}`
          : t('attention.never'),
    },
    { id: 'lastOpen', labelId: 'attention.lastOpen', sortValue: (s) => s.attention?.daysSinceOpen ?? LAST, render: (s) => ago(s.attention?.daysSinceOpen) },
    {
      id: 'lastWorkout',
      labelId: 'attention.lastWorkout',
      sortValue: (s) => s.attention?.daysSinceWorkout ?? LAST,
      render: (s) => (s.attention?.lastWorkoutAt ? intl.formatDate(s.attention.lastWorkoutAt, { day: 'numeric', month: 'short' }) : t('attention.never')),
    },
  ];
}

/** The filters a coach acts on, combined: a row stays when all chosen ones hold. */
export function useAttentionFilters() {
  const [filters, setFilters] = useState<ReadonlySet<AttentionFilter>>(new Set());
  const toggle = (filter: AttentionFilter) =>
    setFilters((current) => {
      const next = new Set(current);
      if (!next.delete(filter)) next.add(filter);
      return next;
    });
  const keeps = (attention: Attention | null) => [...filters].every((filter) => attention !== null && ATTENTION_FILTERS[filter](attention));
  return { filters, toggle, keeps };
}

/** The filters as chips, each saying whether it is on. */
export function AttentionFilters({ filters, onToggle, disabled }: { filters: ReadonlySet<AttentionFilter>; onToggle: (filter: AttentionFilter) => void; disabled: boolean }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <Stack direction="row" role="group" aria-label={t('attention.filters')} sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
      <Typography variant="body2" color="text.secondary">
        {t('attention.filters')}
      </Typography>
      {FILTERS.map((filter) => (
        <Chip
          key={filter}
          label={t(`attention.filter.${filter}`)}
          color={filters.has(filter) ? 'primary' : 'default'}
          variant={filters.has(filter) ? 'filled' : 'outlined'}
          onClick={() => onToggle(filter)}
          aria-pressed={filters.has(filter)}
          disabled={disabled}
          data-testid={`attention-filter-${filter}`}
        />
      ))}
    </Stack>
  );
}
