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

/** The coach's messages after the client's read mark. */
export function unreadOf({ messages, thread }: Pick<ThreadOnDevice, 'messages' | 'thread'>): number {
  const mark = thread.clientReadUpTo === null ? -Infinity : Date.parse(thread.clientReadUpTo);
  return messages.filter((m) => m.from === 'coach' && Date.parse(m.sentAt) > mark).length;
}
