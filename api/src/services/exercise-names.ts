/**
 * The names a client's exercises go by (issue 48, ADR 030): publishing a workout plan gives each
 * of its exercises a stable id, the one its name's key already has for this client (the same
 * exercise in the plan's next version, or retyped) or a new one; a coach merges two names into one
 * exercise, or takes a name out again. Every row written takes a sync version, so the client's
 * devices pull it and their history follows the id.
 */
import type { ExerciseName } from '#protocol/conflict/workout.ts';
import { exerciseKeyOf, mergedNames, separatedName } from '#protocol/domain/exercise-name.ts';
import type { WorkoutContent } from '#protocol/domain/plan-content.ts';
import { validationError } from '#protocol/errors.ts';
import { uuidv7 } from '#protocol/ids.ts';
import type { SqlDatabase } from '../db/sql/port.ts';
import type { SyncVersions } from '../repositories/sync-versions.ts';

export function createExerciseNames(db: SqlDatabase, versions: SyncVersions, now: () => number) {
  const namesOf = (userId: string) =>
    db.all<ExerciseName>('SELECT id, name_key AS "nameKey", exercise_id AS "exerciseId" FROM exercise_names WHERE user_id = ? ORDER BY name_key', [userId]);
  const newId = () => uuidv7(now());
  const store = async (userId: string, rows: readonly ExerciseName[]) => {
    for (const row of rows) {
      await db.run(
        `INSERT INTO exercise_names (id, user_id, name_key, exercise_id, version) VALUES (?, ?, ?, ?, ?)
          ON CONFLICT (id) DO UPDATE SET exercise_id = excluded.exercise_id, version = excluded.version WHERE exercise_names.user_id = excluded.user_id`,
        [row.id, userId, row.nameKey, row.exerciseId, await versions.bump(userId)],
      );
    }
  };
  /** A name the client has trained or been given, else the field's refusal. */
  const known = async (userId: string, nameKey: string, field: string) => {
    const named = await db.get(
      `SELECT exercise_key FROM workout_exercises WHERE user_id = ? AND exercise_key = ? AND deleted_at IS NULL
        UNION ALL SELECT name_key FROM exercise_names WHERE user_id = ? AND name_key = ? LIMIT 1`,
      [userId, nameKey, userId, nameKey],
    );
    if (named === undefined) throw validationError([{ field, key: 'validation.invalidOption' }]);
  };

  return {
    /** Gives each exercise of a published plan's schedule its name's id, a new one for a new name (in the caller's transaction). */
    async identify(userId: string, content: WorkoutContent): Promise<void> {
      const have = new Set((await namesOf(userId)).map((name) => name.nameKey));
      const keys = new Set(content.schedule.flatMap((day) => day.exercises.map((exercise) => exerciseKeyOf(exercise.name))).filter((key) => key !== '' && !have.has(key)));
      await store(
        userId,
        [...keys].map((nameKey) => ({ id: newId(), nameKey, exerciseId: newId() })),
      );
    },

    /** Merges `from` into `into` (name keys the client has trained or been given); false when they were one already. */
    merge: (userId: string, from: string, into: string): Promise<boolean> =>
      db.transaction(async () => {
        await known(userId, from, 'from');
        await known(userId, into, 'into');
        const written = mergedNames(await namesOf(userId), from, into, newId);
        await store(userId, written);
        return written.length > 0;
      }),

    /** Takes a merged name out of its exercise; false when it named one alone. */
    separate: (userId: string, nameKey: string): Promise<boolean> =>
      db.transaction(async () => {
        await known(userId, nameKey, 'nameKey');
        const separated = separatedName(await namesOf(userId), nameKey, newId);
        if (separated) await store(userId, [separated]);
        return separated !== null;
      }),
  };
}

export type ExerciseNames = ReturnType<typeof createExerciseNames>;
