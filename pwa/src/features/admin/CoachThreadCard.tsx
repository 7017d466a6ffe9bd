import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { MESSAGE_DELETE_WINDOW_MS } from '#protocol/conflict/rules.ts';
import type { CoachMessage } from '#protocol/contract/messages.ts';
import { uuidv7 } from '#protocol/ids.ts';
import { MESSAGE_MAX } from '#protocol/mutations/fields.ts';
import { FeatureMessages } from '#pwa/components/FeatureMessages.tsx';
import { featureCatalog } from '#pwa/i18n/messages.ts';
import { Linkified } from '#pwa/components/Linkified.tsx';
import { ThreadPhoto } from '#pwa/components/ThreadPhoto.tsx';
import { MessageComposer } from '#pwa/components/MessageComposer.tsx';
import { ApiRequestError } from '#pwa/lib/api.ts';
import type { EncodedPhoto } from '#pwa/lib/encode-photo.ts';
import { showToast } from '#pwa/lib/toast.ts';
import { useNow } from '#pwa/lib/use-now.ts';
import { usePhotoChooser } from '#pwa/lib/use-photo-chooser.ts';
import { coachApi } from './admin-api.ts';
import { failureText } from './feedback.ts';
import { LoadError } from './LoadError.tsx';
import { sendWithPhoto } from './thread-photo-api.ts';
import { ThreadPhotoPicker } from './ThreadPhotoPicker.tsx';
import { useCoachThread } from './use-coach-thread.ts';

/** The photos in a client's thread (issue 22), loaded with this card, not with the panel (whose own code is at its budget). */
const loadThreadPhotoMessages = featureCatalog({
  'pt-BR': () => import('./i18n/thread-photos/pt-BR.json'),
  'es-AR': () => import('./i18n/thread-photos/es-AR.json'),
  'en-US': () => import('./i18n/thread-photos/en-US.json'),
});

/** A photo in the thread (issue 22), the client's or a coach's: its thumbnail opening full size, or a note while its files are on their way. */
function BubblePhoto({ photoId, stored, name }: { photoId: string; stored: boolean; name: string }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id }, { name });
  if (!stored) return <Typography variant="caption" component="p" sx={{ fontStyle: 'italic' }}>{t('admin.threadPhoto.onItsWay')}</Typography>;
  return <ThreadPhoto photoId={photoId} labels={{ alt: t('admin.threadPhoto.alt'), open: t('admin.threadPhoto.open'), unavailable: t('admin.threadPhoto.unavailable'), close: t('admin.threadPhoto.close') }} />;
}

function Bubble({ message, clientName, seen, onDelete }: { message: CoachMessage; clientName: string; seen: boolean; onDelete?: () => void }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const coach = message.from === 'coach';
  const time = intl.formatDate(message.sentAt, { dateStyle: 'short', timeStyle: 'short' });
  return (
    <Box component="li" sx={{ display: 'flex', justifyContent: coach ? 'flex-end' : 'flex-start' }} data-testid="coach-message" data-from={message.from} data-mine={message.mine || undefined} data-seen={(coach && seen) || undefined}>
      <Box sx={{ maxWidth: '85%', minWidth: 0 }}>
        <Paper
          variant="outlined"
          sx={{ px: 1.5, py: 1, borderRadius: 2, bgcolor: message.mine ? 'primary.main' : 'background.paper', color: message.mine ? 'primary.contrastText' : 'text.primary' }}
        >
          <Typography variant="caption" component="p" sx={{ fontWeight: 600, opacity: 0.9 }}>
            {coach ? message.senderName : clientName}
          </Typography>
          {message.deleted ? (
            <Typography sx={{ fontStyle: 'italic' }}>{t('admin.messages.thread.deleted')}</Typography>
          ) : (
            <>
              {message.photoId && <BubblePhoto photoId={message.photoId} stored={message.photoStored} name={coach ? (message.senderName ?? '') : clientName} />}
              {message.body !== '' && (
                <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  <Linkified text={message.body} />
                </Typography>
              )}
            </>
          )}
        </Paper>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: coach ? 'flex-end' : 'flex-start', gap: 0.5 }}>
          <Typography variant="caption" color="text.secondary">
            {coach && seen ? `${time} · ${t('admin.messages.thread.seen')}` : time}
          </Typography>
          {onDelete && (
            <IconButton size="small" aria-label={t('admin.messages.thread.delete')} onClick={onDelete} data-testid="coach-message-delete">
              <DeleteIcon fontSize="small" />
            </IconButton>
          )}
        </Stack>
      </Box>
    </Box>
  );
}

/**
 * A client's thread in their detail (issue 22): the coach reads it (which is the client's read
 * receipt), answers, with a photo if they like, and takes their own answer back within five
 * minutes. Online, like the panel.
 */
export function CoachThreadCard(props: { clientId: string; clientName: string; onRead: () => void }) {
  return (
    <FeatureMessages load={loadThreadPhotoMessages} fallback={<Skeleton variant="rounded" height={160} />}>
      <Thread {...props} />
    </FeatureMessages>
  );
}

