/**
 * The coach's side of the weekly check-ins (issue 22, part 2): the queue to review, newest first,
 * each with the client's previous check-in beside it; a review, whose feedback reaches the client
 * as a message in their thread; and the client's check-in day.
 */
import type { CheckIn, Message } from '#protocol/conflict/rules.ts';
import type { CheckInMeasurements, CoachCheckIn } from '#protocol/contract/messages.ts';
import type { StaffProgressPhoto } from '#protocol/contract/staff.ts';
import type { Weekday } from '#protocol/domain/check-ins.ts';
import { DomainError } from '#protocol/errors.ts';
import type { GroupCommit } from '../db/group-commit.ts';
import { checkIns } from '../db/schema/index.ts';
import type { SqlDatabase } from '../db/sql/port.ts';
import { tableRows } from '../db/sql/table-rows.ts';
import { toCheckIn } from '../repositories/check-ins.ts';
import { STAFF_PHOTO_COLUMNS, toStaffPhoto, type StaffPhotoRow } from '../repositories/progress-photos.ts';
import type { SyncVersions } from '../repositories/sync-versions.ts';
import type { Coach, CoachThreads } from './coach-threads.ts';
import type { Reminders } from '../notices/reminders.ts';

const HOUR_MS = 3_600_000;
const WEEK_MS = 7 * 24 * HOUR_MS;

/** Check-ins a queue shows at once: a teacher's week is a few dozen. */
export const CHECK_IN_QUEUE_SIZE = 100;

const checkInRows = tableRows(checkIns);
type Stored = Record<string, unknown>;

export function createCoachCheckIns(db: SqlDatabase, versions: SyncVersions, threads: CoachThreads, groupCommit: GroupCommit, reminders: Reminders) {
  const byId = async (id: string) => {
    const stored = await db.get<Stored>('SELECT * FROM check_ins WHERE id = ?', [id]);
    return stored && checkInRows.decode(stored);
  };

  /** The measurements of a check-in: the latest logged in the week before it, or within the hour after (its form's, saved apart). */
  const measurementsOf = async (userId: string, checkInAt: number): Promise<CheckInMeasurements | null> =>
    (await db.get<CheckInMeasurements>(
      `SELECT waist, hip, chest, arm, thigh, neck, body_fat AS "bodyFat" FROM body_measurements
        WHERE user_id = ? AND deleted_at IS NULL AND created_at > ? AND created_at <= ? ORDER BY created_at DESC LIMIT 1`,
      [userId, checkInAt - WEEK_MS, checkInAt + HOUR_MS],
    )) ?? null;

  /** The progress photos of a check-in's week, taken in the same window as its measurements. */
  const photosOf = async (userId: string, checkInAt: number): Promise<StaffProgressPhoto[]> =>
    (
      await db.all<StaffPhotoRow>(
        `SELECT ${STAFF_PHOTO_COLUMNS} FROM progress_photos WHERE user_id = ? AND kind = 'progress' AND deleted_at IS NULL AND created_at > ? AND created_at <= ? ORDER BY created_at, id`,
        [userId, checkInAt - WEEK_MS, checkInAt + HOUR_MS],
      )
    ).map(toStaffPhoto);

  const withPrevious = async (stored: Stored & { client_name: string }): Promise<CoachCheckIn> => {
    const row = checkInRows.decode(stored);
    const previousRow = await db.get<Stored>(
      'SELECT * FROM check_ins WHERE user_id = ? AND (week < ? OR (week = ? AND created_at < ?)) ORDER BY week DESC, created_at DESC LIMIT 1',
      [row.userId, row.week, row.week, row.createdAt],
    );
    const previous = previousRow && checkInRows.decode(previousRow);
    return {
      clientId: row.userId,
      clientName: stored.client_name,
      checkIn: toCheckIn(row),
      previous: previous ? toCheckIn(previous) : null,
      measurements: await measurementsOf(row.userId, row.createdAt),
      previousMeasurements: previous ? await measurementsOf(row.userId, previous.createdAt) : null,
      photos: await photosOf(row.userId, row.createdAt),
    };
  };

  return {
    /** The coach's clients' check-ins, newest first: those waiting for a review, or every one. */
    async queue(coach: Coach, all: boolean): Promise<CoachCheckIn[]> {
      const rows = await db.all<Stored & { client_name: string }>(
        `SELECT c.*, u.name AS client_name FROM check_ins c JOIN users u ON u.id = c.user_id
          WHERE u.role = 'user' AND (? = 'admin' OR u.teacher_id = ?) AND (? = 1 OR c.reviewed_at IS NULL)
          ORDER BY c.created_at DESC, c.id DESC LIMIT ?`,
        [coach.role, coach.id, all ? 1 : 0, CHECK_IN_QUEUE_SIZE],
      );
      const queue: CoachCheckIn[] = [];
      for (const row of rows) queue.push(await withPrevious(row));
      return queue;
    },

    /**
     * The coach's feedback on a check-in: a message in the client's thread (idempotent by its id,
     * so a retry sends nothing twice) and the check-in marked reviewed, which the client's devices pull.
     */
    async review(coach: Coach, checkInId: string, review: { messageId: string; feedback: string }, now: number): Promise<{ checkIn: CheckIn; message: Message }> {
      const found = await byId(checkInId);
      if (!found) throw new DomainError('NOT_FOUND');
      const clientId = await threads.clientFor(coach, found.userId);
      const { message } = await threads.send(coach, clientId, { id: review.messageId, body: review.feedback }, now);
      // Stamped once: a resent review (its answer lost) changes nothing more.
      await groupCommit.run(async () => {
        if ((await byId(checkInId))?.reviewedAt === null) {
          await db.run('UPDATE check_ins SET reviewed_at = ?, reviewed_by = ?, version = ? WHERE id = ? AND reviewed_at IS NULL', [now, coach.id, await versions.bump(clientId), checkInId]);
        }
      });
      return { checkIn: toCheckIn((await byId(checkInId)) as typeof checkIns.$inferSelect), message };
    },

    /** A teacher's own check-in questions, as they wrote them. */
    async questions(teacherId: string): Promise<string[]> {
      const stored = await db.get<{ questions: string }>('SELECT check_in_questions AS questions FROM users WHERE id = ?', [teacherId]);
      return JSON.parse(stored?.questions ?? '[]') as string[];
    },

    /** Replaces a teacher's questions; every student's devices pull them with the profile, for the next check-in. */
    async setQuestions(teacherId: string, questions: string[], now: number): Promise<string[]> {
      await groupCommit.run(async () => {
        await db.run('UPDATE users SET check_in_questions = ?, updated_at = ? WHERE id = ?', [JSON.stringify(questions), now, teacherId]);
        for (const { id } of await db.all<{ id: string }>("SELECT id FROM users WHERE teacher_id = ? AND role = 'user'", [teacherId])) {
          await db.run('UPDATE users SET version = ? WHERE id = ?', [await versions.bump(id), id]);
        }
      });
      return questions;
    },

    /** Moves a client's check-in day; their devices pull it with the profile, and its reminder follows. */
    async setCheckInDay(coach: Coach, clientId: string, day: Weekday, now: number): Promise<void> {
      const id = await threads.clientFor(coach, clientId);
      await groupCommit.run(async () => {
        await db.run('UPDATE users SET check_in_day = ?, version = ?, updated_at = ? WHERE id = ?', [day, await versions.bump(id), now, id]);
        // The check-in reminder waiting was for the old day.
        await reminders.reschedule(id, ['checkInDay']);
      });
    },
  };
}

export type CoachCheckIns = ReturnType<typeof createCoachCheckIns>;
