/**
 * Read marks of message threads on SQLite (issue 22): one row per client, keyed by the client.
 * Its own repository because the generic one keys rows by a client id unique across users, where
 * every client's thread row has the same key on their devices (THREAD_ID).
 */
import { and, eq, gt } from 'drizzle-orm';
import { applyReadMark, THREAD_ID, type MessageThread } from '#protocol/conflict/rules.ts';
import type { TableStorage } from '#protocol/mutations/storage.ts';
import type { AppDatabase } from '../db/client.ts';
import { messageThreads } from '../db/schema/index.ts';
import { p } from './queries.ts';
import type { SyncedTableRepository, VersionedRow } from './synced-tables.ts';
import type { SyncVersions } from './sync-versions.ts';

type ThreadRow = typeof messageThreads.$inferSelect;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const ms = (instant: string | null) => (instant === null ? null : Date.parse(instant));

export const toMessageThread = (row: ThreadRow): MessageThread => ({ id: THREAD_ID, clientReadUpTo: iso(row.clientReadUpTo), coachReadUpTo: iso(row.coachReadUpTo) });

/** `threadChanged(clientId)`: as for messages, so a coach's open page sees the client's read receipt. */
export function createMessageThreads({ db }: AppDatabase, versions: SyncVersions, threadChanged: (clientId: string) => void = () => {}) {
  const byUser = db.select().from(messageThreads).where(eq(messageThreads.userId, p('userId'))).prepare();
  const changedAfter = db
    .select()
    .from(messageThreads)
    .where(and(eq(messageThreads.userId, p('userId')), gt(messageThreads.version, p('cursor'))))
    .limit(p('limit'))
    .prepare();

  const find = (userId: string): MessageThread | undefined => {
    const row = byUser.get({ userId });
    return row && toMessageThread(row);
  };
  const write = (userId: string, thread: MessageThread) => {
    const columns = { clientReadUpTo: ms(thread.clientReadUpTo), coachReadUpTo: ms(thread.coachReadUpTo), version: versions.bump(userId) };
    db.insert(messageThreads)
      .values({ userId, ...columns })
      .onConflictDoUpdate({ target: messageThreads.userId, set: columns })
      .run();
    threadChanged(userId);
  };

  return {
    storageFor(userId: string): TableStorage<MessageThread> {
      return {
        get: (key) => (key === THREAD_ID ? find(userId) : undefined),
        insert: (thread) => {
          if (thread.id !== THREAD_ID) return 'taken';
          if (find(userId)) return 'exists';
          write(userId, thread);
          return 'inserted';
        },
        put: (thread) => {
          if (thread.id === THREAD_ID) write(userId, thread);
        },
      };
    },

    changedAfter: (userId: string, cursor: number, limit: number): VersionedRow<MessageThread>[] =>
      changedAfter.all({ userId, cursor, limit }).map((row) => ({ version: row.version, row: toMessageThread(row) })),

    find: (userId: string): MessageThread => find(userId) ?? { id: THREAD_ID, clientReadUpTo: null, coachReadUpTo: null },

    /** The coach side has read the client's thread up to `upTo`; a mark behind the stored one changes nothing. */
    markCoachRead(userId: string, upTo: string): void {
      const outcome = applyReadMark(find(userId), 'coach', upTo);
      if (outcome.ok && outcome.changed) write(userId, outcome.row);
    },
  } satisfies SyncedTableRepository<MessageThread> & Record<string, unknown>;
}

export type MessageThreads = ReturnType<typeof createMessageThreads>;
