/**
 * The statistics of the /progress page (SPEC: progress), computed from the client's weight
 * records, their registration weight and their target.
 */

export const HISTORY_SIZE = 10;
const DAY_MS = 86_400_000;

export interface WeightPoint {
  weight: number;
  createdAt: string;
  id?: string;
}

/** `P`: the records' own type (with their id and notes), kept in `first`, `last` and `recent`. */
export interface WeightProgress<P extends WeightPoint = WeightPoint> {
  initialWeight: number | null;
  currentWeight: number | null;
  targetWeight: number | null;
  weightLost: number;
  goalPercent: number;
  daysActive: number;
  first: P | null;
  last: P | null;
  total: number;
  recent: P[];
}

// Adding 0 turns -0 into 0, which would otherwise show as "-0".
const roundTo1 = (value: number) => Math.round(value * 10) / 10 + 0;
/** Plain code-unit order, as SQLite compares the ids. */
const byId = (a: WeightPoint, b: WeightPoint) => ((a.id ?? '') < (b.id ?? '') ? -1 : (a.id ?? '') > (b.id ?? '') ? 1 : 0);
const utcDay = (record: WeightPoint) => Math.floor(Date.parse(record.createdAt) / DAY_MS);

function goalPercentOf(initial: number | null, current: number | null, target: number | null): number {
  if (initial === null || current === null || target === null || initial === target) return 0;
  // Dividing signed differences covers both directions: losing towards a lower target and gaining towards a higher one.
  const percent = Math.round(((initial - current) / (initial - target)) * 100);
  return Math.min(100, Math.max(0, percent));
}

export function weightProgress<P extends WeightPoint>(
  records: readonly P[],
  initialWeight: number | null,
  targetWeight: number | null,
): WeightProgress<P> {
  // A record without a readable date or weight cannot be placed on the chart; leave it out.
  const chronological = records
    .filter((record) => Number.isFinite(record.weight) && Number.isFinite(Date.parse(record.createdAt)))
    // Ties broken by id, as the server's "latest record" (ADR 018): both sides name the same current weight.
    .sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || byId(a, b));
  const first = chronological[0] ?? null;
  const last = chronological.at(-1) ?? null;
  const initial = initialWeight ?? first?.weight ?? null;
  const current = last?.weight ?? initial;
  return {
    initialWeight: initial,
    currentWeight: current,
    targetWeight,
    weightLost: initial === null || current === null ? 0 : roundTo1(initial - current),
    goalPercent: goalPercentOf(initial, current, targetWeight),
    daysActive: first && last ? utcDay(last) - utcDay(first) + 1 : 0,
    first,
    last,
    total: chronological.length,
    recent: chronological.slice(-HISTORY_SIZE).reverse(),
  };
}
