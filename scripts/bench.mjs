// `npm run bench`: builds, then runs each benchmark in bench/ and prints its figures as ratios
// measured in this one run (this machine is shared and noisy: never compare absolute numbers
// across runs). A ratio ≤ 1 meets its target; the run exits 1 when a figure misses its target.
// `npm run bench -- sync` runs the benchmarks whose file names contain "sync".
//
// `--gate` (issue 47, `npm run test:perf`, part of `npm test`): a benchmark that exports
// `noisy = true` (measured time, not bytes) and misses a target is run once more, so that one
// noisy sitting does not block a submission; a deterministic one (bytes) counts at once. The second
// sitting counts: judged on its runs and the first's together when the benchmark takes them back
// (its rows' `sitting`, given to its `run`: Lighthouse's medians of 10 rather than 5), else on its
// own. Every sitting's table is printed.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildAll } from './build.mjs';

const benchDir = fileURLToPath(new URL('../bench/', import.meta.url));
const gate = process.argv.includes('--gate');
const only = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const files = readdirSync(benchDir)
  .filter((file) => file.endsWith('.mjs') && file !== 'server.mjs')
  .filter((file) => only.length === 0 || only.some((o) => file.includes(o)));

let missed = 0;
let benchmarks = 0;
/** Prints a benchmark's rows and returns how many missed their target. */
const print = (name, rows) => {
  console.log(`\n${name}`);
  let misses = 0;
  for (const row of rows) {
    const verdict = row.ratio <= row.limit ? 'ok' : 'MISSED';
    if (row.ratio > row.limit) misses += 1;
    console.log(`  ${row.label.padEnd(36)} ${row.value.padEnd(30)} ratio ${row.ratio.toFixed(2)} (target ${row.target}) ${verdict}`);
  }
  return misses;
};
const count = (misses) => {
  benchmarks += 1;
  missed += misses;
};

// TypeScript benchmarks of the real services run through Vitest (they print BENCH lines).
const tsBenches = readdirSync(benchDir).filter((file) => file.endsWith('.bench.ts') && (only.length === 0 || only.some((o) => file.includes(o))));
if (tsBenches.length > 0) {
  const run = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--config', 'vitest.bench.config.ts', ...tsBenches.map((f) => `bench/${f}`)], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    encoding: 'utf8',
  });
  for (const line of `${run.stdout}\n${run.stderr}`.split('\n')) {
    const at = line.indexOf('BENCH ');
    if (at >= 0) {
      const { name, rows } = JSON.parse(line.slice(at + 6));
      count(print(name, rows));
    }
  }
  if (run.status !== 0) {
    console.error(run.stdout, run.stderr);
    process.exitCode = 1;
  }
}

// Browser benchmarks against the built server.
if (files.length > 0) await buildAll();
for (const file of files) {
  const bench = await import(pathToFileURL(benchDir + file).href);
  const first = await bench.run();
  let misses = print(`${bench.name} (bench/${file})`, first);
  if (gate && bench.noisy && misses > 0) {
    const pooled = first.sitting !== undefined;
    console.log(`\ngate: bench/${file} missed ${misses} target(s) in this sitting; measuring once more, and that sitting counts${pooled ? ', with the first sitting’s runs' : ''}`);
    misses = print(`${bench.name} (bench/${file}, second sitting${pooled ? ', both sittings’ runs' : ''})`, await bench.run(first.sitting));
  }
  count(misses);
}
console.log(`\nbench: ${benchmarks} benchmarks, ${missed} figures missed their target`);
// A missed target fails the run, as a failed benchmark does.
if (missed > 0) process.exitCode = 1;
