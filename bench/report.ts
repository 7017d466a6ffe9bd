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
  const times = { a: [] as number[], b: [] as number[] };
  await a();
  await b();
  for (let i = 0; i < rounds; i++) {
    for (const [key, fn] of [['a', a], ['b', b]] as const) {
      const started = performance.now();
      await fn();
      times[key].push(performance.now() - started);
    }
  }
  const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)] as number;
  return { a: median(times.a), b: median(times.b) };
}
