/**
 * The coach's side of the clients' threads (issue 22): which threads a coach may open (their own
 * students; admins every client), the list with unread first, and the writes a coach makes.
 */
import { applyMessageDelete, applyMessagePhotoDelete, type Message, type MessageThread } from '#protocol/conflict/rules.ts';
import { notAfter } from '#protocol/mutations/instants.ts';
import type { CoachThreadPage, CoachThreadSummary } from '#protocol/contract/messages.ts';
import { DomainError } from '#protocol/errors.ts';
import { uuidv7 } from '#protocol/ids.ts';
import type { PhotoType } from '#protocol/mutations/fields.ts';
import { refuseWhenLimited, type RateLimiter } from '../auth/rate-limit.ts';
import type { GroupCommit } from '../db/group-commit.ts';
import { messages as messagesTable } from '../db/schema/index.ts';
import type { SqlDatabase } from '../db/sql/port.ts';
import { tableRows } from '../db/sql/table-rows.ts';
import type { MessageThreads } from '../repositories/message-threads.ts';
import type { Messages } from '../repositories/messages.ts';
import { toMessage } from '../repositories/messages.ts';
import type { ProgressPhotos } from '../repositories/progress-photos.ts';
import type { PhotoFiles } from './photo-files.ts';
import { MESSAGE_NOTICE_DELAY_MS, type Notices } from '../notices/notices.ts';

export interface Coach {
  id: string;
  role: 'teacher' | 'admin' | 'user';
}

/** A photo a coach's browser re-encoded (issue 22), its fields and bytes already checked (http/coach-photo-form.ts). */
export interface CoachPhoto {
  contentType: PhotoType;
  width: number;
  height: number;
  image: Uint8Array;
  thumbnail: Uint8Array;
}

/** Where a coach's photos go: the client's records, files and quota. */
export interface ThreadPhotos {
  records: ProgressPhotos;
  files: PhotoFiles;
}

/** Messages a coach's page shows at a time; older ones load on demand. */
export const THREAD_PAGE_SIZE = 30;
const CURSOR = /^\d{1,16}:[0-9a-f-]{36}$/;

