import { useIntl } from 'react-intl';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CoachCheckIn } from '#protocol/contract/messages.ts';
import { LoadError } from './LoadError.tsx';

/** A check-in's week as its client's calendar names it ("23 de novembro"). */
export const weekText = (intl: ReturnType<typeof useIntl>, week: string) => intl.formatDate(`${week}T12:00:00`, { day: 'numeric', month: 'long' });

/**
 * The check-ins waiting for the coach's review (issue 22, part 2), newest first, under the
 * conversations; opening one shows its figures beside the previous week's and takes the feedback.
 */
export function CheckInsSection({ checkIns, error, retry, onOpen }: { checkIns: CoachCheckIn[] | null; error: unknown; retry: () => void; onOpen: (checkIn: CoachCheckIn) => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  return (
    <Card variant="outlined" component="section" aria-labelledby="admin-check-ins-title" sx={{ mb: 2 }} data-testid="admin-check-ins">
      <CardContent>
        <Typography id="admin-check-ins-title" variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('admin.checkIns.title')}
        </Typography>
        {error && !checkIns ? (
          <LoadError messageId="admin.checkIns.loadError" error={error} retry={retry} compact />
        ) : !checkIns ? (
          <Skeleton variant="rounded" height={56} />
        ) : checkIns.length === 0 ? (
          <Typography color="text.secondary" data-testid="admin-check-ins-empty">
            {t('admin.checkIns.empty')}
          </Typography>
        ) : (
          <List dense disablePadding aria-label={t('admin.checkIns.label')}>
            {checkIns.map((item) => (
              <ListItem key={item.checkIn.id} disablePadding>
                <ListItemButton onClick={() => onOpen(item)} sx={{ borderRadius: 1 }} data-testid="admin-check-in">
                  <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1, width: '100%', minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{item.clientName}</Typography>
                    <Typography variant="body2" color="text.secondary" sx={{ flexShrink: 0 }}>
                      {t('admin.checkIns.week', { date: weekText(intl, item.checkIn.week) })}
                    </Typography>
                  </Stack>
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
