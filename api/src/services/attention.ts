/**
 * Who needs attention (issue 22, part 3): each student in the coach's scope with the figures of
 * `domain/attention.ts`, read from the server's data (weigh-ins, tracked days, check-ins, the
 * devices' last sync, the plan, the workout sessions).
 */
import type { CoachStudentAttention } from '#protocol/contract/messages.ts';
import { attentionOf } from '#protocol/domain/attention.ts';
import { localDateIn } from '#protocol/domain/daily-progress.ts';
import type { SqlDatabase } from '../db/sql/port.ts';
import type { Coach } from './coach-threads.ts';
import { homeTimeZone } from './daily-progress.ts';
import type { Subscriptions } from './subscriptions.ts';

const DAY_MS = 86_400_000;
/** Weigh-ins read for the trend: its four weeks and the weeks before that settle its smoothing. */
const TREND_HISTORY_DAYS = 90;

export function createAttention(db: SqlDatabase, subscriptions: Subscriptions, now: () => number) {
  /** A single value of the first row (an aggregate's), or null. */
  const valueOf = async <T>(sql: string, params: (string | number)[]): Promise<T | null> => (await db.get<{ value: T | null }>(sql, params))?.value ?? null;

  return {
    /** The coach's students (admins: every client), by name; the screen sorts and filters. */
    async list(coach: Coach): Promise<CoachStudentAttention[]> {
      const at = now();
      const students = await db.all<{ id: string; name: string; email: string; country: string }>(
        "SELECT id, name, email, country_code AS country FROM users WHERE role = 'user' AND (? = 'admin' OR teacher_id = ?) ORDER BY name, id",
        [coach.role, coach.id],
      );
      const list: CoachStudentAttention[] = [];
      for (const student of students) {
        const today = localDateIn(homeTimeZone(student.country), new Date(at));
        const since = new Date(Date.parse(`${today}T00:00:00Z`) - 30 * DAY_MS).toISOString().slice(0, 10);
        const recent = await db.all<{ weight: number; created_at: number }>('SELECT weight, created_at FROM weight_records WHERE user_id = ? AND deleted_at IS NULL AND created_at >= ?', [
          student.id,
          at - TREND_HISTORY_DAYS * DAY_MS,
        ]);
        // The latest weigh-in counts even when older than the trend's history.
        const latest =
          recent.length > 0
            ? []
            : await db.all<{ weight: number; created_at: number }>('SELECT weight, created_at FROM weight_records WHERE user_id = ? AND deleted_at IS NULL ORDER BY created_at DESC LIMIT 1', [student.id]);
        const checkIn = await db.get<{ week: string; reviewedAt: number | null }>(
          'SELECT week, reviewed_at AS "reviewedAt" FROM check_ins WHERE user_id = ? ORDER BY week DESC, created_at DESC LIMIT 1',
          [student.id],
        );
        const completed = await db.all<{ local_date: string }>('SELECT local_date FROM daily_progress WHERE user_id = ? AND is_completed = 1 AND local_date >= ?', [student.id, since]);
        const plan = await subscriptions.current(student.id, at);
        const lastWorkoutAt = await valueOf<number>('SELECT max(started_at) AS value FROM workout_sessions WHERE user_id = ? AND deleted_at IS NULL AND ended_at IS NOT NULL', [student.id]);
        const lastOpenAt = await valueOf<number>('SELECT max(last_seen_at) AS value FROM devices WHERE user_id = ?', [student.id]);
        const workoutPlan = await db.get("SELECT 1 AS found FROM workout_plans WHERE user_id = ? AND status = 'published' AND deleted_at IS NULL LIMIT 1", [student.id]);
        list.push({
          clientId: student.id,
          clientName: student.name,
          email: student.email,
          ...attentionOf({
            weighIns: [...recent, ...latest].map((row) => ({ weight: row.weight, createdAt: new Date(row.created_at).toISOString() })),
            completedDays: completed.map((row) => row.local_date),
            today,
            lastCheckIn: checkIn ? { week: checkIn.week, reviewedAt: checkIn.reviewedAt === null ? null : new Date(checkIn.reviewedAt).toISOString() } : null,
            lastOpenAt,
            plan: plan ? { planId: plan.planId, status: plan.status, daysRemaining: plan.daysRemaining } : null,
            lastWorkoutAt: lastWorkoutAt === null ? null : new Date(lastWorkoutAt).toISOString(),
            hasWorkoutPlan: workoutPlan !== undefined,
            now: at,
          }),
        });
      }
      return list;
    },
  };
}

export type AttentionView = ReturnType<typeof createAttention>;
