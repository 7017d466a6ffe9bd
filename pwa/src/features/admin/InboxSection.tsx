import { useState } from 'react';
import { useIntl } from 'react-intl';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CoachThreadSummary } from '#protocol/contract/messages.ts';
import { LoadError } from './LoadError.tsx';

/** Threads shown before "Show all": the unread ones come first, so these are the ones to answer. */
const FIRST_THREADS = 5;

function ThreadRow({ thread, selected, onOpen }: { thread: CoachThreadSummary; selected: boolean; onOpen: () => void }) {
  const intl = useIntl();
  const { lastMessage } = thread;
  // A message that is only a photo (issue 22) says so.
  const body = lastMessage.body || (lastMessage.photoId ? intl.formatMessage({ id: 'admin.messages.inbox.photo' }) : '');
  const text = lastMessage.deleted ? intl.formatMessage({ id: 'admin.messages.inbox.deleted' }) : lastMessage.from === 'coach' ? `${lastMessage.senderName ?? ''}: ${body}` : body;
  const unread = thread.unread > 0;
  return (
    // The button in its list item: a list holds items only (axe "list").
    <ListItem disablePadding>
      <ListItemButton selected={selected} onClick={onOpen} sx={{ borderRadius: 1, alignItems: 'flex-start', gap: 1 }} data-testid="admin-inbox-thread" data-unread={thread.unread}>
        <Stack sx={{ minWidth: 0, flex: 1 }}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
            <Typography sx={{ fontWeight: unread ? 700 : 400, overflowWrap: 'anywhere' }}>{thread.clientName}</Typography>
            <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
              {intl.formatDate(lastMessage.sentAt, { dateStyle: 'short', timeStyle: 'short' })}
            </Typography>
          </Stack>
          <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1, alignItems: 'center' }}>
            <Typography variant="body2" color="text.secondary" noWrap sx={{ minWidth: 0, fontStyle: lastMessage.deleted ? 'italic' : undefined }}>
              {text}
            </Typography>
            {unread && (
              <Chip size="small" color="primary" label={intl.formatMessage({ id: 'admin.messages.inbox.unread' }, { count: thread.unread })} sx={{ flexShrink: 0 }} data-testid="admin-inbox-unread" />
            )}
          </Stack>
        </Stack>
      </ListItemButton>
    </ListItem>
  );
}

/**
 * The coach's conversations (issue 22), above the users: unread first, then by the newest message
 * (the server's order). Opening one selects its client, whose detail holds the thread.
 */
export function InboxSection({
  threads,
  error,
  retry,
  selectedId,
  onOpen,
}: {
  threads: CoachThreadSummary[] | null;
  error: unknown;
  retry: () => void;
  selectedId: string | null;
  onOpen: (clientId: string) => void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, number>) => intl.formatMessage({ id }, values);
  const [all, setAll] = useState(false);
  const shown = threads && !all ? threads.slice(0, FIRST_THREADS) : threads;
  return (
    <Card variant="outlined" component="section" aria-labelledby="admin-inbox-title" sx={{ mb: 2 }} data-testid="admin-inbox">
      <CardContent>
        <Typography id="admin-inbox-title" variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('admin.messages.inbox.title')}
        </Typography>
        {error && !threads ? (
          <LoadError messageId="admin.messages.inbox.loadError" error={error} retry={retry} compact />
        ) : !shown ? (
          <Skeleton variant="rounded" height={72} />
        ) : shown.length === 0 ? (
          <Typography color="text.secondary" data-testid="admin-inbox-empty">
            {t('admin.messages.inbox.empty')}
          </Typography>
        ) : (
          <List dense disablePadding aria-label={t('admin.messages.inbox.label')}>
            {shown.map((thread) => (
              <ThreadRow key={thread.clientId} thread={thread} selected={thread.clientId === selectedId} onOpen={() => onOpen(thread.clientId)} />
            ))}
          </List>
        )}
        {threads && threads.length > FIRST_THREADS && (
          <Button size="small" onClick={() => setAll(!all)} sx={{ mt: 1 }}>
            {all ? t('admin.messages.inbox.showFewer') : t('admin.messages.inbox.showAll', { count: threads.length })}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
