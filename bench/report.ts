/** One printed figure: scripts/bench.mjs collects the lines that start with BENCH. */
export interface BenchRow {
  label: string;
  value: string;
  /** The measured ratio (or share of a budget). */
  ratio: number;
  /** The target: the ratio must not exceed it. */
  limit: number;
  target: string;
}

export function report(name: string, rows: BenchRow[]): void {
  console.log(`BENCH ${JSON.stringify({ name, rows })}`);
}

/** Runs `a` and `b` interleaved, warm, and returns the median of each (ms). */
export async function interleaved(rounds: number, a: () => unknown, b: () => unknown): Promise<{ a: number; b: number }> {
  const timed = (fn: () => unknown) => async () => {
    const started = performance.now();
    await fn();
    return performance.now() - started;
  };
  return interleavedSelfTimed(rounds, timed(a), timed(b));
}

/**
 * As `interleaved`, for runs that time only a part of what they do (each returns its own ms): the
 * rest (resetting the data, say) is needed between measures but is not the thing measured.
 */
export async function interleavedSelfTimed(rounds: number, a: () => Promise<number>, b: () => Promise<number>): Promise<{ a: number; b: number }> {
  const times = { a: [] as number[], b: [] as number[] };
  await a();
  await b();
  for (let i = 0; i < rounds; i++) {
    times.a.push(await a());
    times.b.push(await b());
  }
  const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)] as number;
  return { a: median(times.a), b: median(times.b) };
}
