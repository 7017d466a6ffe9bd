/**
 * A client's own data rights (LGPD art. 18, GDPR art. 15/17/20): everything the server holds
 * about them as one JSON document, and deletion of the account with all of it.
 */
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../deps.ts';
import { users } from '../db/schema/index.ts';
import { DomainError } from '#protocol/errors.ts';
import { findUserById, toClientDto } from './clients.ts';

export function exportAccount(deps: AppDeps, userId: string) {
  const user = findUserById(deps.database.db, userId);
  if (!user) throw new DomainError('NOT_FOUND');
  const { sqlite } = deps.database;
  const rows = (sql: string) => sqlite.prepare(sql).all(userId);
  return {
    exportedAt: new Date(deps.now()).toISOString(),
    client: toClientDto(deps.database.db, user),
    weightRecords: rows('SELECT id, weight, notes, created_at AS createdAt, deleted_at AS deletedAt FROM weight_records WHERE user_id = ? ORDER BY created_at'),
    bodyMeasurements: rows(
      "SELECT id, strftime('%Y-%m-%dT%H:%M:%fZ', created_at / 1000.0, 'unixepoch') AS createdAt, waist, hip, chest, arm, thigh, neck, body_fat AS bodyFat FROM body_measurements WHERE user_id = ? AND deleted_at IS NULL ORDER BY created_at",
    ),
    dailyProgress: rows('SELECT local_date AS localDate, workout_completed AS workoutCompleted, diet_followed AS dietFollowed, mood, energy, is_completed AS isCompleted FROM daily_progress WHERE user_id = ? ORDER BY local_date'),
    notifications: rows('SELECT id, type, title, message, read, created_at AS createdAt FROM notifications WHERE user_id = ? ORDER BY created_at'),
    subscriptions: rows('SELECT id, plan_id AS planId, price, currency, status, start_date AS startDate, end_date AS endDate, source FROM subscriptions WHERE user_id = ? ORDER BY start_date'),
    dietPlans: rows('SELECT id, title, description, status, daily_calories AS dailyCalories, macros, meals, weekly_menu AS weeklyMenu, tips, substitutions, published_at AS publishedAt FROM diet_plans WHERE user_id = ? AND deleted_at IS NULL'),
    workoutPlans: rows('SELECT id, title, description, status, duration, frequency, weekly_schedule AS weeklySchedule, progression_tips AS progressionTips, safety_notes AS safetyNotes, published_at AS publishedAt FROM workout_plans WHERE user_id = ? AND deleted_at IS NULL'),
    devices: rows('SELECT id, created_at AS createdAt, last_seen_at AS lastSeenAt FROM devices WHERE user_id = ?'),
    sessions: rows('SELECT created_at AS createdAt, expires_at AS expiresAt, user_agent AS userAgent FROM sessions WHERE user_id = ?'),
  };
}

/**
 * Deletes the account and, through foreign keys, everything that belongs to it, then its photos'
 * files. Refused while a paid plan is active.
 */
export async function deleteAccount(deps: AppDeps, userId: string): Promise<void> {
  if (deps.subscriptions.hasActivePaidPlan(userId)) throw new DomainError('USER_HAS_ACTIVE_PLAN');
  deps.database.db.delete(users).where(eq(users.id, userId)).run();
  await deps.photoFiles.removeUser(userId);
}
