/**
 * Read marks of message threads (issue 22): one row per client, keyed by the client. Its own
 * repository because the generic one keys rows by a client id unique across users, where every
 * client's thread row has the same key on their devices (THREAD_ID).
 */
import { applyReadMark, THREAD_ID, type MessageThread } from '#protocol/conflict/rules.ts';
import type { AppDatabase } from '../db/client.ts';
import { messageThreads } from '../db/schema/index.ts';
import { tableRows } from '../db/sql/table-rows.ts';
import { changedAfterQuery } from './queries.ts';
import type { AsyncTableStorage, SyncedTableRepository, VersionedRow } from './synced-tables.ts';
import type { SyncVersions } from './sync-versions.ts';

type ThreadRow = typeof messageThreads.$inferSelect;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const ms = (instant: string | null) => (instant === null ? null : Date.parse(instant));

export const toMessageThread = (row: ThreadRow): MessageThread => ({ id: THREAD_ID, clientReadUpTo: iso(row.clientReadUpTo), coachReadUpTo: iso(row.coachReadUpTo) });

const UPSERT =
  'INSERT INTO message_threads (user_id, client_read_up_to, coach_read_up_to, version) VALUES (?, ?, ?, ?) ' +
  'ON CONFLICT (user_id) DO UPDATE SET client_read_up_to = excluded.client_read_up_to, coach_read_up_to = excluded.coach_read_up_to, version = excluded.version';

/** `threadChanged(clientId)`: as for messages, so a coach's open page sees the client's read receipt. */
export function createMessageThreads({ sql: db }: Pick<AppDatabase, 'sql'>, versions: SyncVersions, threadChanged: (clientId: string) => Promise<void> = async () => {}) {
  const rows = tableRows(messageThreads);
  const changedAfter = changedAfterQuery(db, messageThreads);
  // The coach's mark is read, compared and written in one transaction; on PostgreSQL the row is
  // also locked, so a mark written meanwhile by another instance is not overwritten with an older one.
  const byUser = 'SELECT * FROM message_threads WHERE user_id = ?';
  const byUserLocked = `${byUser}${db.dialect === 'postgres' ? ' FOR UPDATE' : ''}`;

  const find = async (userId: string, sql = byUser): Promise<MessageThread | undefined> => {
    const stored = await db.get<Record<string, unknown>>(sql, [userId]);
    return stored && toMessageThread(rows.decode(stored));
  };
  const write = async (userId: string, thread: MessageThread) => {
    await db.run(UPSERT, [userId, ms(thread.clientReadUpTo), ms(thread.coachReadUpTo), await versions.bump(userId)]);
    await threadChanged(userId);
  };

  return {
    storageFor(userId: string): AsyncTableStorage<MessageThread> {
      return {
        get: async (key) => (key === THREAD_ID ? find(userId) : undefined),
        insert: async (thread) => {
          if (thread.id !== THREAD_ID) return 'taken';
          if (await find(userId)) return 'exists';
          await write(userId, thread);
          return 'inserted';
        },
        put: async (thread) => {
          if (thread.id === THREAD_ID) await write(userId, thread);
        },
      };
    },

    changedAfter: async (userId: string, cursor: number, limit: number): Promise<VersionedRow<MessageThread>[]> =>
      (await changedAfter(userId, cursor, limit)).map((row) => ({ version: row.version, row: toMessageThread(row) })),

    find: async (userId: string): Promise<MessageThread> => (await find(userId)) ?? { id: THREAD_ID, clientReadUpTo: null, coachReadUpTo: null },

    /** The coach side has read the client's thread up to `upTo`; a mark behind the stored one changes nothing. */
    markCoachRead: (userId: string, upTo: string): Promise<void> =>
      db.transaction(async () => {
        const outcome = applyReadMark(await find(userId, byUserLocked), 'coach', upTo);
        if (outcome.ok && outcome.changed) await write(userId, outcome.row);
      }),
  } satisfies SyncedTableRepository<MessageThread> & Record<string, unknown>;
}

export type MessageThreads = ReturnType<typeof createMessageThreads>;
