import { Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import PhotoCameraIcon from '@mui/icons-material/PhotoCameraOutlined';
import PhotoLibraryIcon from '@mui/icons-material/PhotoLibraryOutlined';
import { MESSAGE_DELETE_WINDOW_MS, type Message } from '#protocol/conflict/rules.ts';
import { uuidv7 } from '#protocol/ids.ts';
import { MESSAGE_MAX } from '#protocol/mutations/fields.ts';
import { FeatureMessages } from '#pwa/components/FeatureMessages.tsx';
import { MessageComposer } from '#pwa/components/MessageComposer.tsx';
import { PageHeading } from '#pwa/components/PageHeading.tsx';
import { ThreadPhoto } from '#pwa/components/ThreadPhoto.tsx';
import { useThread, type MessagePhotoState, type ThreadOnDevice } from '#pwa/db/use-thread.ts';
import type { EncodedPhoto } from '#pwa/lib/encode-photo.ts';
import { usePhotoChooser } from '#pwa/lib/use-photo-chooser.ts';
import { showToast } from '#pwa/lib/toast.ts';
import { useNow } from '#pwa/lib/use-now.ts';
import { write, writePhoto } from '#pwa/sync/user-data.ts';
import { loadChatMessages } from './i18n/messages.ts';
import { Linkified } from '#pwa/components/Linkified.tsx';
import { lazyPart } from '#pwa/components/LazyPart.tsx';

// Shown once, after a first message: loaded then, not with the thread.
const PushOffer = lazyPart(() => import('#pwa/notices/PushOffer.tsx').then((m) => m.PushOffer));

/** The newest coach message's receipt, when it is past the client's read mark: what reading the thread marks. */
function unreadUpTo({ messages, thread }: ThreadOnDevice): string | null {
  const newest = messages.filter((m) => m.from === 'coach').at(-1);
  if (!newest) return null;
  return thread.clientReadUpTo === null || Date.parse(newest.sentAt) > Date.parse(thread.clientReadUpTo) ? newest.sentAt : null;
}

/** A message's photo: its thumbnail (this device's copy first), opening full size, and whether it has left the device. */
function BubblePhoto({ photoId, state, pending }: { photoId: string; state: MessagePhotoState | undefined; pending: boolean }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const note = state?.failure ? t('chat.photoNotSent') : !pending && state && !state.stored ? t('chat.photoWaiting') : null;
  return (
    <>
      <ThreadPhoto photoId={photoId} labels={{ alt: t('chat.photoAlt'), open: t('chat.openPhoto'), unavailable: t('chat.photoUnavailable'), close: t('chat.close') }} />
      {note && (
        <Typography variant="caption" component="p" sx={{ fontWeight: state?.failure ? 600 : undefined }} data-testid="chat-photo-state">
          {note}
        </Typography>
      )}
    </>
  );
}

function Bubble({ message, state, photo, onDelete }: { message: Message; state: 'waiting' | 'sent' | 'seen' | null; photo?: MessagePhotoState; onDelete?: () => void }) {
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
          {message.photoId && <BubblePhoto photoId={message.photoId} state={photo} pending={state === 'waiting'} />}
          {message.body !== '' && (
            <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              <Linkified text={message.body} />
            </Typography>
          )}
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
  // After a first message to the coach, the app offers to bring the answer with the app closed (issue 50).
  const [firstSent, setFirstSent] = useState(false);
  // The photo chosen for the next message, re-encoded here (no EXIF, no GPS), and its preview.
  const [photo, setPhoto] = useState<{ encoded: EncodedPhoto; preview: string } | null>(null);
  const end = useRef<HTMLDivElement | null>(null);
  // The file inputs the two buttons open (hidden: inside a button they would nest controls).
  const pickers = useRef<Record<'camera' | 'gallery', HTMLInputElement | null>>({ camera: null, gallery: null });
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

  useEffect(() => (photo ? () => URL.revokeObjectURL(photo.preview) : undefined), [photo]);

  const { preparing, choose } = usePhotoChooser(
    (encoded) => setPhoto({ encoded, preview: URL.createObjectURL(new Blob([encoded.thumbnail], { type: encoded.contentType })) }),
    (failure) =>
      showToast(
        failure === 'unreadable'
          ? { severity: 'error', title: t('chat.unreadableTitle'), description: t('chat.unreadableDescription') }
          : { severity: 'error', title: t('chat.photoFailedTitle'), description: t('chat.photoFailedDescription') },
      ),
  );

  const trimmed = text.trim();
  const tooLong = trimmed.length > MESSAGE_MAX;
  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (sending || preparing || (trimmed === '' && !photo) || tooLong) return;
    setSending(true);
    try {
      const now = new Date();
      const args = { id: uuidv7(now.getTime()), createdAt: now.toISOString(), body: trimmed };
      if (photo) {
        const { encoded } = photo;
        const attached = { id: uuidv7(now.getTime()), contentType: encoded.contentType, bytes: encoded.image.byteLength, thumbnailBytes: encoded.thumbnail.byteLength, width: encoded.width, height: encoded.height };
        await writePhoto({ name: 'message.send', args: { ...args, photo: attached } }, { image: encoded.image, thumbnail: encoded.thumbnail });
      } else await write('message.send', args);
      if (!thread?.messages.some((message) => message.from === 'client')) setFirstSent(true);
      setText('');
      setPhoto(null);
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
        <Skeleton variant="rounded" height={160} role="status" aria-label={t('chat.loading')} />
      ) : thread.messages.length === 0 ? (
        <Typography color="text.secondary" data-testid="chat-empty">
          {t('chat.empty')}
        </Typography>
      ) : (
        <Box component="ol" aria-label={t('chat.thread')} sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 1 }} data-testid="chat-thread">
          {thread.messages.map((message) => (
            <Bubble
              key={message.id}
              message={message}
              state={stateOf(message)}
              photo={message.photoId ? thread.photos.get(message.photoId) : undefined}
              onDelete={deletable(message) ? () => void remove(message) : undefined}
            />
          ))}
        </Box>
      )}
      <div ref={end} />
      {firstSent && (
        <Suspense fallback={null}>
          <PushOffer moment="afterMessage" />
        </Suspense>
      )}
      <MessageComposer
        value={text}
        onChange={setText}
        onSubmit={(event) => void send(event)}
        busy={sending || preparing}
        attached={photo !== null}
        attachment={
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            {(['camera', 'gallery'] as const).map((source) => (
              <Button
                key={source}
                size="small"
                variant="outlined"
                startIcon={source === 'camera' ? <PhotoCameraIcon /> : <PhotoLibraryIcon />}
                disabled={sending || preparing}
                onClick={() => pickers.current[source]?.click()}
                data-testid={source === 'camera' ? 'chat-take-photo' : 'chat-choose-photo'}
              >
                {t(source === 'camera' ? 'chat.attachCamera' : 'chat.attachGallery')}
              </Button>
            ))}
            {/* `capture` opens the back camera at once; without it the gallery can be picked from. */}
            {(['camera', 'gallery'] as const).map((source) => (
              <input
                key={source}
                ref={(input) => void (pickers.current[source] = input)}
                type="file"
                accept="image/*"
                {...(source === 'camera' ? { capture: 'environment' } : {})}
                hidden
                onChange={(event) => void choose(event)}
                data-testid={source === 'camera' ? 'chat-camera-input' : 'chat-gallery-input'}
              />
            ))}
            {preparing && <CircularProgress size={20} aria-label={t('chat.preparingPhoto')} />}
            {photo && (
              <Box sx={{ position: 'relative' }}>
                <Box component="img" src={photo.preview} alt={t('chat.attachedAlt')} sx={{ display: 'block', height: 56, borderRadius: 1 }} />
                <IconButton size="small" aria-label={t('chat.removePhoto')} onClick={() => setPhoto(null)} sx={{ position: 'absolute', top: -12, right: -12, bgcolor: 'background.paper' }} data-testid="chat-remove-photo">
                  <CloseIcon fontSize="small" />
                </IconButton>
              </Box>
            )}
          </Stack>
        }
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
