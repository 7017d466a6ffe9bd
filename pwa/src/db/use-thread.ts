import { THREAD_ID, type Message, type MessageThread } from '#protocol/conflict/rules.ts';
import type { ErrorCode } from '#protocol/errors.ts';
import { useCurrentDb } from './current.ts';
import { useLiveData } from './live-data.ts';
import { refusedPhotos } from './photo-files.ts';

// Apart from ./use-messages.ts (the header's unread count, on every screen): only /messages loads this.

/** Where a message's photo stands: its files on the server, or refused (storage full) and not sent. */
export interface MessagePhotoState {
  stored: boolean;
  failure: ErrorCode | null;
}

export interface ThreadOnDevice {
  /** Oldest first, deleted ones left out. */
  messages: Message[];
  /** The messages' photos by id (issue 22): whether their files are on the server, or refused (never reading the photos' bytes). */
  photos: ReadonlyMap<string, MessagePhotoState>;
  /** Ids of this device's messages not yet acknowledged by the server. */
  pending: ReadonlySet<string>;
  thread: MessageThread;
}

const NO_MARKS: MessageThread = { id: THREAD_ID, clientReadUpTo: null, coachReadUpTo: null };

/** The client's thread with their coaching team on this device (issue 22), offline too; undefined while loading. */
export function useThread(): ThreadOnDevice | undefined {
  const db = useCurrentDb();
  return useLiveData(async () => {
    if (!db) return undefined;
    const [messages, thread, outbox] = await Promise.all([
      db.synced('messages').orderBy('sentAt').toArray(),
      db.synced('messageThreads').get(THREAD_ID),
      db.outbox.toArray(),
    ]);
    const pending = new Set(outbox.flatMap((m) => (m.name === 'message.send' ? [m.args.id] : [])));
    const shown = messages.filter((m) => !m.deleted);
    const photoIds = shown.flatMap((m) => m.photoId ?? []);
    const [records, refused] = await Promise.all([db.synced('progressPhotos').bulkGet(photoIds), refusedPhotos(db)]);
    const photos = new Map(photoIds.map((id, i) => [id, { stored: records[i]?.stored ?? false, failure: refused.get(id) ?? null }]));
    return { messages: shown, photos, pending, thread: thread ?? NO_MARKS };
  }, [db]);
}
