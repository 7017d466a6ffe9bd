// `npm run bench`: builds, then runs each benchmark in bench/ and prints its figures as ratios
// measured in this one run (this machine is shared and noisy: never compare absolute numbers
// across runs). A ratio ≤ 1 meets its target. Not part of `npm test`.
import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildAll } from './build.mjs';

const benchDir = fileURLToPath(new URL('../bench/', import.meta.url));
const only = process.argv.slice(2);
const files = readdirSync(benchDir)
  .filter((file) => file.endsWith('.mjs') && file !== 'server.mjs')
  .filter((file) => only.length === 0 || only.some((o) => file.includes(o)));

await buildAll();
let missed = 0;
for (const file of files) {
  const bench = await import(pathToFileURL(benchDir + file).href);
  console.log(`\n${bench.name} (bench/${file})`);
  for (const row of await bench.run()) {
    const verdict = row.ratio <= 1 ? 'ok' : 'OVER';
    if (row.ratio > 1) missed += 1;
    console.log(`  ${row.label.padEnd(34)} ${row.value.padEnd(28)} ${row.ratio.toFixed(2)}× of target (${row.target}) ${verdict}`);
  }
}
console.log(`\nbench: ${files.length} benchmarks, ${missed} figures over target`);
