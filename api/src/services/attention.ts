/**
 * Who needs attention (issue 22, part 3): each student in the coach's scope with the figures of
 * `domain/attention.ts`, read from the server's data (weigh-ins, tracked days, check-ins, the
 * devices' last sync, the plan, the workout sessions).
 */
import type Database from 'better-sqlite3';
import type { CoachStudentAttention } from '#protocol/contract/messages.ts';
import { attentionOf } from '#protocol/domain/attention.ts';
import { localDateIn } from '#protocol/domain/daily-progress.ts';
import type { Coach } from './coach-threads.ts';
import { homeTimeZone } from './daily-progress.ts';
import type { Subscriptions } from './subscriptions.ts';

const DAY_MS = 86_400_000;
/** Weigh-ins read for the trend: its four weeks and the weeks before that settle its smoothing. */
const TREND_HISTORY_DAYS = 90;

export function createAttention(sqlite: Database.Database, subscriptions: Subscriptions, now: () => number) {
  const studentsOf = sqlite.prepare<[string, string], { id: string; name: string; email: string; country: string }>(
    "SELECT id, name, email, country_code AS country FROM users WHERE role = 'user' AND (? = 'admin' OR teacher_id = ?) ORDER BY name, id",
  );
  // Rows as arrays: a thousand clients' three months of weigh-ins are ninety thousand rows (bench/coach-views).
  const weighInsOf = sqlite
    .prepare<[string, number], [weight: number, createdAt: number]>('SELECT weight, created_at FROM weight_records WHERE user_id = ? AND deleted_at IS NULL AND created_at >= ?')
    .raw();
  const lastWeighInOf = sqlite.prepare<[string], { weight: number; createdAt: number }>(
    'SELECT weight, created_at AS createdAt FROM weight_records WHERE user_id = ? AND deleted_at IS NULL ORDER BY created_at DESC LIMIT 1',
  );
  const completedOf = sqlite.prepare<[string, string], string>('SELECT local_date FROM daily_progress WHERE user_id = ? AND is_completed = 1 AND local_date >= ?').pluck();
  const lastCheckInOf = sqlite.prepare<[string], { week: string; reviewedAt: number | null }>(
    'SELECT week, reviewed_at AS reviewedAt FROM check_ins WHERE user_id = ? ORDER BY week DESC, created_at DESC LIMIT 1',
  );
  const lastOpenOf = sqlite.prepare<[string], { at: number | null }>('SELECT max(last_seen_at) AS at FROM devices WHERE user_id = ?');
  const lastWorkoutOf = sqlite.prepare<[string], { at: number | null }>('SELECT max(started_at) AS at FROM workout_sessions WHERE user_id = ? AND deleted_at IS NULL AND ended_at IS NOT NULL');
  const hasWorkoutPlanOf = sqlite
    .prepare<[string], number>("SELECT EXISTS (SELECT 1 FROM workout_plans WHERE user_id = ? AND status = 'published' AND deleted_at IS NULL)")
    .pluck();

  return {
    /** The coach's students (admins: every client), by name; the screen sorts and filters. */
    list(coach: Coach): CoachStudentAttention[] {
      const at = now();
      return studentsOf.all(coach.role, coach.id).map((student) => {
        const today = localDateIn(homeTimeZone(student.country), new Date(at));
        const since = new Date(Date.parse(`${today}T00:00:00Z`) - 30 * DAY_MS).toISOString().slice(0, 10);
        const recent = weighInsOf.all(student.id, at - TREND_HISTORY_DAYS * DAY_MS);
        // The latest weigh-in counts even when older than the trend's history.
        const latest = recent.length > 0 ? [] : [lastWeighInOf.get(student.id)].flatMap((row) => (row ? [[row.weight, row.createdAt] as const] : []));
        const checkIn = lastCheckInOf.get(student.id);
        const plan = subscriptions.current(student.id, at);
        const lastWorkoutAt = lastWorkoutOf.get(student.id)?.at ?? null;
        return {
          clientId: student.id,
          clientName: student.name,
          email: student.email,
          ...attentionOf({
            weighIns: [...recent, ...latest].map(([weight, createdAt]) => ({ weight, createdAt: new Date(createdAt).toISOString() })),
            completedDays: completedOf.all(student.id, since),
            today,
            lastCheckIn: checkIn ? { week: checkIn.week, reviewedAt: checkIn.reviewedAt === null ? null : new Date(checkIn.reviewedAt).toISOString() } : null,
            lastOpenAt: lastOpenOf.get(student.id)?.at ?? null,
            plan: plan ? { planId: plan.planId, status: plan.status, daysRemaining: plan.daysRemaining } : null,
            lastWorkoutAt: lastWorkoutAt === null ? null : new Date(lastWorkoutAt).toISOString(),
            hasWorkoutPlan: hasWorkoutPlanOf.get(student.id) === 1,
            now: at,
          }),
        };
      });
    },
  };
}

export type AttentionView = ReturnType<typeof createAttention>;
