import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { MESSAGE_DELETE_WINDOW_MS, type Message } from '#protocol/conflict/rules.ts';
import { uuidv7 } from '#protocol/ids.ts';
import { MESSAGE_MAX } from '#protocol/mutations/fields.ts';
import { FeatureMessages } from '#pwa/components/FeatureMessages.tsx';
import { MessageComposer } from '#pwa/components/MessageComposer.tsx';
import { PageHeading } from '#pwa/components/PageHeading.tsx';
import { useThread, type ThreadOnDevice } from '#pwa/db/use-messages.ts';
import { showToast } from '#pwa/lib/toast.ts';
import { useNow } from '#pwa/lib/use-now.ts';
import { write } from '#pwa/sync/user-data.ts';
import { loadChatMessages } from './i18n/messages.ts';
import { Linkified } from '#pwa/components/Linkified.tsx';

/** The newest coach message's receipt, when it is past the client's read mark: what reading the thread marks. */
function unreadUpTo({ messages, thread }: ThreadOnDevice): string | null {
  const newest = messages.filter((m) => m.from === 'coach').at(-1);
  if (!newest) return null;
  return thread.clientReadUpTo === null || Date.parse(newest.sentAt) > Date.parse(thread.clientReadUpTo) ? newest.sentAt : null;
}

function Bubble({ message, state, onDelete }: { message: Message; state: 'waiting' | 'sent' | 'seen' | null; onDelete?: () => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const mine = message.from === 'client';
  const time = intl.formatDate(message.sentAt, { dateStyle: 'short', timeStyle: 'short' });
  return (
    <Box component="li" sx={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start' }} data-testid="chat-message" data-from={message.from} data-state={state ?? undefined}>
      <Box sx={{ maxWidth: '85%' }}>
        <Paper
          variant="outlined"
          sx={{ px: 1.5, py: 1, bgcolor: mine ? 'primary.main' : 'background.paper', color: mine ? 'primary.contrastText' : 'text.primary', borderRadius: 2 }}
        >
          <Typography variant="caption" component="p" sx={{ fontWeight: 600, opacity: 0.9 }}>
            {mine ? t('chat.you') : message.senderName}
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            <Linkified text={message.body} />
          </Typography>
        </Paper>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: mine ? 'flex-end' : 'flex-start', gap: 0.5 }}>
          <Typography variant="caption" color="text.secondary">
            {state === 'waiting' ? t('chat.waiting') : state === 'seen' ? `${time} · ${t('chat.seen')}` : time}
          </Typography>
          {onDelete && (
            <IconButton size="small" aria-label={t('chat.delete')} onClick={onDelete} data-testid="chat-delete">
              <DeleteIcon fontSize="small" />
            </IconButton>
          )}
        </Stack>
      </Box>
    </Box>
  );
}

function Chat() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const thread = useThread();
  // Ticks so a message's delete button goes when its five minutes are over.
  const now = useNow(15_000);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const end = useRef<HTMLDivElement | null>(null);
  const count = thread?.messages.length ?? 0;
  const markUpTo = thread ? unreadUpTo(thread) : null;

  // The newest message in view as it arrives. (Braces: a browser's scrollIntoView may return a
  // promise, which React would take for the effect's cleanup.)
  useEffect(() => {
    void end.current?.scrollIntoView?.({ block: 'end' });
  }, [count]);
  // Reading the thread: the coach sees it as read (a receipt) once this screen has shown their message.
  useEffect(() => {
    if (markUpTo && document.visibilityState === 'visible') void write('messages.read', { upTo: markUpTo }).catch((error: unknown) => console.error('messages.read', error));
  }, [markUpTo]);

  const trimmed = text.trim();
  const tooLong = trimmed.length > MESSAGE_MAX;
  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (sending || trimmed === '' || tooLong) return;
    setSending(true);
    try {
      const now = new Date();
      await write('message.send', { id: uuidv7(now.getTime()), createdAt: now.toISOString(), body: trimmed });
      setText('');
    } catch (error) {
      console.error('message.send', error);
      showToast({ severity: 'error', title: t('chat.failedTitle'), description: t('chat.failedDescription') });
    } finally {
      setSending(false);
    }
  };
  const remove = async (message: Message) => {
    try {
      await write('message.delete', { id: message.id });
      showToast({ severity: 'success', title: t('chat.deletedTitle') });
    } catch (error) {
      console.error('message.delete', error);
      showToast({ severity: 'error', title: t('chat.failedTitle'), description: t('chat.failedDescription') });
    }
  };

  const seenUpTo = thread?.thread.coachReadUpTo ? Date.parse(thread.thread.coachReadUpTo) : -Infinity;
  const stateOf = (message: Message) =>
    message.from !== 'client' ? null : thread?.pending.has(message.id) ? 'waiting' : Date.parse(message.sentAt) <= seenUpTo ? 'seen' : 'sent';
  // Within five minutes of the receipt the sender may take it back (the server has the last word).
  const deletable = (message: Message) => message.from === 'client' && now - Date.parse(message.sentAt) < MESSAGE_DELETE_WINDOW_MS;

  return (
    <Stack sx={{ gap: 2 }}>
      <PageHeading titleId="chat.title" />
      <Typography color="text.secondary">{t('chat.intro')}</Typography>
      {thread === undefined ? (
        <Skeleton variant="rounded" height={160} aria-label={t('chat.loading')} />
      ) : thread.messages.length === 0 ? (
        <Typography color="text.secondary" data-testid="chat-empty">
          {t('chat.empty')}
        </Typography>
      ) : (
        <Box component="ol" aria-label={t('chat.thread')} sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 1 }} data-testid="chat-thread">
          {thread.messages.map((message) => (
            <Bubble key={message.id} message={message} state={stateOf(message)} onDelete={deletable(message) ? () => void remove(message) : undefined} />
          ))}
        </Box>
      )}
      <div ref={end} />
      <MessageComposer
        value={text}
        onChange={setText}
        onSubmit={(event) => void send(event)}
        busy={sending}
        label={t('chat.label')}
        sendLabel={t('chat.send')}
        tooLongText={(length) => t('chat.tooLong', { max: intl.formatNumber(MESSAGE_MAX), count: intl.formatNumber(length) })}
        testIdPrefix="chat"
      />
    </Stack>
  );
}

/** /messages (issue 22): the client's thread with their coaching team, from this device first (offline too). */
export function MessagesScreen() {
  return (
    <FeatureMessages load={loadChatMessages}>
      <Chat />
    </FeatureMessages>
  );
}
