import { THREAD_ID } from '#protocol/conflict/rules.ts';
import { useCurrentDb } from './current.ts';
import { useLiveData } from './live-data.ts';

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
