/**
 * A session's figures and the personal records it breaks (issue 48, the summary at the end of a
 * workout and an exercise's history). Loads are kilograms whatever the client's units: the screen
 * converts. A set done for time or with body weight has no load: it adds no volume and breaks no
 * load record.
 */
export interface DoneSet {
  /** Kilograms; null for a set with body weight or for time. */
  loadKg: number | null;
  /** null for a set done for time. */
  reps: number | null;
}

/** The records an exercise's sets hold. */
export interface ExerciseBests {
  heaviestKg: number | null;
  /** Epley's estimate, the best of all sets. */
  oneRepMaxKg: number | null;
  /** The most reps done at each load, by the load in grams (a pound converted to kg is not a round figure). */
  repsAtLoad: ReadonlyMap<number, number>;
}

export type RecordKind = 'heaviest' | 'oneRepMax' | 'repsAtLoad';

export interface BrokenRecord {
  kind: RecordKind;
  /** The new figure: kg for `heaviest` and `oneRepMax`, reps for `repsAtLoad`. */
  value: number;
  previous: number;
  /** For `repsAtLoad`: the load. */
  loadKg?: number;
}

const loaded = (set: DoneSet): set is { loadKg: number; reps: number } => set.loadKg !== null && set.loadKg > 0 && set.reps !== null && set.reps > 0;

const grams = (kg: number) => Math.round(kg * 1000);

/**
 * Epley's estimate of the heaviest single repetition: load × (1 + reps / 30), and the load itself
 * for a single. Null without a load or a repetition.
 */
export function epleyOneRepMax(loadKg: number | null, reps: number | null): number | null {
  if (loadKg === null || reps === null || !(loadKg > 0) || !(reps > 0)) return null;
  return reps === 1 ? loadKg : loadKg * (1 + reps / 30);
}

/** Load × reps over the sets with a load. */
export function volumeKg(sets: readonly DoneSet[]): number {
  return sets.filter(loaded).reduce((sum, set) => sum + set.loadKg * set.reps, 0);
}

/**
 * The best of some sets by Epley's estimate, then by reps at the same estimate; null when none has
 * a load (sets for time or with body weight are compared by the caller, if at all).
 */
export function bestSet<T extends DoneSet>(sets: readonly T[]): T | null {
  let best: T | null = null;
  let bestScore = 0;
  for (const set of sets) {
    const score = epleyOneRepMax(set.loadKg, set.reps);
    if (score === null) continue;
    if (best === null || score > bestScore || (score === bestScore && (set.reps ?? 0) > (best.reps ?? 0))) {
      best = set;
      bestScore = score;
    }
  }
  return best;
}

export function bestsOf(sets: readonly DoneSet[]): ExerciseBests {
  let heaviestKg: number | null = null;
  let oneRepMaxKg: number | null = null;
  const repsAtLoad = new Map<number, number>();
  for (const set of sets.filter(loaded)) {
    heaviestKg = Math.max(heaviestKg ?? 0, set.loadKg);
    oneRepMaxKg = Math.max(oneRepMaxKg ?? 0, epleyOneRepMax(set.loadKg, set.reps) ?? 0);
    const load = grams(set.loadKg);
    repsAtLoad.set(load, Math.max(repsAtLoad.get(load) ?? 0, set.reps));
  }
  return { heaviestKg, oneRepMaxKg, repsAtLoad };
}

/**
 * The records a session's sets of one exercise break against the bests of the sessions before.
 * Each is compared with a figure from before: a first session, or a first time at a load, breaks
 * none (there is nothing to beat).
 */
export function recordsBroken(before: ExerciseBests, session: readonly DoneSet[]): BrokenRecord[] {
  const now = bestsOf(session);
  const broken: BrokenRecord[] = [];
  if (now.heaviestKg !== null && before.heaviestKg !== null && now.heaviestKg > before.heaviestKg) {
    broken.push({ kind: 'heaviest', value: now.heaviestKg, previous: before.heaviestKg });
  }
  if (now.oneRepMaxKg !== null && before.oneRepMaxKg !== null && now.oneRepMaxKg > before.oneRepMaxKg) {
    broken.push({ kind: 'oneRepMax', value: now.oneRepMaxKg, previous: before.oneRepMaxKg });
  }
  for (const [load, reps] of now.repsAtLoad) {
    const previous = before.repsAtLoad.get(load);
    if (previous !== undefined && reps > previous) broken.push({ kind: 'repsAtLoad', value: reps, previous, loadKg: load / 1000 });
  }
  return broken;
}
