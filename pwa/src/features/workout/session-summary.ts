import { bestSet, recordsBroken, volumeKg, type BrokenRecord, type DoneSet } from '#protocol/domain/lift-records.ts';
import { prescribedSetCount } from '#protocol/domain/workout-prescription.ts';
import type { ExercisePast, SessionInHand } from './use-workout-data.ts';

export interface ExerciseSummary {
  id: string;
  name: string;
  skipped: boolean;
  setsDone: number;
  volumeKg: number;
  /** The best set by Epley's estimate, this time and last time. */
  best: DoneSet | null;
  lastBest: DoneSet | null;
  records: BrokenRecord[];
}

export interface SessionSummary {
  durationMinutes: number;
  setsDone: number;
  /** The sets the plan asked for, over its exercises not skipped; null for a session of the client's own. */
  setsPrescribed: number | null;
  volumeKg: number;
  exercises: ExerciseSummary[];
  records: number;
}

/**
 * What the end of a session shows (issue 48): how long it took, the sets done against the plan's,
 * the volume, and each exercise's best set and the records it broke against the sessions before.
 */
export function summarize({ session, exercises }: SessionInHand, pasts: ReadonlyMap<string, ExercisePast>, now = Date.now()): SessionSummary {
  const end = session.endedAt ? Date.parse(session.endedAt) : now;
  const fromPlan = exercises.filter((exercise) => exercise.prescription !== null && !exercise.skipped);
  const summaries = exercises.map((exercise): ExerciseSummary => {
    const past = pasts.get(exercise.exerciseKey);
    return {
      id: exercise.id,
      name: exercise.name,
      skipped: exercise.skipped,
      setsDone: exercise.sets.length,
      volumeKg: volumeKg(exercise.sets),
      best: bestSet(exercise.sets),
      lastBest: past ? bestSet(past.lastSets) : null,
      records: past ? recordsBroken(past.bests, exercise.sets) : [],
    };
  });
  return {
    durationMinutes: Math.max(0, Math.round((end - Date.parse(session.startedAt)) / 60_000)),
    setsDone: summaries.reduce((sum, exercise) => sum + exercise.setsDone, 0),
    setsPrescribed: session.planId === null ? null : fromPlan.reduce((sum, exercise) => sum + prescribedSetCount(exercise.prescription?.sets), 0),
    volumeKg: summaries.reduce((sum, exercise) => sum + exercise.volumeKg, 0),
    exercises: summaries,
    records: summaries.reduce((sum, exercise) => sum + exercise.records.length, 0),
  };
}
