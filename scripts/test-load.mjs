// `npm run test:load`, part of `npm test`: the load benchmark (bench/api-load.mjs) run briefly on a
// small data set for what it checks besides speed. Under 50 concurrent connections every answer
// must be a 2xx, every push must apply all its mutations, the server must run with
// synchronous=FULL, and the database must hold each acknowledged write exactly once. Its figures
// are printed but not judged: timing belongs to `npm run bench -- api-load` on a quiet machine.
const defaults = { BENCH_SECONDS: '1', BENCH_WARMUP_SECONDS: '1', BENCH_USERS: '100', BENCH_RECORDS: '10000', BENCH_PORT: '3401' };
for (const [name, value] of Object.entries(defaults)) process.env[name] ??= value;

const started = Date.now();
const bench = await import('../bench/api-load.mjs');
const rows = await bench.run();
for (const row of rows) console.log(`  ${row.label.padEnd(36)} ${row.value}`);
console.log(`test:load: every answer a 2xx and every acknowledged write stored once (${((Date.now() - started) / 1000).toFixed(0)} s)`);
