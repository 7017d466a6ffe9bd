import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CoachThreadSummary } from '#protocol/contract/messages.ts';
import { LoadError } from './LoadError.tsx';

/**
 * The overview's messages (issue 22): the students waiting for an answer, each a link to their
 * detail in the panel, where the thread is. It refreshes at every poke (TeacherDashboardScreen).
 */
export function MessagesCard({ threads, error, retry }: { threads: CoachThreadSummary[] | null; error: unknown; retry: () => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  if (error && !threads) return <LoadError titleId="teacher.messages.loadError" error={error} retry={retry} />;
  const waiting = threads?.filter((thread) => thread.unread > 0) ?? null;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="teacher-messages-title" sx={{ p: 2, borderRadius: 2 }} data-testid="teacher-messages">
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
        <Typography id="teacher-messages-title" variant="h6" component="h2">
          {t('teacher.messages.title')}
        </Typography>
        <Link component={RouterLink} to="/admin" data-testid="teacher-messages-all">
          {t('teacher.messages.all')}
        </Link>
      </Stack>
      {!waiting ? (
        <Skeleton variant="rounded" height={48} sx={{ mt: 1 }} />
      ) : waiting.length === 0 ? (
        <Typography color="text.secondary" sx={{ mt: 1 }} data-testid="teacher-messages-none">
          {t('teacher.messages.none')}
        </Typography>
      ) : (
        <List dense disablePadding aria-label={t('teacher.messages.label')}>
          {waiting.map(({ clientId, clientName, unread, lastMessage }) => (
            <ListItem key={clientId} disableGutters sx={{ display: 'block' }} data-testid="teacher-messages-thread">
              <Stack direction="row" sx={{ gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}>
                <Link component={RouterLink} to={`/admin?client=${encodeURIComponent(clientId)}`} sx={{ fontWeight: 700 }} data-testid="teacher-messages-answer">
                  {t('teacher.messages.answer', { name: clientName })}
                </Link>
                <Typography variant="body2" color="text.secondary">
                  {t('teacher.messages.unread', { count: unread })}
                </Typography>
              </Stack>
              <Typography variant="body2" noWrap sx={{ fontStyle: lastMessage.deleted ? 'italic' : undefined }}>
                {lastMessage.deleted ? t('teacher.messages.deleted') : lastMessage.body || (lastMessage.photoId ? t('teacher.messages.photo') : '')}
              </Typography>
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}

/** The overview's check-ins (issue 22, part 2): how many wait for review, and the way to them in the panel. */
export function CheckInsCard({ waiting, error, retry }: { waiting: number | null; error: unknown; retry: () => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, number>) => intl.formatMessage({ id }, values);
  if (error && waiting === null) return <LoadError titleId="teacher.messages.loadError" error={error} retry={retry} />;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="teacher-check-ins-title" sx={{ p: 2, borderRadius: 2 }} data-testid="teacher-check-ins">
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
        <Typography id="teacher-check-ins-title" variant="h6" component="h2">
          {t('teacher.checkIns.title')}
        </Typography>
        {waiting !== null && waiting > 0 && (
          <Link component={RouterLink} to="/admin" data-testid="teacher-check-ins-review">
            {t('teacher.checkIns.review')}
          </Link>
        )}
      </Stack>
      {waiting === null ? (
        <Skeleton variant="rounded" height={24} sx={{ mt: 1 }} />
      ) : (
        <Typography color={waiting > 0 ? 'text.primary' : 'text.secondary'} sx={{ mt: 1, fontWeight: waiting > 0 ? 700 : 400 }} data-testid="teacher-check-ins-waiting">
          {waiting > 0 ? t('teacher.checkIns.waiting', { count: waiting }) : t('teacher.checkIns.none')}
        </Typography>
      )}
    </Paper>
  );
}
