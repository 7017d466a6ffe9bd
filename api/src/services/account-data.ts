/**
 * A client's own data rights (LGPD art. 18, GDPR art. 15/17/20): everything the server holds
 * about them as one JSON document, and deletion of the account with all of it.
 */
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { AppDeps } from '../deps.ts';
import { DomainError } from '#protocol/errors.ts';
import { findUserById, toClientDto } from './clients.ts';

type Row = Record<string, unknown>;

/** The rows with the instants named (epoch milliseconds) as ISO 8601 text, in their places. */
const withInstants = (rows: Row[], ...names: string[]): Row[] =>
  rows.map((row) => {
    const shown = { ...row };
    for (const name of names) shown[name] = row[name] == null ? null : new Date(row[name] as number).toISOString();
    return shown;
  });

/** The rows with the JSON text named parsed. */
const withJson = (rows: Row[], name: string): Row[] => rows.map((row) => ({ ...row, [name]: JSON.parse((row[name] as string | null) ?? 'null') as unknown }));

export function exportAccount(deps: AppDeps, userId: string) {
  const db = deps.database.sql;
  // One transaction: the document shows one moment's data, none of it half a write.
  return db.transaction(async () => {
    const user = await findUserById(db, userId);
    if (!user) throw new DomainError('NOT_FOUND');
    const rows = (sql: string) => db.all<Row>(sql, [userId]);
    return {
      exportedAt: new Date(deps.now()).toISOString(),
      client: await toClientDto(db, user),
      /** The record of the consent for health data (LGPD art. 8 §2 and art. 18 II). */
      healthConsents: withInstants(await rows('SELECT action, version, locale, at FROM health_consents WHERE user_id = ? ORDER BY id'), 'at'),
      weightRecords: await rows('SELECT id, weight, notes, created_at AS "createdAt", deleted_at AS "deletedAt" FROM weight_records WHERE user_id = ? ORDER BY created_at'),
      bodyMeasurements: withInstants(
        await rows('SELECT id, created_at AS "createdAt", waist, hip, chest, arm, thigh, neck, body_fat AS "bodyFat" FROM body_measurements WHERE user_id = ? AND deleted_at IS NULL ORDER BY created_at'),
        'createdAt',
      ),
      progressPhotos: withInstants(
        await rows(
          'SELECT id, created_at AS "createdAt", kind, pose, content_type AS "contentType", width, height, CASE WHEN stored_at IS NULL THEN 0 ELSE 1 END AS stored FROM progress_photos WHERE user_id = ? AND deleted_at IS NULL ORDER BY created_at',
        ),
        'createdAt',
      ),
      messages: withInstants(
        await rows('SELECT id, "from", sender_name AS "senderName", body, photo_id AS "photoId", sent_at AS "sentAt" FROM messages WHERE user_id = ? AND deleted_at IS NULL ORDER BY sent_at, id'),
        'sentAt',
      ),
      checkIns: withJson(
        withInstants(
          await rows(
            'SELECT id, week, created_at AS "createdAt", weight, diet_adherence AS "dietAdherence", workout_adherence AS "workoutAdherence", hunger, sleep, stress, energy, note, answers, reviewed_at AS "reviewedAt" FROM check_ins WHERE user_id = ? ORDER BY week, created_at',
          ),
          'createdAt',
          'reviewedAt',
        ),
        'answers',
      ),
      // Workout sessions (issue 48): each with its exercises and the sets done, as logged.
      workoutSessions: withInstants(
        await rows('SELECT id, plan_id AS "planId", weekday, started_at AS "startedAt", ended_at AS "endedAt" FROM workout_sessions WHERE user_id = ? AND deleted_at IS NULL ORDER BY started_at'),
        'startedAt',
        'endedAt',
      ),
      workoutExercises: withJson(
        await rows(
          'SELECT id, session_id AS "sessionId", exercise_key AS "exerciseKey", name, kind, prescription, position, skipped, note FROM workout_exercises WHERE user_id = ? AND deleted_at IS NULL ORDER BY session_id, position',
        ),
        'prescription',
      ),
      workoutSets: withInstants(
        await rows(
          'SELECT id, session_id AS "sessionId", exercise_id AS "exerciseId", position, reps, load_kg AS "loadKg", seconds, done_at AS "doneAt" FROM workout_sets WHERE user_id = ? AND deleted_at IS NULL ORDER BY session_id, exercise_id, position',
        ),
        'doneAt',
      ),
      // The names each exercise goes by (ADR 030): which names the history counts as one exercise.
      exerciseNames: await rows('SELECT name_key AS "nameKey", exercise_id AS "exerciseId" FROM exercise_names WHERE user_id = ? ORDER BY exercise_id, name_key'),
      dailyProgress: await rows(
        'SELECT local_date AS "localDate", workout_completed AS "workoutCompleted", diet_followed AS "dietFollowed", mood, energy, is_completed AS "isCompleted" FROM daily_progress WHERE user_id = ? ORDER BY local_date',
      ),
      notifications: await rows('SELECT id, type, title, message, read, created_at AS "createdAt" FROM notifications WHERE user_id = ? ORDER BY created_at'),
      subscriptions: await rows(
        'SELECT id, plan_id AS "planId", price, currency, status, start_date AS "startDate", end_date AS "endDate", source FROM subscriptions WHERE user_id = ? ORDER BY start_date',
      ),
      dietPlans: await rows(
        'SELECT id, title, description, status, daily_calories AS "dailyCalories", macros, meals, weekly_menu AS "weeklyMenu", tips, substitutions, published_at AS "publishedAt" FROM diet_plans WHERE user_id = ? AND deleted_at IS NULL',
      ),
      workoutPlans: await rows(
        'SELECT id, title, description, status, duration, frequency, weekly_schedule AS "weeklySchedule", progression_tips AS "progressionTips", safety_notes AS "safetyNotes", published_at AS "publishedAt" FROM workout_plans WHERE user_id = ? AND deleted_at IS NULL',
      ),
      devices: await rows('SELECT id, created_at AS "createdAt", last_seen_at AS "lastSeenAt" FROM devices WHERE user_id = ?'),
      sessions: await rows('SELECT created_at AS "createdAt", expires_at AS "expiresAt", user_agent AS "userAgent" FROM sessions WHERE user_id = ?'),
    };
  });
}

const EXTENSIONS: Record<string, string> = { 'image/webp': 'webp', 'image/jpeg': 'jpg' };

/**
 * The export as a zip, streamed: `leve-coach-export.json` (what `exportAccount` gives) and each
 * stored photo as `photos/<date>-<pose>-<id>.<ext>` (`message` in place of the pose for a
 * message's), kept as they are (already compressed). One file is read at a time, so a large album
 * never sits in memory.
 */
export async function exportAccountZip(deps: AppDeps, userId: string): Promise<{ filename: string; body: ReadableStream<Uint8Array> }> {
  const data = await exportAccount(deps, userId);
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
  const db = deps.database.sql;
  // The check and the delete in one transaction; on PostgreSQL the account's row is locked first,
  // so a plan bought meanwhile is either seen by the check or waits for the delete.
  await db.transaction(async () => {
    if (db.dialect === 'postgres') await db.get('SELECT id FROM users WHERE id = ? FOR UPDATE', [userId]);
    if (await deps.subscriptions.hasActivePaidPlan(userId)) throw new DomainError('USER_HAS_ACTIVE_PLAN');
    await db.run('DELETE FROM users WHERE id = ?', [userId]);
  });
  // After the commit: the files go only once their records have.
  await deps.photoFiles.removeUser(userId);
}
