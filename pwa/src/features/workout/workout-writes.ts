import { useIntl } from 'react-intl';
import type { Prescription, WorkoutSession } from '#protocol/conflict/workout.ts';
import type { ScheduleDay } from '#protocol/domain/workout-schedule.ts';
import { exerciseKeyOf } from '#protocol/domain/exercise-name.ts';
import { exerciseKindOf } from '#protocol/domain/workout-prescription.ts';
import { EXERCISE_NAME_MAX, PRESCRIPTION_TEXT_MAX } from '#protocol/mutations/fields.ts';
import { uuidv7 } from '#protocol/ids.ts';
import type { UserDb } from '#pwa/db/user-db.ts';
import { todayLocalDate } from '#pwa/db/local-writes.ts';
import { showToast } from '#pwa/lib/toast.ts';
import { write } from '#pwa/sync/user-data.ts';
import type { SetFigures } from './typed-set.ts';
import type { SessionExercise } from './use-workout-data.ts';

/** A session left open longer than this is closed as it stands (issue 48). */
export const LEFT_OPEN_MS = 12 * 60 * 60 * 1000;

const short = (text: string | undefined, max: number) => {
  const trimmed = text?.trim() ?? '';
  return trimmed === '' ? null : trimmed.slice(0, max);
};

/** The plan's sets, reps and rest as written, cut to what a change may carry. */
const prescriptionOf = (exercise: ScheduleDay['exercises'][number]): Prescription => ({
  sets: short(exercise.sets, PRESCRIPTION_TEXT_MAX),
  reps: short(exercise.reps, PRESCRIPTION_TEXT_MAX),
  rest: short(exercise.rest, PRESCRIPTION_TEXT_MAX),
});

/** The day a session follows: as the client reads it, and as its author wrote it (the same exercises, in order). */
export interface DayToDo {
  planId: string;
  day: ScheduleDay;
  asWritten: ScheduleDay | undefined;
}

/**
 * A session's writes (issue 48, ADR 030), each a synced change on this device first, so they
 * work offline and reach the server once. A failure (the device's storage refused it) is said in
 * a toast; a refusal by the server comes back through the sync's notice.
 */
export function useWorkoutWrites() {
  const intl = useIntl();
  const guarded = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      console.error('workout.write', error);
      showToast({ severity: 'error', title: intl.formatMessage({ id: 'training.failedTitle' }), description: intl.formatMessage({ id: 'training.failedDescription' }) });
      throw error;
    }
  };

  return {
    /** Starts a session of a plan's day with its exercises in the plan's order, or an empty one of the client's own. */
    start: (todo: DayToDo | null) =>
      guarded(async () => {
        const now = Date.now();
        const id = uuidv7(now);
        await write('workout.start', { id, startedAt: new Date(now).toISOString(), ...(todo ? { planId: todo.planId, weekday: todo.day.weekday } : {}) });
        for (const [position, exercise] of (todo?.day.exercises ?? []).entries()) {
          const name = short(exercise.name, EXERCISE_NAME_MAX);
          if (!name) continue;
          await write('workoutExercise.add', {
            id: uuidv7(),
            sessionId: id,
            exerciseKey: exerciseKeyOf(todo?.asWritten?.exercises[position]?.name ?? name),
            name,
            kind: exerciseKindOf(exercise.reps),
            prescription: prescriptionOf(exercise),
            position,
          });
        }
        return id;
      }),

    addExercise: (sessionId: string, name: string, timed: boolean, position: number) =>
      guarded(() => write('workoutExercise.add', { id: uuidv7(), sessionId, exerciseKey: exerciseKeyOf(name), name: name.trim(), kind: timed ? 'time' : 'load', position })),

    markDone: (exercise: SessionExercise, position: number, figures: SetFigures) =>
      guarded(() => write('workoutSet.add', { id: uuidv7(), sessionId: exercise.sessionId, exerciseId: exercise.id, position, ...figures, doneAt: new Date().toISOString() })),

    correct: (setId: string, figures: Partial<SetFigures>) => guarded(() => write('workoutSet.update', { id: setId, ...figures })),

    undo: (setId: string) => guarded(() => write('workoutSet.remove', { id: setId })),

    skip: (exercise: SessionExercise, skipped: boolean) => guarded(() => write('workoutExercise.update', { id: exercise.id, skipped })),

    annotate: (exercise: SessionExercise, note: string) => guarded(() => write('workoutExercise.update', { id: exercise.id, note: note.trim() === '' ? null : note.trim() })),

    /** Swaps two exercises' places. */
    swap: (a: SessionExercise, b: SessionExercise) =>
      guarded(async () => {
        await write('workoutExercise.update', { id: a.id, position: b.position });
        await write('workoutExercise.update', { id: b.id, position: a.position });
      }),

    remove: (exercise: SessionExercise) => guarded(() => write('workoutExercise.remove', { id: exercise.id })),

    /**
     * Finishes the session and marks today's workout done with the very change the dashboard's
     * switch makes (ADR 030: one source of truth), unless today says so already or is closed.
     */
    finish: (db: UserDb, session: WorkoutSession) =>
      guarded(async () => {
        await write('workout.finish', { id: session.id, endedAt: new Date().toISOString() });
        const today = await db.dailyProgress.get(todayLocalDate());
        if (!today?.workoutCompleted && !today?.isCompleted) await write('progress.set', { field: 'workoutCompleted', value: true });
      }),

    discard: (session: WorkoutSession) => guarded(() => write('workout.discard', { id: session.id })),
  };
}

/**
 * Closes, as they stand, the sessions left open for more than 12 hours (issue 48): ended at their
 * last set, or at their start without one. Not a finish of today's: the day they were done is not
 * marked, as the change would name today.
 */
export async function closeSessionsLeftOpen(db: UserDb, sessions: readonly WorkoutSession[], now = Date.now()): Promise<void> {
  for (const session of sessions) {
    if (now - Date.parse(session.startedAt) <= LEFT_OPEN_MS) continue;
    const sets = (await db.synced('workoutSets').where('sessionId').equals(session.id).toArray()).filter((set) => !set.deleted);
    const lastDone = sets.map((set) => set.doneAt).sort().at(-1) ?? session.startedAt;
    await write('workout.finish', { id: session.id, endedAt: lastDone });
  }
}
