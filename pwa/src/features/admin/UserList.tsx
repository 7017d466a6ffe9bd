import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { Theme } from '@mui/material/styles';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListSubheader from '@mui/material/ListSubheader';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { StaffUserSummary } from '#protocol/contract/staff.ts';
import type { DietFreshness } from '#protocol/domain/diet-freshness.ts';
import { LoadError } from './LoadError.tsx';
import { groupUsers, USER_GROUPS, type UserGroup } from './user-groups.ts';

const GROUP_TITLES: Record<UserGroup, string> = {
  upToDate: 'admin.groups.upToDate',
  overdue: 'admin.groups.overdue',
  noDiet: 'admin.groups.noDiet',
  staff: 'admin.groups.staff',
};

/** The darker (light theme) or lighter (dark theme) shade keeps 4.5:1 on a selected row's tint too. */
const readable = (tone: 'success' | 'error' | 'info') => (theme: Theme) => ({
  color: theme.palette[tone].dark,
  ...theme.applyStyles('dark', { color: theme.palette[tone].light }),
});

function FreshnessChip({ freshness }: { freshness: DietFreshness | null }) {
  const intl = useIntl();
  if (freshness?.state === 'upToDate') {
    return <Chip size="small" color="success" variant="outlined" sx={readable('success')} label={intl.formatMessage({ id: 'admin.freshness.daysRemaining' }, { days: freshness.daysRemaining })} />;
  }
  if (freshness?.state === 'overdue') {
    return <Chip size="small" color="error" variant="outlined" sx={readable('error')} label={intl.formatMessage({ id: 'admin.freshness.overdue' }, { days: freshness.daysOverdue })} />;
  }
  return null;
}

/**
 * SPEC §2 left column: a search by name or email and the users under the four headings (diets up
 * to date, overdue, no diet, administrators), each row with its freshness chip.
 */
export function UserList({
  users,
  loading,
  error,
  retry,
  query,
  onQueryChange,
  selectedId,
  onSelect,
  today,
  timeZone,
}: {
  users: StaffUserSummary[] | null;
  loading: boolean;
  error: unknown;
  retry: () => void;
  query: string;
  onQueryChange: (query: string) => void;
  selectedId: string | null;
  onSelect: (id: string) => void;
  today: string;
  timeZone: string;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const groups = useMemo(() => (users ? groupUsers(users, query, today, timeZone) : null), [users, query, today, timeZone]);
  const found = groups ? USER_GROUPS.reduce((sum, group) => sum + groups[group].length, 0) : 0;

  return (
    <Stack sx={{ gap: 2, minWidth: 0 }}>
      <TextField
        id="admin-user-search"
        type="search"
        label={t('admin.list.search')}
        value={query}
        onChange={(event) => onQueryChange(event.target.value)}
        fullWidth
        size="small"
        slotProps={{ htmlInput: { 'data-testid': 'admin-user-search' } }}
      />
      {error && !users ? <LoadError messageId="admin.list.loadError" error={error} retry={retry} /> : null}
      {error && users ? <LoadError messageId="admin.refreshError" error={error} retry={retry} compact /> : null}
      {loading && (
        <Stack sx={{ gap: 1 }} role="status" aria-busy="true" aria-label={t('admin.list.loading')} data-testid="admin-user-list-loading">
          {[0, 1, 2, 3, 4].map((row) => (
            <Skeleton key={row} variant="rounded" height={56} />
          ))}
        </Stack>
      )}
      {groups && (
        <Box data-testid="admin-user-list">
          {users && users.length > 0 && found === 0 && (
            <Typography color="text.secondary" sx={{ mb: 1 }}>
              {t('admin.list.noResults')}
            </Typography>
          )}
          {USER_GROUPS.map((group) => (
            <List
              key={group}
              dense
              aria-labelledby={`admin-group-${group}`}
              data-testid={`admin-group-${group}`}
              subheader={
                <ListSubheader id={`admin-group-${group}`} disableSticky sx={{ px: 1, lineHeight: 2.5, bgcolor: 'transparent' }}>
                  {`${t(GROUP_TITLES[group])} (${intl.formatNumber(groups[group].length)})`}
                </ListSubheader>
              }
            >
              {groups[group].length === 0 ? (
                <Typography component="li" variant="body2" color="text.secondary" sx={{ px: 1, pb: 1 }}>
                  {t('admin.list.emptyGroup')}
                </Typography>
              ) : (
                groups[group].map(({ user, freshness }) => (
                  <li key={user.id}>
                    <ListItemButton
                      selected={user.id === selectedId}
                      aria-current={user.id === selectedId ? 'true' : undefined}
                      onClick={() => onSelect(user.id)}
                      sx={{ borderRadius: 1, gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
                      data-testid={`admin-user-${user.id}`}
                    >
                      <Box sx={{ flex: '1 1 160px', minWidth: 0 }}>
                        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{user.name}</Typography>
                        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                          {user.email}
                        </Typography>
                      </Box>
                      {user.role === 'teacher' && user.teacherApprovedAt === null && (
                        <Chip size="small" color="info" variant="outlined" sx={readable('info')} label={t('admin.teacher.pendingChip')} data-testid="admin-teacher-pending-chip" />
                      )}
                      <FreshnessChip freshness={freshness} />
                    </ListItemButton>
                  </li>
                ))
              )}
            </List>
          ))}
        </Box>
      )}
    </Stack>
  );
}
