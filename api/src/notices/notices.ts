/**
 * The notices waiting to be sent (issue 50, ADR 032 "Scheduled in the database"). A notice is a
 * row, made once per (person, kind, key); every instance's scheduler claims the due ones with a
 * lease in a short transaction of its own, so each is handled by one instance at a time: on
 * PostgreSQL the rows being claimed are locked and another instance passes them by (SKIP LOCKED),
 * on SQLite the one writer does the same. A claim whose instance died runs out and the notice is
 * claimed again; one past its usefulness (a reminder found late after a restart) is skipped.
 */
import { uuidv7 } from '#protocol/ids.ts';
import type { SqlDatabase } from '../db/sql/port.ts';

export interface NewNotice {
  userId: string;
  kind: string;
  key: string;
  dueAt: number;
  /** Past this instant it is skipped rather than sent; null: sent however late. */
  notAfter: number | null;
  payload: string;
}

export interface ClaimedNotice extends NewNotice {
  id: string;
  /** This claim's try: 1 the first time. */
  attempt: number;
  /** Where an earlier try already sent it (`email`, push endpoints' digests): not sent there again. */
  sentTo: string[];
}

interface Row {
  id: string;
  user_id: string;
  kind: string;
  key: string;
  due_at: number;
  not_after: number | null;
  payload: string;
  attempts: number;
  sent_to: string;
}

/**
 * How long a message's notice waits before it is sent: a thread open on the reader's screen marks
 * the message read within it (the page pulls on the poke and sends its read receipt), and a
 * message already read is not pushed. A few seconds later than at once, and no buzz in the hand
 * of someone reading the thread.
 */
export const MESSAGE_NOTICE_DELAY_MS = 10_000;

/**
 * Leases the next due notices, and marks skipped those found past their usefulness, in one
 * statement that returns them all; on PostgreSQL the rows it picks are locked, and another
 * instance's claim passes them by. Exported for its bench's bare run.
 */
export const claimDueStatement = (dialect: SqlDatabase['dialect']) => `UPDATE notices SET
    done_at = CASE WHEN not_after < ? THEN ? ELSE done_at END,
    skipped = CASE WHEN not_after < ? THEN 1 ELSE skipped END,
    claimed_until = CASE WHEN not_after < ? THEN claimed_until ELSE ? END,
    attempts = CASE WHEN not_after < ? THEN attempts ELSE attempts + 1 END
  WHERE id IN (
    SELECT id FROM notices WHERE done_at IS NULL AND due_at <= ? AND (claimed_until IS NULL OR claimed_until <= ?)
    ORDER BY due_at, id LIMIT ?${dialect === 'postgres' ? ' FOR UPDATE SKIP LOCKED' : ''})
  RETURNING id, user_id, kind, key, due_at, not_after, payload, attempts, sent_to`;

/** `claimDueStatement`'s parameters at `at`. */
export const claimDueParams = (at: number, leaseMs: number, limit: number) => [at, at, at, at, at + leaseMs, at, at, at, limit];

export function createNotices(db: SqlDatabase, now: () => number) {
  const claimSql = claimDueStatement(db.dialect);
  return {
    /** Makes the notice unless one of that kind and key exists for the person; true when made. */
    async schedule(notice: NewNotice): Promise<boolean> {
      const { changes } = await db.run('INSERT INTO notices (id, user_id, kind, key, due_at, not_after, payload) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (user_id, kind, key) DO NOTHING', [
        uuidv7(now()),
        notice.userId,
        notice.kind,
        notice.key,
        notice.dueAt,
        notice.notAfter,
        notice.payload,
      ]);
      return changes === 1;
    },

    /**
     * Claims up to `limit` due notices for `leaseMs`, oldest first; those found too late are marked
     * skipped instead. One statement, its own transaction: finding and claiming 10,000 due notices
     * a hundred at a time takes about 75 ms on SQLite here (bench/notices.bench.ts).
     */
    async claimDue(limit: number, leaseMs: number): Promise<ClaimedNotice[]> {
      const at = now();
      const rows = await db.all<Row>(claimSql, claimDueParams(at, leaseMs, limit));
      return rows
        .filter((row) => row.not_after === null || row.not_after >= at)
        .sort((a, b) => a.due_at - b.due_at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
        .map((row) => ({ id: row.id, userId: row.user_id, kind: row.kind, key: row.key, dueAt: row.due_at, notAfter: row.not_after, payload: row.payload, attempt: row.attempts, sentTo: JSON.parse(row.sent_to) as string[] }));
    },

    /** The notice went out (to every device and address it had). */
    async markSent(id: string): Promise<void> {
      await db.run('UPDATE notices SET done_at = ?, claimed_until = NULL WHERE id = ?', [now(), id]);
    },

    /** Not sent, and not to be: the person turned that notice off, or no longer has an account. */
    async markSkipped(id: string): Promise<void> {
      await db.run('UPDATE notices SET done_at = ?, skipped = 1, claimed_until = NULL WHERE id = ?', [now(), id]);
    },

    /** Not sent (everywhere) this time: due again at `retryAt`, for whichever instance claims it then; `sentTo`, where it did go. */
    async retryAt(id: string, retryAt: number, sentTo?: string[]): Promise<void> {
      if (sentTo) await db.run('UPDATE notices SET claimed_until = NULL, due_at = ?, sent_to = ? WHERE id = ? AND done_at IS NULL', [retryAt, JSON.stringify(sentTo), id]);
      else await db.run('UPDATE notices SET claimed_until = NULL, due_at = ? WHERE id = ? AND done_at IS NULL', [retryAt, id]);
    },
  };
}

export type Notices = ReturnType<typeof createNotices>;
