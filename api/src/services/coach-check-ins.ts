/**
 * The coach's side of the weekly check-ins (issue 22, part 2): the queue to review, newest first,
 * each with the client's previous check-in beside it; a review, whose feedback reaches the client
 * as a message in their thread; and the client's check-in day.
 */
import type Database from 'better-sqlite3';
import type { CheckIn, Message } from '#protocol/conflict/rules.ts';
import type { CheckInMeasurements, CoachCheckIn } from '#protocol/contract/messages.ts';
import type { StaffProgressPhoto } from '#protocol/contract/staff.ts';
import type { Weekday } from '#protocol/domain/check-ins.ts';
import { DomainError } from '#protocol/errors.ts';
import type { GroupCommit } from '../db/group-commit.ts';
import { toCheckIn } from '../repositories/check-ins.ts';
import { STAFF_PHOTO_COLUMNS, toStaffPhoto, type StaffPhotoRow } from '../repositories/progress-photos.ts';
import type { SyncVersions } from '../repositories/sync-versions.ts';
import type { Coach, CoachThreads } from './coach-threads.ts';

const HOUR_MS = 3_600_000;
const WEEK_MS = 7 * 24 * HOUR_MS;

/** Check-ins a queue shows at once: a teacher's week is a few dozen. */
export const CHECK_IN_QUEUE_SIZE = 100;

type CheckInRow = Parameters<typeof toCheckIn>[0];
const COLUMNS = `c.id, c.user_id AS userId, c.week, c.created_at AS createdAt, c.weight, c.diet_adherence AS dietAdherence, c.workout_adherence AS workoutAdherence,
  c.hunger, c.sleep, c.stress, c.energy, c.note, json(c.answers) AS answers, c.reviewed_at AS reviewedAt, c.reviewed_by AS reviewedBy, c.version`;
const fromRow = (row: Omit<CheckInRow, 'answers'> & { answers: string }): CheckIn => toCheckIn({ ...row, answers: JSON.parse(row.answers) as CheckIn['answers'] });