function Thread({ clientId, clientName, onRead }: { clientId: string; clientName: string; onRead: () => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const thread = useCoachThread(clientId);
  // Ticks so an answer's delete button goes when its five minutes are over.
  const now = useNow(15_000);
  const { messages, marks, setMarks } = thread;
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  // The photo chosen for the answer, re-encoded here (no EXIF, no GPS), and its preview.
  const [photo, setPhoto] = useState<{ encoded: EncodedPhoto; preview: string } | null>(null);
  useEffect(() => (photo ? () => URL.revokeObjectURL(photo.preview) : undefined), [photo]);
  const { preparing, choose } = usePhotoChooser(
    (encoded) => setPhoto({ encoded, preview: URL.createObjectURL(new Blob([encoded.thumbnail], { type: encoded.contentType })) }),
    (failure) => showToast({ severity: 'error', title: t(`admin.threadPhoto.${failure}`) }),
  );
  // One id per text and photo: a resend after a lost answer is the same message, not a second one.
  const draft = useRef<{ id: string; body: string; photo: EncodedPhoto | null } | null>(null);
  const list = useRef<HTMLOListElement | null>(null);
  const newestId = messages?.at(-1)?.id;
  // The newest message in view as it arrives (not when an older page is added above).
  useEffect(() => {
    if (newestId && list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [newestId]);

  const newestFromClient = messages?.filter((m) => m.from === 'client').at(-1);
  const readUpTo = marks?.coachReadUpTo ? Date.parse(marks.coachReadUpTo) : -Infinity;
  const markUpTo = newestFromClient && Date.parse(newestFromClient.sentAt) > readUpTo ? newestFromClient.sentAt : null;
  const readNotice = useRef(onRead);
  readNotice.current = onRead;
  useEffect(() => {
    if (!markUpTo || document.visibilityState !== 'visible') return;
    coachApi
      .markRead(clientId, markUpTo)
      .then(({ thread: marked }) => {
        setMarks(marked);
        readNotice.current();
      })
      .catch((error: unknown) => console.error('coach-thread.read', error));
  }, [clientId, markUpTo, setMarks]);

  const trimmed = text.trim();
  const tooLong = trimmed.length > MESSAGE_MAX;
  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (sending || preparing || (trimmed === '' && !photo) || tooLong) return;
    const attached = photo?.encoded ?? null;
    if (draft.current?.body !== trimmed || draft.current.photo !== attached) draft.current = { id: uuidv7(), body: trimmed, photo: attached };
    const answer = { id: draft.current.id, body: trimmed };
    setSending(true);
    try {
      const { message } = attached ? await sendWithPhoto(clientId, answer, attached) : await coachApi.send(clientId, answer);
      // A photo sent with the answer arrives whole: it is stored already.
      thread.put({ ...message, mine: true, photoStored: message.photoId !== null });
      draft.current = null;
      setText('');
      setPhoto(null);
    } catch (error) {
      // The client's storage, not the coach's: the card says whose (the server's words are the owner's).
      const description = error instanceof ApiRequestError && error.code === 'PHOTO_QUOTA_EXCEEDED' ? t('admin.threadPhoto.quotaFull', { name: clientName }) : failureText(intl, error);
      showToast({ severity: 'error', title: t('admin.messages.thread.sendFailed'), description });
    } finally {
      setSending(false);
    }
  };
  const remove = async (message: CoachMessage) => {
    try {
      const { message: deleted } = await coachApi.remove(clientId, message.id);
      thread.put({ ...deleted, mine: true, photoStored: false });
      showToast({ severity: 'success', title: t('admin.messages.thread.deletedToast') });
    } catch (error) {
      showToast({ severity: 'error', title: t('admin.messages.thread.deleteFailed'), description: failureText(intl, error) });
    }
  };

  const seenUpTo = marks?.clientReadUpTo ? Date.parse(marks.clientReadUpTo) : -Infinity;
  // Within five minutes of the receipt (the server has the last word).
  const deletable = (message: CoachMessage) => message.mine && !message.deleted && now - Date.parse(message.sentAt) < MESSAGE_DELETE_WINDOW_MS;

  return (
    <Card variant="outlined" component="section" aria-labelledby="coach-thread-title" data-testid="coach-thread">
      <CardContent>
        <Stack sx={{ gap: 2 }}>
          <Typography id="coach-thread-title" variant="h6" component="h3">
            {t('admin.messages.thread.title')}
          </Typography>
          {thread.error ? <LoadError messageId="admin.messages.thread.loadError" error={thread.error} retry={() => void thread.reload()} compact /> : null}
          {thread.hasOlder && (
            <Button size="small" onClick={() => void thread.loadOlder()} sx={{ alignSelf: 'center' }} data-testid="coach-thread-older">
              {t('admin.messages.thread.older')}
            </Button>
          )}
          {messages === null ? (
            !thread.error && <Skeleton variant="rounded" height={120} />
          ) : messages.length === 0 ? (
            <Typography color="text.secondary" data-testid="coach-thread-empty">
              {t('admin.messages.thread.empty')}
            </Typography>
          ) : (
            <Box
              component="ol"
              ref={list}
              aria-label={t('admin.messages.thread.label', { name: clientName })}
              sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 1, maxHeight: 480, overflowY: 'auto' }}
              data-testid="coach-thread-messages"
            >
              {messages.map((message) => (
                <Bubble
                  key={message.id}
                  message={message}
                  clientName={clientName}
                  seen={Date.parse(message.sentAt) <= seenUpTo}
                  onDelete={deletable(message) ? () => void remove(message) : undefined}
                />
              ))}
            </Box>
          )}
          <MessageComposer
            value={text}
            onChange={setText}
            onSubmit={(event) => void send(event)}
            busy={sending || preparing}
            attached={photo !== null}
            attachment={<ThreadPhotoPicker preview={photo?.preview ?? null} preparing={preparing} disabled={sending} onChoose={(event) => void choose(event)} onRemove={() => setPhoto(null)} />}
            label={t('admin.messages.thread.answer')}
            sendLabel={sending ? t('admin.messages.thread.sending') : t('admin.messages.thread.send')}
            tooLongText={(length) => t('admin.messages.thread.tooLong', { max: intl.formatNumber(MESSAGE_MAX), count: intl.formatNumber(length) })}
            testIdPrefix="coach-thread"
          />
        </Stack>
      </CardContent>
    </Card>
  );
}