export function createCoachThreads(db: SqlDatabase, messages: Messages, threads: MessageThreads, groupCommit: GroupCommit, messagesPerSender: RateLimiter, photos: ThreadPhotos, notices: Notices) {
  const messageRows = tableRows(messagesTable);
  // Each thread's latest message joined in the same statement: one round trip, not one per thread.
  const listSql = `SELECT l.*, u.name AS client_name,
      (SELECT count(*) FROM messages m WHERE m.user_id = u.id AND m."from" = 'client' AND m.deleted_at IS NULL AND m.sent_at > coalesce(t.coach_read_up_to, 0)) AS unread
    FROM users u LEFT JOIN message_threads t ON t.user_id = u.id
      JOIN messages l ON l.id = (SELECT id FROM messages m WHERE m.user_id = u.id ORDER BY m.sent_at DESC, m.id DESC LIMIT 1)
    WHERE u.role = 'user' AND (? = 'admin' OR u.teacher_id = ?)`;

  const messageById = async (id: string) => {
    const stored = await db.get<Record<string, unknown>>('SELECT * FROM messages WHERE id = ?', [id]);
    return stored && messageRows.decode(stored);
  };
  const photoStored = async (photoId: string, userId: string) =>
    (await db.get<{ stored_at: number | null }>('SELECT stored_at FROM progress_photos WHERE id = ? AND user_id = ? AND deleted_at IS NULL', [photoId, userId]))?.stored_at != null;

  /** The client whose thread `coach` names: 404 when there is no such client, 403 when not theirs. */
  async function clientFor(coach: Coach, clientId: string): Promise<string> {
    const client = await db.get<{ id: string; role: string; teacherId: string | null }>('SELECT id, role, teacher_id AS "teacherId" FROM users WHERE id = ?', [clientId]);
    if (!client || client.role !== 'user') throw new DomainError('NOT_FOUND');
    if (coach.role !== 'admin' && client.teacherId !== coach.id) throw new DomainError('FORBIDDEN');
    return client.id;
  }

  // Signed with the coach's name as it is now: a later change of name leaves past messages as they were.
  const signature = async (coach: Coach) => ({ id: coach.id, name: (await db.get<{ name: string }>('SELECT name FROM users WHERE id = ?', [coach.id]))?.name ?? '' });

  type Written = Awaited<ReturnType<Messages['fromCoach']>>;

  /**
   * Writes a coach's message and, in the same transaction, the notice that tells the client
   * (issue 50): it exists exactly when the message does, once however often the message is resent.
   */
  async function writeAndTell(clientId: string, message: Parameters<Messages['fromCoach']>[1], signed: { id: string; name: string }, alsoStored?: () => Promise<void>): Promise<Written> {
    const sent = await messages.fromCoach(clientId, message, signed);
    if (sent.kind !== 'stored') return sent;
    await alsoStored?.();
    await notices.schedule({ userId: clientId, kind: 'coachMessage', key: message.id, dueAt: message.createdAt + MESSAGE_NOTICE_DELAY_MS, notAfter: null, payload: JSON.stringify({ coach: signed.name, text: message.body }) });
    return sent;
  }

  /** What a write of a coach's message answers; only a new one counts against the sender's limit. */
  async function answered(coach: Coach, result: Written): Promise<{ created: boolean; message: Message }> {
    if (result.kind === 'taken') throw new DomainError('ID_CONFLICT');
    if (result.kind === 'stored') await messagesPerSender.hit(coach.id);
    return { created: result.kind === 'stored', message: result.message };
  }

  return {
    clientFor,

    /** The coach's threads that have messages: unread ones first, then by the latest message. */
    async list(coach: Coach): Promise<CoachThreadSummary[]> {
      const rows = await db.all<Record<string, unknown> & { client_name: string; unread: number }>(listSql, [coach.role, coach.id]);
      const summaries = rows.map((row) => {
        const last = messageRows.decode(row);
        return { clientId: last.userId, clientName: row.client_name, unread: row.unread, lastMessage: toMessage(last) };
      });
      return summaries.sort((a, b) => Number(b.unread > 0) - Number(a.unread > 0) || b.lastMessage.sentAt.localeCompare(a.lastMessage.sentAt));
    },

    async page(coach: Coach, clientId: string, before: string | null): Promise<CoachThreadPage> {
      const id = await clientFor(coach, clientId);
      if (before !== null && !CURSOR.test(before)) throw new DomainError('VALIDATION_FAILED', { fields: [{ field: 'before', key: 'validation.invalidOption' }] });
      const found = await messages.page(id, THREAD_PAGE_SIZE, before);
      const shown: CoachThreadPage['messages'] = [];
      for (const { senderId, ...message } of found.messages) {
        shown.push({ ...message, mine: senderId === coach.id, photoStored: message.photoId !== null && (await photoStored(message.photoId, id)) });
      }
      return { before: found.before, messages: shown, thread: await threads.find(id) };
    },

    /** A coach's message, idempotent by its id (201 when new, 200 for a retry). */
    async send(coach: Coach, clientId: string, message: { id: string; body: string }, now: number): Promise<{ created: boolean; message: Message }> {
      const id = await clientFor(coach, clientId);
      await refuseWhenLimited(messagesPerSender, coach.id);
      const signed = await signature(coach);
      return answered(coach, await groupCommit.run(() => writeAndTell(id, { ...message, createdAt: now }, signed)));
    },

    /**
     * A coach's answer with a photo (issue 22), idempotent by the message's id as a text answer is.
     * The photo is the client's: a message photo in their folder, counted in their quota, so it is
     * exported and erased with their account. Its files are written first, then its record and the
     * message in one transaction; when that refuses or fails the files are erased again, so a
     * refusal leaves nothing behind, and a resend writes nothing.
     */
    async sendWithPhoto(coach: Coach, clientId: string, message: { id: string; body: string }, photo: CoachPhoto, now: number): Promise<{ created: boolean; message: Message }> {
      const id = await clientFor(coach, clientId);
      // A resend (its first answer lost) is answered before the quota and the files: the first photo is in.
      const earlier = await messages.earlierCoachMessage(id, message.id);
      if (earlier) return answered(coach, earlier);
      await refuseWhenLimited(messagesPerSender, coach.id);
      await photos.files.refuseOverQuota(id, photo.image.length + photo.thumbnail.length);
      const signed = await signature(coach);
      const photoId = uuidv7(now);
      const record = { id: photoId, contentType: photo.contentType, bytes: photo.image.length, thumbnailBytes: photo.thumbnail.length, width: photo.width, height: photo.height, createdAt: now };
      let result: Written;
      try {
        await photos.files.write(id, photoId, 'image', photo.image);
        await photos.files.write(id, photoId, 'thumbnail', photo.thumbnail);
        result = await groupCommit.run(() => writeAndTell(id, { ...message, photoId, createdAt: now }, signed, () => photos.records.addStored(id, record)));
      } catch (error) {
        await photos.files.remove(id, photoId);
        throw error;
      }
      if (result.kind !== 'stored') await photos.files.remove(id, photoId);
      return answered(coach, result);
    },

    /** A coach takes back their own message within five minutes; the text, and its photo with its files, go for both sides. */
    async remove(coach: Coach, clientId: string, messageId: string, now: number): Promise<Message> {
      const id = await clientFor(coach, clientId);
      const { row, photoId } = await groupCommit.run(async () => {
        const stored = await messageById(messageId);
        // Only a coach's message, and only its sender's: another coach's is not theirs to take back.
        const current = stored && stored.userId === id && stored.senderId === coach.id ? toMessage(stored) : undefined;
        const outcome = applyMessageDelete(current, 'coach', now);
        if (!outcome.ok) throw new DomainError(outcome.code);
        if (!outcome.changed) return { row: outcome.row, photoId: null };
        await messages.storageFor(id).put(outcome.row);
        const photo = current?.photoId ? applyMessagePhotoDelete((await photos.records.find(id, current.photoId)) ?? undefined) : null;
        if (photo?.ok && photo.changed) await photos.records.storageFor(id).put(photo.row);
        return { row: outcome.row, photoId: current?.photoId ?? null };
      });
      // After the commit, as a client's delete does (routes/sync.ts): the record stays as a tombstone.
      if (photoId) await photos.files.remove(id, photoId);
      return row;
    },

    /** The coaching team has read the thread up to `upTo` (never past now). */
    async markRead(coach: Coach, clientId: string, upTo: string, now: number): Promise<MessageThread> {
      const id = await clientFor(coach, clientId);
      await groupCommit.run(() => threads.markCoachRead(id, notAfter(upTo, now)));
      return threads.find(id);
    },
  };
}

export type CoachThreads = ReturnType<typeof createCoachThreads>;
