/**
 * Messages (issue 22): the generic owned rows (./owned-rows.ts) for what the client's
 * devices push and pull, and the coach's side: a message written into a client's thread under the
 * coach's name, and the thread read back in pages.
 */
import type { Message } from '#protocol/conflict/rules.ts';
import type { AppDatabase } from '../db/client.ts';
import { messages } from '../db/schema/index.ts';
import { tableRows } from '../db/sql/table-rows.ts';
import { createOwnedRows } from './owned-rows.ts';
import type { AsyncTableStorage } from './synced-tables.ts';
import type { SyncVersions } from './sync-versions.ts';
import type { StaffNotices } from '../notices/staff-notices.ts';

type MessageRow = typeof messages.$inferSelect;

export const toMessage = ({ id, from, senderName, body, photoId, createdAt, sentAt, deletedAt }: MessageRow): Message => ({
  id,
  createdAt: new Date(createdAt).toISOString(),
  sentAt: new Date(sentAt).toISOString(),
  from,
  senderName,
  body,
  photoId,
  deleted: deletedAt !== null,
});

/** A page of a thread, newest first, with who sent each, and where the next (older) page starts. */
export interface MessagePage {
  messages: (Message & { senderId: string | null })[];
  /** The cursor of the next older page, or null at the thread's start. */
  before: string | null;
}

// `from` is a keyword in both dialects: quoted.
const OWNER_OF = 'SELECT user_id, "from" FROM messages WHERE id = ?';
const PAGE = 'SELECT * FROM messages WHERE user_id = ? AND (sent_at < ? OR (sent_at = ? AND id < ?)) ORDER BY sent_at DESC, id DESC LIMIT ?';
const INSERT_FROM_COACH =
  `INSERT INTO messages (id, user_id, "from", sender_id, sender_name, body, photo_id, created_at, sent_at, version) VALUES (?, ?, 'coach', ?, ?, ?, ?, ?, ?, ?)`;

/**
 * `threadChanged(clientId)` is told of every write to a client's thread, so the coaches' open pages
 * hear of it (the client's own pages hear through the sync version, as for any row of theirs).
 */
export function createMessages(database: Pick<AppDatabase, 'sql'>, versions: SyncVersions, now: () => number, threadChanged: (clientId: string) => Promise<void> = async () => {}, staffNotices?: StaffNotices) {
  const { sql: db } = database;
  const rows = tableRows(messages);
  const owned = createOwnedRows(database, versions, messages, {
    toRow: toMessage,
    toColumns: ({ createdAt, sentAt, deleted, from, senderName, body, photoId }) => ({
      from,
      senderName,
      body,
      photoId,
      createdAt: Date.parse(createdAt),
      sentAt: Date.parse(sentAt),
      ...(deleted ? { deletedAt: now() } : {}),
    }),
  });

  /** What a coach's message id already names: this thread's coach message (a resend), another's (taken), or nothing yet. */
  const earlierCoachMessage = async (userId: string, id: string): Promise<{ kind: 'exists'; message: Message } | { kind: 'taken' } | null> => {
    const holder = await db.get<{ user_id: string; from: string }>(OWNER_OF, [id]);
    if (!holder) return null;
    const existing = holder.user_id === userId && holder.from === 'coach' ? await owned.find(userId, id) : null;
    return existing ? { kind: 'exists', message: existing } : { kind: 'taken' };
  };

  return {
    ...owned,

    storageFor(userId: string): AsyncTableStorage<Message> {
      const storage = owned.storageFor(userId);
      return {
        get: storage.get,
        insert: async (message) => {
          const stored = await storage.insert(message);
          if (stored === 'inserted') await threadChanged(userId);
          // The client wrote (a coach's message comes through fromCoach): their coaches are told.
          if (stored === 'inserted' && message.from === 'client') await staffNotices?.clientWrote(userId, message);
          return stored;
        },
        put: async (message) => {
          await storage.put(message);
          await threadChanged(userId);
        },
      };
    },

    /**
     * A coach's message into a client's thread, idempotent by its id: the same id again (a retry
     * whose answer was lost) is the message already stored; an id of another thread is refused.
     */
    earlierCoachMessage,

    async fromCoach(
      userId: string,
      message: { id: string; body: string; createdAt: number; photoId?: string },
      coach: { id: string; name: string },
    ): Promise<{ kind: 'stored' | 'exists'; message: Message } | { kind: 'taken' }> {
      // Looked up first, so a resent or refused id stamps no sync version (the caller's transaction
      // keeps the look-up and the insert together).
      const earlier = await earlierCoachMessage(userId, message.id);
      if (earlier) return earlier;
      const at = now();
      const version = await versions.bump(userId);
      await db.run(INSERT_FROM_COACH, [message.id, userId, coach.id, coach.name, message.body, message.photoId ?? null, Math.min(message.createdAt, at), at, version]);
      await threadChanged(userId);
      return { kind: 'stored', message: (await owned.find(userId, message.id)) as Message };
    },

    /** The thread newest first, `limit` at a time, from before a cursor (`<sentAt ms>:<id>`). */
    async page(userId: string, limit: number, before: string | null): Promise<MessagePage> {
      const [sentAt, id] = before ? [Number(before.split(':')[0]), before.split(':').slice(1).join(':')] : [Number.MAX_SAFE_INTEGER, ''];
      const found = (await db.all<Record<string, unknown>>(PAGE, [userId, sentAt, sentAt, id, limit + 1])).map(rows.decode);
      const shown = found.slice(0, limit);
      const last = shown.at(-1);
      return { messages: shown.map((row) => ({ ...toMessage(row), senderId: row.senderId })), before: found.length > limit && last ? `${last.sentAt}:${last.id}` : null };
    },
  };
}

export type Messages = ReturnType<typeof createMessages>;
