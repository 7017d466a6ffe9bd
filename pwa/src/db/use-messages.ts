import { THREAD_ID, type Message, type MessageThread } from '#protocol/conflict/rules.ts';
import { useCurrentDb } from './current.ts';
import { useLiveData } from './live-data.ts';

export interface ThreadOnDevice {
  /** Oldest first, deleted ones left out. */
  messages: Message[];
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
    return { messages: messages.filter((m) => !m.deleted), pending, thread: thread ?? NO_MARKS };
  }, [db]);
}

/**
 * How many of the coach's messages are past the client's read mark (issue 22), for the header on
 * every screen: read through the `sentAt` index from the mark on, so a long thread is not read
 * whole, and the outbox not at all, each time anything changes.
 */
export function useUnreadMessages(): number {
  const db = useCurrentDb();
  return (
    useLiveData(async () => {
      if (!db) return 0;
      const mark = (await db.synced('messageThreads').get(THREAD_ID))?.clientReadUpTo ?? '';
      return db.synced('messages').where('sentAt').above(mark).filter((m) => m.from === 'coach' && !m.deleted).count();
    }, [db]) ?? 0
  );
}
