/**
 * Messages on SQLite (issue 22): the generic owned rows (./owned-rows.ts) for what the client's
 * devices push and pull, and the coach's side: a message written into a client's thread under the
 * coach's name, and the thread read back in pages.
 */
import { and, desc, eq, lt, or } from 'drizzle-orm';
import type { Message } from '#protocol/conflict/rules.ts';
import type { TableStorage } from '#protocol/mutations/storage.ts';
import type { AppDatabase } from '../db/client.ts';
import { messages } from '../db/schema/index.ts';
import { createOwnedRows } from './owned-rows.ts';
import { p } from './queries.ts';
import type { SyncVersions } from './sync-versions.ts';

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

/**
 * `threadChanged(clientId)` is told of every write to a client's thread, so the coaches' open pages
 * hear of it (the client's own pages hear through the sync version, as for any row of theirs).
 */
export function createMessages(database: AppDatabase, versions: SyncVersions, now: () => number, threadChanged: (clientId: string) => void = () => {}) {
  const { db } = database;
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
  const ownerOf = db.select({ userId: messages.userId, from: messages.from }).from(messages).where(eq(messages.id, p('id'))).prepare();
  const pageOf = db
    .select()
    .from(messages)
    .where(and(eq(messages.userId, p('userId')), or(lt(messages.sentAt, p('sentAt')), and(eq(messages.sentAt, p('sentAt')), lt(messages.id, p('id'))))))
    .orderBy(desc(messages.sentAt), desc(messages.id))
    .limit(p('limit'))
    .prepare();

  /** What a coach's message id already names: this thread's coach message (a resend), another's (taken), or nothing yet. */
  const earlierCoachMessage = (userId: string, id: string): { kind: 'exists'; message: Message } | { kind: 'taken' } | null => {
    const holder = ownerOf.get({ id });
    if (!holder) return null;
    const existing = holder.userId === userId && holder.from === 'coach' ? owned.find(userId, id) : undefined;
    return existing ? { kind: 'exists', message: existing } : { kind: 'taken' };
  };

  return {
    ...owned,

    storageFor(userId: string): TableStorage<Message> {
      const storage = owned.storageFor(userId);
      return {
        get: storage.get,
        insert: (message) => {
          const stored = storage.insert(message);
          if (stored === 'inserted') threadChanged(userId);
          return stored;
        },
        put: (message) => {
          storage.put(message);
          threadChanged(userId);
        },
      };
    },

    /**
     * A coach's message into a client's thread, idempotent by its id: the same id again (a retry
     * whose answer was lost) is the message already stored; an id of another thread is refused.
     */
    earlierCoachMessage,

    fromCoach(userId: string, message: { id: string; body: string; createdAt: number; photoId?: string }, coach: { id: string; name: string }): { kind: 'stored' | 'exists'; message: Message } | { kind: 'taken' } {
      // Looked up first, so a resent or refused id stamps no sync version (the caller's transaction
      // keeps the look-up and the insert together).
      const earlier = earlierCoachMessage(userId, message.id);
      if (earlier) return earlier;
      const at = now();
      db.insert(messages)
        .values({
          id: message.id,
          userId,
          from: 'coach',
          senderId: coach.id,
          senderName: coach.name,
          body: message.body,
          photoId: message.photoId ?? null,
          createdAt: Math.min(message.createdAt, at),
          sentAt: at,
          version: versions.bump(userId),
        })
        .run();
      threadChanged(userId);
      return { kind: 'stored', message: owned.find(userId, message.id) as Message };
    },

    /** The thread newest first, `limit` at a time, from before a cursor (`<sentAt ms>:<id>`). */
    page(userId: string, limit: number, before: string | null): MessagePage {
      const [sentAt, id] = before ? [Number(before.split(':')[0]), before.split(':').slice(1).join(':')] : [Number.MAX_SAFE_INTEGER, ''];
      const rows = pageOf.all({ userId, sentAt, id, limit: limit + 1 });
      const shown = rows.slice(0, limit);
      const last = shown.at(-1);
      return { messages: shown.map((row) => ({ ...toMessage(row), senderId: row.senderId })), before: rows.length > limit && last ? `${last.sentAt}:${last.id}` : null };
    },
  };
}

export type Messages = ReturnType<typeof createMessages>;