export function createCoachCheckIns(sqlite: Database.Database, versions: SyncVersions, threads: CoachThreads, groupCommit: GroupCommit) {
  type Row = Omit<CheckInRow, 'answers'> & { answers: string; clientName: string };
  const queueOf = sqlite.prepare<[string, string, number, number], Row>(
    `SELECT ${COLUMNS}, u.name AS clientName FROM check_ins c JOIN users u ON u.id = c.user_id
      WHERE u.role = 'user' AND (? = 'admin' OR u.teacher_id = ?) AND (? = 1 OR c.reviewed_at IS NULL)
      ORDER BY c.created_at DESC, c.id DESC LIMIT ?`,
  );
  const previousOf = sqlite.prepare<[string, string, string, number], Row>(
    `SELECT ${COLUMNS}, '' AS clientName FROM check_ins c WHERE c.user_id = ? AND (c.week < ? OR (c.week = ? AND c.created_at < ?))
      ORDER BY c.week DESC, c.created_at DESC LIMIT 1`,
  );
  const byId = sqlite.prepare<[string], Row>(`SELECT ${COLUMNS}, '' AS clientName FROM check_ins c WHERE c.id = ?`);
  const markReviewed = sqlite.prepare<[number, string, number, string]>('UPDATE check_ins SET reviewed_at = ?, reviewed_by = ?, version = ? WHERE id = ? AND reviewed_at IS NULL');
  const setDay = sqlite.prepare<[number, number, number, string]>('UPDATE users SET check_in_day = ?, version = ?, updated_at = ? WHERE id = ?');
  const questionsOf = sqlite.prepare<[string], { questions: string }>('SELECT check_in_questions AS questions FROM users WHERE id = ?');
  const setQuestions = sqlite.prepare<[string, number, string]>('UPDATE users SET check_in_questions = ?, updated_at = ? WHERE id = ?');
  const studentsOf = sqlite.prepare<[string], { id: string }>("SELECT id FROM users WHERE teacher_id = ? AND role = 'user'");
  const stampProfile = sqlite.prepare<[number, string]>('UPDATE users SET version = ? WHERE id = ?');

  const measurementsNear = sqlite.prepare<[string, number, number], CheckInMeasurements>(
    `SELECT waist, hip, chest, arm, thigh, neck, body_fat AS bodyFat FROM body_measurements
      WHERE user_id = ? AND deleted_at IS NULL AND created_at > ? AND created_at <= ? ORDER BY created_at DESC LIMIT 1`,
  );
  /** The measurements of a check-in: the latest logged in the week before it, or within the hour after (its form's, saved apart). */
  const measurementsOf = (userId: string, checkInAt: number) => measurementsNear.get(userId, checkInAt - WEEK_MS, checkInAt + HOUR_MS) ?? null;

  const photosNear = sqlite.prepare<[string, number, number], StaffPhotoRow>(
    `SELECT ${STAFF_PHOTO_COLUMNS} FROM progress_photos WHERE user_id = ? AND kind = 'progress' AND deleted_at IS NULL AND created_at > ? AND created_at <= ? ORDER BY created_at, id`,
  );
  /** The progress photos of a check-in's week, taken in the same window as its measurements. */
  const photosOf = (userId: string, checkInAt: number): StaffProgressPhoto[] => photosNear.all(userId, checkInAt - WEEK_MS, checkInAt + HOUR_MS).map(toStaffPhoto);

  const withPrevious = (row: Row): CoachCheckIn => {
    const previous = previousOf.get(row.userId, row.week, row.week, row.createdAt);
    return {
      clientId: row.userId,
      clientName: row.clientName,
      checkIn: fromRow(row),
      previous: previous ? fromRow(previous) : null,
      measurements: measurementsOf(row.userId, row.createdAt),
      previousMeasurements: previous ? measurementsOf(row.userId, previous.createdAt) : null,
      photos: photosOf(row.userId, row.createdAt),
    };
  };

  return {
    /** The coach's clients' check-ins, newest first: those waiting for a review, or every one. */
    queue(coach: Coach, all: boolean): CoachCheckIn[] {
      return queueOf.all(coach.role, coach.id, all ? 1 : 0, CHECK_IN_QUEUE_SIZE).map(withPrevious);
    },

    /**
     * The coach's feedback on a check-in: a message in the client's thread (idempotent by its id,
     * so a retry sends nothing twice) and the check-in marked reviewed, which the client's devices pull.
     */
    async review(coach: Coach, checkInId: string, review: { messageId: string; feedback: string }, now: number): Promise<{ checkIn: CheckIn; message: Message }> {
      const found = byId.get(checkInId);
      if (!found) throw new DomainError('NOT_FOUND');
      const clientId = threads.clientFor(coach, found.userId);
      const { message } = await threads.send(coach, clientId, { id: review.messageId, body: review.feedback }, now);
      // Stamped once: a resent review (its answer lost) changes nothing more.
      await groupCommit.run(() => {
        if (byId.get(checkInId)?.reviewedAt === null) markReviewed.run(now, coach.id, versions.bump(clientId), checkInId);
      });
      return { checkIn: fromRow(byId.get(checkInId) as Row), message };
    },

    /** A teacher's own check-in questions, as they wrote them. */
    questions(teacherId: string): string[] {
      return JSON.parse(questionsOf.get(teacherId)?.questions ?? '[]') as string[];
    },

    /** Replaces a teacher's questions; every student's devices pull them with the profile, for the next check-in. */
    async setQuestions(teacherId: string, questions: string[], now: number): Promise<string[]> {
      await groupCommit.run(() => {
        setQuestions.run(JSON.stringify(questions), now, teacherId);
        for (const { id } of studentsOf.all(teacherId)) stampProfile.run(versions.bump(id), id);
      });
      return questions;
    },

    /** Moves a client's check-in day; their devices pull it with the profile. */
    async setCheckInDay(coach: Coach, clientId: string, day: Weekday, now: number): Promise<void> {
      const id = threads.clientFor(coach, clientId);
      await groupCommit.run(() => setDay.run(day, versions.bump(id), now, id));
    },
  };
}

export type CoachCheckIns = ReturnType<typeof createCoachCheckIns>;
