/**
 * The coach's side of the clients' threads (issue 22): which threads a coach may open (their own
 * students; admins every client), the list with unread first, and the writes a coach makes.
 */
import type Database from 'better-sqlite3';
import { applyMessageDelete, type Message, type MessageThread } from '#protocol/conflict/rules.ts';
import { notAfter } from '#protocol/mutations/instants.ts';
import type { CoachThreadPage, CoachThreadSummary } from '#protocol/contract/messages.ts';
import { DomainError } from '#protocol/errors.ts';
import { refuseWhenLimited, type RateLimiter } from '../auth/rate-limit.ts';
import type { GroupCommit } from '../db/group-commit.ts';
import type { MessageThreads } from '../repositories/message-threads.ts';
import type { Messages } from '../repositories/messages.ts';
import { toMessage } from '../repositories/messages.ts';

export interface Coach {
  id: string;
  role: 'teacher' | 'admin' | 'user';
}

/** Messages a coach's page shows at a time; older ones load on demand. */
export const THREAD_PAGE_SIZE = 30;
const CURSOR = /^\d{1,16}:[0-9a-f-]{36}$/;

export function createCoachThreads(sqlite: Database.Database, messages: Messages, threads: MessageThreads, groupCommit: GroupCommit, messagesPerSender: RateLimiter) {
  const nameOf = sqlite.prepare<[string], { name: string }>('SELECT name FROM users WHERE id = ?');
  const clientOf = sqlite.prepare<[string], { id: string; role: string; teacherId: string | null }>('SELECT id, role, teacher_id AS teacherId FROM users WHERE id = ?');
  const listOf = sqlite.prepare<[string, string], { clientId: string; clientName: string; unread: number; lastId: string }>(
    `SELECT u.id AS clientId, u.name AS clientName,
        (SELECT count(*) FROM messages m WHERE m.user_id = u.id AND m."from" = 'client' AND m.deleted_at IS NULL AND m.sent_at > coalesce(t.coach_read_up_to, 0)) AS unread,
        (SELECT id FROM messages m WHERE m.user_id = u.id ORDER BY m.sent_at DESC, m.id DESC LIMIT 1) AS lastId
      FROM users u LEFT JOIN message_threads t ON t.user_id = u.id
      WHERE u.role = 'user' AND (? = 'admin' OR u.teacher_id = ?) AND EXISTS (SELECT 1 FROM messages m WHERE m.user_id = u.id)`,
  );
  const rowById = sqlite.prepare<[string], Parameters<typeof toMessage>[0]>(
    'SELECT id, user_id AS userId, "from", sender_id AS senderId, sender_name AS senderName, body, photo_id AS photoId, created_at AS createdAt, sent_at AS sentAt, deleted_at AS deletedAt, version FROM messages WHERE id = ?',
  );

  const photoStored = sqlite.prepare<[string, string], { stored: number }>('SELECT stored_at IS NOT NULL AS stored FROM progress_photos WHERE id = ? AND user_id = ? AND deleted_at IS NULL');

  /** The client whose thread `coach` names: 404 when there is no such client, 403 when not theirs. */
  function clientFor(coach: Coach, clientId: string): string {
    const client = clientOf.get(clientId);
    if (!client || client.role !== 'user') throw new DomainError('NOT_FOUND');
    if (coach.role !== 'admin' && client.teacherId !== coach.id) throw new DomainError('FORBIDDEN');
    return client.id;
  }

  return {
    clientFor,

    /** The coach's threads that have messages: unread ones first, then by the latest message. */
    list(coach: Coach): CoachThreadSummary[] {
      const summaries = listOf.all(coach.role, coach.id).map(({ lastId, ...summary }) => ({ ...summary, lastMessage: toMessage(rowById.get(lastId) as Parameters<typeof toMessage>[0]) }));
      return summaries.sort((a, b) => Number(b.unread > 0) - Number(a.unread > 0) || b.lastMessage.sentAt.localeCompare(a.lastMessage.sentAt));
    },

    page(coach: Coach, clientId: string, before: string | null): CoachThreadPage {
      const id = clientFor(coach, clientId);
      if (before !== null && !CURSOR.test(before)) throw new DomainError('VALIDATION_FAILED', { fields: [{ field: 'before', key: 'validation.invalidOption' }] });
      const found = messages.page(id, THREAD_PAGE_SIZE, before);
      return {
        before: found.before,
        messages: found.messages.map(({ senderId, ...message }) => ({
          ...message,
          mine: senderId === coach.id,
          photoStored: message.photoId !== null && photoStored.get(message.photoId, id)?.stored === 1,
        })),
        thread: threads.find(id),
      };
    },

    /** A coach's message, idempotent by its id (201 when new, 200 for a retry). */
    async send(coach: Coach, clientId: string, message: { id: string; body: string }, now: number): Promise<{ created: boolean; message: Message }> {
      const id = clientFor(coach, clientId);
      refuseWhenLimited(messagesPerSender, coach.id);
      // Signed with the coach's name as it is now: a later change of name leaves past messages as they were.
      const signed = { id: coach.id, name: nameOf.get(coach.id)?.name ?? '' };
      const result = await groupCommit.run(() => messages.fromCoach(id, { ...message, createdAt: now }, signed));
      if (result.kind === 'taken') throw new DomainError('ID_CONFLICT');
      if (result.kind === 'stored') messagesPerSender.hit(coach.id);
      return { created: result.kind === 'stored', message: result.message };
    },

    /** A coach takes back their own message within five minutes; the text goes for both sides. */
    async remove(coach: Coach, clientId: string, messageId: string, now: number): Promise<Message> {
      const id = clientFor(coach, clientId);
      return groupCommit.run(() => {
        const row = rowById.get(messageId);
        // Only a coach's message, and only its sender's: another coach's is not theirs to take back.
        const current = row && row.userId === id && row.senderId === coach.id ? toMessage(row) : undefined;
        const outcome = applyMessageDelete(current, 'coach', now);
        if (!outcome.ok) throw new DomainError(outcome.code);
        if (outcome.changed) messages.storageFor(id).put(outcome.row);
        return outcome.row;
      });
    },

    /** The coaching team has read the thread up to `upTo` (never past now). */
    async markRead(coach: Coach, clientId: string, upTo: string, now: number): Promise<MessageThread> {
      const id = clientFor(coach, clientId);
      await groupCommit.run(() => threads.markCoachRead(id, notAfter(upTo, now)));
      return threads.find(id);
    },
  };
}

export type CoachThreads = ReturnType<typeof createCoachThreads>;
