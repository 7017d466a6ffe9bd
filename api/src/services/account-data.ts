/**
 * A client's own data rights (LGPD art. 18, GDPR art. 15/17/20): everything the server holds
 * about them as one JSON document, and deletion of the account with all of it.
 */
import { eq } from 'drizzle-orm';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
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
    /** The record of the consent for health data (LGPD art. 8 §2 and art. 18 II). */
    healthConsents: rows("SELECT action, version, locale, strftime('%Y-%m-%dT%H:%M:%fZ', at / 1000.0, 'unixepoch') AS at FROM health_consents WHERE user_id = ? ORDER BY id"),
    weightRecords: rows('SELECT id, weight, notes, created_at AS createdAt, deleted_at AS deletedAt FROM weight_records WHERE user_id = ? ORDER BY created_at'),
    bodyMeasurements: rows(
      "SELECT id, strftime('%Y-%m-%dT%H:%M:%fZ', created_at / 1000.0, 'unixepoch') AS createdAt, waist, hip, chest, arm, thigh, neck, body_fat AS bodyFat FROM body_measurements WHERE user_id = ? AND deleted_at IS NULL ORDER BY created_at",
    ),
    progressPhotos: rows(
      "SELECT id, strftime('%Y-%m-%dT%H:%M:%fZ', created_at / 1000.0, 'unixepoch') AS createdAt, kind, pose, content_type AS contentType, width, height, stored_at IS NOT NULL AS stored FROM progress_photos WHERE user_id = ? AND deleted_at IS NULL ORDER BY created_at",
    ),
    messages: rows(
      "SELECT id, \"from\", sender_name AS senderName, body, photo_id AS photoId, strftime('%Y-%m-%dT%H:%M:%fZ', sent_at / 1000.0, 'unixepoch') AS sentAt FROM messages WHERE user_id = ? AND deleted_at IS NULL ORDER BY sent_at, id",
    ),
    checkIns: rows(
      "SELECT id, week, strftime('%Y-%m-%dT%H:%M:%fZ', created_at / 1000.0, 'unixepoch') AS createdAt, weight, diet_adherence AS dietAdherence, workout_adherence AS workoutAdherence, hunger, sleep, stress, energy, note, json(answers) AS answers, strftime('%Y-%m-%dT%H:%M:%fZ', reviewed_at / 1000.0, 'unixepoch') AS reviewedAt FROM check_ins WHERE user_id = ? ORDER BY week, created_at",
    ).map((row) => ({ ...(row as Record<string, unknown>), answers: JSON.parse((row as { answers: string }).answers) as unknown })),
    // Workout sessions (issue 48): each with its exercises and the sets done, as logged.
    workoutSessions: rows(
      "SELECT id, plan_id AS planId, weekday, strftime('%Y-%m-%dT%H:%M:%fZ', started_at / 1000.0, 'unixepoch') AS startedAt, strftime('%Y-%m-%dT%H:%M:%fZ', ended_at / 1000.0, 'unixepoch') AS endedAt FROM workout_sessions WHERE user_id = ? AND deleted_at IS NULL ORDER BY started_at",
    ),
    workoutExercises: rows(
      'SELECT id, session_id AS sessionId, exercise_key AS exerciseKey, name, kind, json(prescription) AS prescription, position, skipped, note FROM workout_exercises WHERE user_id = ? AND deleted_at IS NULL ORDER BY session_id, position',
    ).map((row) => ({ ...(row as Record<string, unknown>), prescription: JSON.parse((row as { prescription: string | null }).prescription ?? 'null') as unknown })),
    workoutSets: rows(
      "SELECT id, session_id AS sessionId, exercise_id AS exerciseId, position, reps, load_kg AS loadKg, seconds, strftime('%Y-%m-%dT%H:%M:%fZ', done_at / 1000.0, 'unixepoch') AS doneAt FROM workout_sets WHERE user_id = ? AND deleted_at IS NULL ORDER BY session_id, exercise_id, position",
    ),
    // The names each exercise goes by (ADR 030): which names the history counts as one exercise.
    exerciseNames: rows('SELECT name_key AS nameKey, exercise_id AS exerciseId FROM exercise_names WHERE user_id = ? ORDER BY exercise_id, name_key'),
    dailyProgress: rows('SELECT local_date AS localDate, workout_completed AS workoutCompleted, diet_followed AS dietFollowed, mood, energy, is_completed AS isCompleted FROM daily_progress WHERE user_id = ? ORDER BY local_date'),
    notifications: rows('SELECT id, type, title, message, read, created_at AS createdAt FROM notifications WHERE user_id = ? ORDER BY created_at'),
    subscriptions: rows('SELECT id, plan_id AS planId, price, currency, status, start_date AS startDate, end_date AS endDate, source FROM subscriptions WHERE user_id = ? ORDER BY start_date'),
    dietPlans: rows('SELECT id, title, description, status, daily_calories AS dailyCalories, macros, meals, weekly_menu AS weeklyMenu, tips, substitutions, published_at AS publishedAt FROM diet_plans WHERE user_id = ? AND deleted_at IS NULL'),
    workoutPlans: rows('SELECT id, title, description, status, duration, frequency, weekly_schedule AS weeklySchedule, progression_tips AS progressionTips, safety_notes AS safetyNotes, published_at AS publishedAt FROM workout_plans WHERE user_id = ? AND deleted_at IS NULL'),
    devices: rows('SELECT id, created_at AS createdAt, last_seen_at AS lastSeenAt FROM devices WHERE user_id = ?'),
    sessions: rows('SELECT created_at AS createdAt, expires_at AS expiresAt, user_agent AS userAgent FROM sessions WHERE user_id = ?'),
  };
}

const EXTENSIONS: Record<string, string> = { 'image/webp': 'webp', 'image/jpeg': 'jpg' };

/**
 * The export as a zip, streamed: `leve-coach-export.json` (what `exportAccount` gives) and each
 * stored photo as `photos/<date>-<pose>-<id>.<ext>` (`message` in place of the pose for a
 * message's), kept as they are (already compressed). One file is read at a time, so a large album
 * never sits in memory.
 */
export function exportAccountZip(deps: AppDeps, userId: string): { filename: string; body: ReadableStream<Uint8Array> } {
  const data = exportAccount(deps, userId);
  const photos = (data.progressPhotos as { id: string; createdAt: string; kind: string; pose: string | null; contentType: string; stored: number }[]).filter((photo) => photo.stored);
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      const zip = new Zip((error, chunk, final) => {
        if (error) controller.error(error);
        else {
          controller.enqueue(chunk);
          if (final) controller.close();
        }
      });
      const json = new ZipDeflate('leve-coach-export.json', { level: 6 });
      zip.add(json);
      json.push(new TextEncoder().encode(JSON.stringify(data, null, 2)), true);
      try {
        for (const photo of photos) {
          const file = await deps.photoFiles.read(userId, photo.id, 'image');
          if (!file) continue;
          const entry = new ZipPassThrough(`photos/${photo.createdAt.slice(0, 10)}-${photo.pose ?? photo.kind}-${photo.id}.${EXTENSIONS[photo.contentType] ?? 'img'}`);
          zip.add(entry);
          const reader = file.body.getReader();
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            entry.push(value);
          }
          entry.push(new Uint8Array(0), true);
        }
        zip.end();
      } catch (error) {
        controller.error(error);
      }
    },
  });
  return { filename: `leve-coach-export-${data.exportedAt.slice(0, 10)}.zip`, body };
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
