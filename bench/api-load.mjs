// API throughput and latency under load (hardening issue, part 6), as ratios measured in one run:
// autocannon in its own process (bench/api-load/load.mjs), 50 connections, on 127.0.0.1, against
// the real server (bench/api-load/server.ts: the app as api/src/server.ts starts it, with
// synchronous=FULL) and a real session signed in through POST /api/clients/login:
//
//   (a) GET /bench/hello: a hello-world Hono route in the same process, the ceiling; measured
//       first and last, the mean of both is the ceiling and both are printed
//   (b) GET /api/clients/me                           ≥ 30% of (a), p99 < 25 ms
//   (c) GET /api/weight-records, the measured user's BENCH_USER_RECORDS records among
//       BENCH_USERS users and BENCH_RECORDS records  ≥ 20% of (a), p99 < 25 ms
//   (d) POST /api/weight-records                      ≥ 5% of (a),  p99 < 50 ms
//   (e) POST /api/sync/push of 20 mutations           p99 < 50 ms
//   server RSS (VmRSS) after the run                  < 200 MB
//   (b)–(e) again on PostgreSQL (issue 49), the same data set copied with db:copy's code into a
//   durable cluster of Debian's package: reads ≥ 50%, writes and pushes ≥ 30% of SQLite's
//   (b) and (e) on two instances on that database, the connections split: ≥ 0.9× one instance,
//   with the CPU time a request costs printed
//   (b) on SQLite while the server's own scheduler sends BENCH_NOTICES (10,000, at most one per
//       user) due notices to a local push service that accepts every message (issue 50): p99
//       ≤ 1.5× (b)'s p99 just before on the same server (+1 ms: autocannon's latencies are whole
//       milliseconds), and every notice delivered
//
// Each figure runs BENCH_WARMUP_SECONDS (default 2, discarded) then BENCH_SECONDS (default 10);
// BENCH_USERS (10,000), BENCH_RECORDS (1,000,000) and BENCH_USER_RECORDS (the mean, 100; 300 is
// ten months of daily weigh-ins) size the data, BENCH_CONNECTIONS (50) the load and
// BENCH_PORT (3400) the port. Every response must be a 2xx, every push must apply all its
// mutations, the server must have run with synchronous=FULL, and afterwards the database must hold
// exactly the records the writes were acknowledged for. A quick smoke run:
//   BENCH_SECONDS=2 BENCH_WARMUP_SECONDS=1 BENCH_USERS=100 BENCH_RECORDS=10000 npm run bench -- api-load
import { spawn } from 'node:child_process';
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { createServer as createHttpServer } from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { build } from 'vite';
import { createDatabase, startCluster, withClient } from '../scripts/postgres.mjs';
import { startServer } from './server.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const env = (name, fallback) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value < 0) throw new Error(`api-load: ${name} must be a number ≥ 0`);
  return value;
};
const SECONDS = env('BENCH_SECONDS', 10);
const WARMUP = env('BENCH_WARMUP_SECONDS', 2);
const CONNECTIONS = env('BENCH_CONNECTIONS', 50);
const PORT = env('BENCH_PORT', 3400);
const PUSH_SIZE = 20;
const NOTICES = env('BENCH_NOTICES', 10_000);
/** Of the 20 mutations of a push, the even ones add a weight record (load.mjs). */
const WEIGHTS_PER_PUSH = PUSH_SIZE / 2;

export const name = `API under load (autocannon, ${CONNECTIONS} connections, ${SECONDS} s per figure, synchronous=FULL)`;

const SERVER_BUNDLE = path.join(root, 'dist/bench/api-load-server.js');

async function buildServer() {
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    build: {
      ssr: 'bench/api-load/server.ts',
      outDir: 'dist/bench',
      emptyOutDir: true,
      target: 'node20',
      minify: false,
      sourcemap: true,
      rollupOptions: { output: { entryFileNames: 'api-load-server.js', format: 'es' } },
    },
  });
}

/** Runs a child to its end and returns its stdout; rejects on a non-zero exit. */
function runChild(args, childEnv) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, env: childEnv, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`api-load: ${args.join(' ').slice(0, 200)} exited with ${code}`))));
  });
}

/** Signs in through the API and returns the Cookie header of the session. */
async function signIn(url, email, password) {
  const response = await fetch(`${url}/api/clients/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: url },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`api-load: sign-in answered ${response.status} ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
  if (!cookie) throw new Error('api-load: sign-in set no cookie');
  return cookie;
}

const rssMb = (pid) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
};

/** CPU time a process has used, user and system, in ms (/proc's clock ticks: USER_HZ is 100 on Linux). */
const cpuMs = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

const fmt = (n) => Math.round(n).toLocaleString('en-US');
const mb = (bytes) => (bytes / 1024 / 1024).toFixed(0);

/**
 * How many of the measured user's weight records and device seqs a database holds after the
 * figures: one statement, so one snapshot (a push commits both or neither).
 */
const COUNTS = 'SELECT (SELECT count(*) FROM weight_records WHERE user_id = $1) AS records, (SELECT coalesce(sum(last_seq), 0) FROM devices WHERE user_id = $1) AS seqs';

const storedInSqlite = (file) => async (userId) => {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(COUNTS.replaceAll('$1', '?')).get(userId, userId);
  } finally {
    db.close();
  }
};

const storedInPostgres = (url) => (userId) =>
  withClient(url, async (client) => {
    const { records, seqs } = (await client.query(COUNTS, [userId])).rows[0];
    return { records: Number(records), seqs: Number(seqs) };
  });

/**
 * Load on `servers` at once, CONNECTIONS shared among them (a round-robin balancer's share), from
 * one autocannon process each: their throughputs added, and the servers' CPU time per request
 * over the warm-up and the measured run.
 */
async function loadOn(servers, label, route, specFor) {
  const cpuBefore = servers.reduce((sum, server) => sum + cpuMs(server.pid), 0);
  const outs = await Promise.all(
    servers.map((server) =>
      runChild(
        [path.join(root, 'bench/api-load/load.mjs'), JSON.stringify({ url: `${server.url}${route}`, connections: CONNECTIONS / servers.length, duration: SECONDS, warmup: WARMUP, ...specFor(server) })],
        process.env,
      ),
    ),
  );
  const cpu = servers.reduce((sum, server) => sum + cpuMs(server.pid), 0) - cpuBefore;
  const runs = outs.map((out) => JSON.parse(out));
  for (const r of runs.flatMap(({ warmup, measured }) => [warmup, measured]).filter(Boolean)) {
    if (r.non2xx > 0 || r.errors > 0 || r.timeouts > 0 || r.bad > 0 || r.ok2xx === 0) {
      throw new Error(`api-load: ${label} is not a clean run (2xx ${r.ok2xx}, non-2xx ${r.non2xx}, errors ${r.errors}, timeouts ${r.timeouts}, bad pushes ${r.bad}${r.firstBad ? `: ${r.firstBad}` : ''})`);
    }
  }
  const total = (field, phase) => runs.reduce((n, run) => n + (run[phase]?.[field] ?? 0), 0);
  // Latencies: the worst instance's.
  const result = {
    reqPerSec: total('reqPerSec', 'measured'),
    p50: Math.max(...runs.map((run) => run.measured.p50)),
    p99: Math.max(...runs.map((run) => run.measured.p99)),
    max: Math.max(...runs.map((run) => run.measured.max)),
    acknowledged: total('ok2xx', 'warmup') + total('ok2xx', 'measured'),
    pushed: total('pushes', 'warmup') + total('pushes', 'measured'),
  };
  result.cpuMsPerRequest = cpu / Math.max(1, total('total', 'warmup') + total('total', 'measured'));
  console.log(`api-load: ${label}: ${fmt(result.reqPerSec)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, max ${result.max} ms, ${result.cpuMsPerRequest.toFixed(2)} ms CPU a request`);
  return result;
}

/**
 * The figures against the server on one database: the ceiling first and last, the API routes
 * between, the memory and the durability it ran with, then the database's check of every
 * acknowledged write.
 */
async function measure(database, serverEnv, seeded, stored) {
  const server = await startServer({ port: PORT, entry: SERVER_BUNDLE, args: ['serve'], env: serverEnv, databasePath: serverEnv.DATABASE_PATH, replaceEnv: true });
  let figures;
  try {
    const cookie = await signIn(server.url, seeded.email, seeded.password);
    const browserHeaders = { cookie, accept: 'application/json', 'accept-language': 'pt-BR,pt;q=0.9,en;q=0.8', 'user-agent': 'Mozilla/5.0 (bench)' };
    const writeHeaders = { ...browserHeaders, 'content-type': 'application/json', origin: server.url };

    const load = (label, route, spec) => loadOn([server], `${database} ${label}`, route, () => spec);

    const get = { method: 'GET', headers: browserHeaders, kind: 'fixed' };
    const hello1 = await load('(a) hello-world', '/bench/hello', get);
    const me = await load('(b) GET /api/clients/me', '/api/clients/me', get);
    const list = await load('(c) GET /api/weight-records', '/api/weight-records', get);
    const add = await load('(d) POST /api/weight-records', '/api/weight-records', {
      method: 'POST',
      headers: writeHeaders,
      kind: 'fixed',
      body: JSON.stringify({ weight: 82.4, notes: 'depois do treino' }),
    });
    const push = await load(`(e) POST /api/sync/push (${PUSH_SIZE} mutations)`, '/api/sync/push', { method: 'POST', headers: writeHeaders, kind: 'push', pushSize: PUSH_SIZE });
    const hello2 = await load('(a) hello-world, again', '/bench/hello', get);
    const memory = rssMb(server.pid);
    // A pooled connection the server closed as idle may fail once: ask again.
    const state = await fetch(`${server.url}/bench/state`)
      .catch(() => fetch(`${server.url}/bench/state`))
      .then((response) => response.json());
    // Every acknowledged write was on disk before its answer.
    if (!state.durable) throw new Error(`api-load: the server on ${database} ran with ${state.settings}`);

    figures = { hello1, hello2, me, list, add, push, memory, heap: state.memory };
  } finally {
    // Stopped first: the requests still in flight when the load ended are answered, or not, by then.
    await server.stop();
  }

  // Every acknowledged write is in the database, once: the idempotency layer skipped none. A
  // run stops with up to one request per connection in flight, which the server still applies
  // without autocannon counting the answer: at most CONNECTIONS more per run, whole pushes only.
  const { add, push } = figures;
  const { records, seqs } = await stored(seeded.userId);
  const inFlight = CONNECTIONS * (WARMUP > 0 ? 2 : 1);
  const unansweredPushes = (seqs - push.pushed * PUSH_SIZE) / PUSH_SIZE;
  const unansweredPosts = records - seeded.userRecords - add.acknowledged - (push.pushed + unansweredPushes) * WEIGHTS_PER_PUSH;
  const within = (n) => Number.isInteger(n) && n >= 0 && n <= inFlight;
  if (!within(unansweredPushes) || !within(unansweredPosts)) {
    throw new Error(
      `api-load: ${database} holds ${records} weight records and ${seqs} device seqs, for ${add.acknowledged} acknowledged POSTs and ${push.pushed} acknowledged pushes (at most ${inFlight} of each unanswered)`,
    );
  }
  console.log(
    `api-load: ${database} check: ${fmt(add.acknowledged)} POSTs and ${fmt(push.pushed)} pushes acknowledged, each stored once (plus ${unansweredPosts} and ${unansweredPushes} in flight at the stops)`,
  );
  return figures;
}

/**
 * A coach's answer due now for up to NOTICES users, each with a device subscribed on the push
 * service at `origin` and no quiet hours, written into the running server's SQLite database as the
 * messages' transactions write them; how many.
 */
function dueNotices(file, origin) {
  const db = new Database(file, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 10000');
    const owners = db.prepare('SELECT min(id) AS session, user_id AS user FROM sessions GROUP BY user_id LIMIT ?').all(NOTICES);
    const ecdh = createECDH('prime256v1');
    const p256dh = ecdh.generateKeys().toString('base64url');
    const auth = randomBytes(16).toString('base64url');
    const subscribe = db.prepare('INSERT INTO push_subscriptions (endpoint, user_id, device_id, session_id, p256dh, auth, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
    const noQuietHours = db.prepare("UPDATE users SET quiet_start = '00:00', quiet_end = '00:00' WHERE id = ?");
    const notice = db.prepare("INSERT INTO notices (id, user_id, kind, key, due_at, not_after, payload) VALUES (?, ?, 'coachMessage', ?, ?, NULL, ?)");
    const now = Date.now();
    const payload = JSON.stringify({ coach: 'Bench Coach', text: 'Bom treino hoje!' });
    db.transaction(() => {
      for (const [i, { session, user }] of owners.entries()) {
        subscribe.run(`${origin}/push/${i}`, user, `bench-device-${i}`, session, p256dh, auth, now);
        noQuietHours.run(user);
        notice.run(randomUUID(), user, randomUUID(), now, payload);
      }
    })();
    return owners.length;
  } finally {
    db.close();
  }
}

/**
 * Issue 50: (b) while the server's scheduler sends due notices (in the same process as the API),
 * against (b) on the same server just before; every notice must reach the push service, once.
 */
async function measureWhileSending(serverEnv, seeded) {
  let delivered = 0;
  const pushService = createHttpServer((request, response) => {
    request.resume();
    request.on('end', () => {
      delivered += 1;
      response.writeHead(201).end();
    });
  });
  await new Promise((resolve) => pushService.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${pushService.address().port}`;
  const server = await startServer({ port: PORT, entry: SERVER_BUNDLE, args: ['serve'], env: { ...serverEnv, PUSH_ALLOWED_ORIGINS: origin }, databasePath: serverEnv.DATABASE_PATH, replaceEnv: true });
  try {
    const cookie = await signIn(server.url, seeded.email, seeded.password);
    const spec = () => ({ method: 'GET', headers: { cookie, accept: 'application/json', 'accept-language': 'pt-BR,pt;q=0.9,en;q=0.8', 'user-agent': 'Mozilla/5.0 (bench)' }, kind: 'fixed' });
    const quiet = await loadOn([server], 'SQLite (b) GET /api/clients/me, nothing to send', '/api/clients/me', spec);
    const started = Date.now();
    const due = dueNotices(serverEnv.DATABASE_PATH, origin);
    const sending = await loadOn([server], `SQLite (b) GET /api/clients/me, ${fmt(due)} notices falling due`, '/api/clients/me', spec);
    // The scheduler claims every few seconds, round after round while a backlog lasts.
    for (const deadline = Date.now() + 180_000; delivered < due && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 100));
    if (delivered !== due) throw new Error(`api-load: ${delivered} of ${due} due notices reached the push service`);
    const seconds = (Date.now() - started) / 1000;
    console.log(`api-load: ${fmt(due)} notices delivered within ${seconds.toFixed(1)} s of falling due`);
    return { quiet, sending, due, seconds };
  } finally {
    await server.stop();
    pushService.close();
  }
}

/**
 * Two instances on the one PostgreSQL database (issue 49), CONNECTIONS split between them as a
 * round-robin balancer would: the profile read and the push, with every push they acknowledged
 * stored once.
 */
async function measureTwoInstances(serverEnv, seeded, stored) {
  const { PORT: _, ...env } = serverEnv;
  const servers = [];
  let figures;
  try {
    for (const port of [PORT, PORT + 1]) servers.push(await startServer({ port, entry: SERVER_BUNDLE, args: ['serve'], env, databasePath: serverEnv.DATABASE_PATH, replaceEnv: true }));
    // One session, kept in the database, signs in on both.
    const cookie = await signIn(servers[0].url, seeded.email, seeded.password);
    const headers = { cookie, accept: 'application/json', 'accept-language': 'pt-BR,pt;q=0.9,en;q=0.8', 'user-agent': 'Mozilla/5.0 (bench)' };
    const before = await stored(seeded.userId);
    // The profile, not the weight list: the list has grown by the one-instance figures' writes since.
    const me = await loadOn(servers, 'PostgreSQL, two instances, (b) GET /api/clients/me', '/api/clients/me', () => ({ method: 'GET', headers, kind: 'fixed' }));
    const push = await loadOn(servers, `PostgreSQL, two instances, (e) POST /api/sync/push (${PUSH_SIZE} mutations)`, '/api/sync/push', (server) => ({
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', origin: server.url },
      kind: 'push',
      pushSize: PUSH_SIZE,
    }));
    figures = { before, me, push };
  } finally {
    for (const server of servers) await server.stop();
  }
  const { before, push } = figures;
  const after = await stored(seeded.userId);
  const inFlight = CONNECTIONS * (WARMUP > 0 ? 2 : 1);
  const unanswered = (after.seqs - before.seqs - push.pushed * PUSH_SIZE) / PUSH_SIZE;
  const records = after.records - before.records;
  if (!Number.isInteger(unanswered) || unanswered < 0 || unanswered > inFlight || records !== (push.pushed + unanswered) * WEIGHTS_PER_PUSH) {
    throw new Error(`api-load: two instances stored ${records} weight records and ${after.seqs - before.seqs} device seqs for ${push.pushed} acknowledged pushes`);
  }
  console.log(`api-load: PostgreSQL, two instances, check: ${fmt(push.pushed)} pushes acknowledged, each stored once (plus ${unanswered} in flight at the stops)`);
  return figures;
}

export async function run() {
  await buildServer();
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-api-load-'));
  const serverEnv = {
    ...process.env,
    NODE_ENV: 'production',
    APP_SECRET: 'bench-secret-0123456789abcdef0123456789abcdef',
    HOST: '127.0.0.1',
    PORT: String(PORT),
    DATABASE_PATH: path.join(dir, 'app.db'),
    LOG_LEVEL: 'error',
  };
  let cluster = null;
  try {
    const seeded = JSON.parse(await runChild([SERVER_BUNDLE, 'seed'], serverEnv));
    console.log(`api-load: seeded ${fmt(seeded.users)} users and ${fmt(seeded.records)} weight records (${seeded.userRecords} the measured user's) in ${seeded.seconds.toFixed(1)} s`);
    // The same data set on PostgreSQL, copied before the SQLite figures add to it: a cluster of
    // Debian's package on this machine with its durable defaults (fsync, synchronous_commit on).
    cluster = await startCluster({ durable: true });
    const postgresUrl = await createDatabase(cluster.url, 'bench');
    const copied = JSON.parse(await runChild([SERVER_BUNDLE, 'copy'], { ...serverEnv, DATABASE_URL: postgresUrl }));
    console.log(`api-load: copied into PostgreSQL ${cluster.port} (${copied.tables} tables, each verified) in ${copied.seconds.toFixed(1)} s`);

    const sqlite = await measure('SQLite', serverEnv, seeded, storedInSqlite(serverEnv.DATABASE_PATH));
    const notices = await measureWhileSending(serverEnv, seeded);
    const postgres = await measure('PostgreSQL', { ...serverEnv, DATABASE_URL: postgresUrl }, seeded, storedInPostgres(postgresUrl));
    const two = await measureTwoInstances({ ...serverEnv, DATABASE_URL: postgresUrl }, seeded, storedInPostgres(postgresUrl));

    const { hello1, hello2, me, list, add, push, memory, heap } = sqlite;
    const ceiling = (hello1.reqPerSec + hello2.reqPerSec) / 2;
    const share = (r) => r.reqPerSec / ceiling;
    const pct = (r) => `${(share(r) * 100).toFixed(1)}%`;
    const throughput = (label, r, min) => ({
      label,
      value: `${fmt(r.reqPerSec)} req/s = ${pct(r)} of (a)`,
      ratio: min / share(r),
      limit: 1,
      target: `≥ ${min * 100}% of (a)`,
    });
    // "Under": a p99 of exactly the bound misses (autocannon's latencies are whole milliseconds).
    const p99 = (label, r, maxMs) => ({ label, value: `p99 ${r.p99} ms (p50 ${r.p50})`, ratio: r.p99 / maxMs, limit: 1 - 1e-9, target: `p99 < ${maxMs} ms` });
    // Issue 49: each route on PostgreSQL against the same route on SQLite, in this run.
    const againstSqlite = (label, key, min) => {
      const share = postgres[key].reqPerSec / sqlite[key].reqPerSec;
      return {
        label: `${label} on PostgreSQL`,
        value: `${fmt(postgres[key].reqPerSec)} req/s = ${(share * 100).toFixed(0)}% of SQLite's, p99 ${postgres[key].p99} ms`,
        ratio: min / share,
        limit: 1,
        target: `≥ ${min * 100}% of SQLite's`,
      };
    };
    // Issue 49: two instances against one on PostgreSQL, and what a request costs in CPU time, to
    // project capacity per core on bigger machines (here both instances share two cores with
    // the database and the load).
    const twoAgainstOne = (label, key) => {
      const times = two[key].reqPerSec / postgres[key].reqPerSec;
      return {
        label: `${label}, two instances on PostgreSQL`,
        value: `${fmt(two[key].reqPerSec)} req/s = ${times.toFixed(2)}× one; CPU ${two[key].cpuMsPerRequest.toFixed(2)} ms a request (one instance ${postgres[key].cpuMsPerRequest.toFixed(2)}, SQLite ${sqlite[key].cpuMsPerRequest.toFixed(2)})`,
        ratio: 0.9 / times,
        limit: 1,
        target: '≥ 0.9× one instance',
      };
    };
    return [
      {
        label: '(a) GET /bench/hello (ceiling)',
        value: `${fmt(ceiling)} req/s (${fmt(hello1.reqPerSec)} first, ${fmt(hello2.reqPerSec)} last), p99 ${hello1.p99}/${hello2.p99} ms`,
        ratio: 1,
        limit: 1,
        target: '100% by definition',
      },
      throughput('(b) GET /api/clients/me', me, 0.3),
      p99('(b) GET /api/clients/me', me, 25),
      throughput(`(c) GET /api/weight-records (${seeded.userRecords})`, list, 0.2),
      p99('(c) GET /api/weight-records', list, 25),
      throughput('(d) POST /api/weight-records', add, 0.05),
      p99('(d) POST /api/weight-records', add, 50),
      // (e) has a latency target only; its throughput is printed with it.
      { ...p99(`(e) POST /api/sync/push (${PUSH_SIZE})`, push, 50), value: `p99 ${push.p99} ms (p50 ${push.p50}); ${fmt(push.reqPerSec)} req/s = ${pct(push)} of (a)` },
      {
        label: 'server RSS after the run',
        value: `${memory.rss.toFixed(0)} MB (peak ${memory.hwm.toFixed(0)}; V8 heap ${mb(heap.heapUsed)} used of ${mb(heap.heapTotal)}, external ${mb(heap.external)})`,
        ratio: memory.rss / 200,
        limit: 1 - 1e-9,
        target: '< 200 MB',
      },
      againstSqlite('(b) GET /api/clients/me', 'me', 0.5),
      againstSqlite('(c) GET /api/weight-records', 'list', 0.5),
      againstSqlite('(d) POST /api/weight-records', 'add', 0.3),
      againstSqlite('(e) POST /api/sync/push', 'push', 0.3),
      twoAgainstOne('(b) GET /api/clients/me', 'me'),
      twoAgainstOne('(e) POST /api/sync/push', 'push'),
      {
        label: `(b) while ${fmt(notices.due)} notices are sent`,
        value: `p99 ${notices.sending.p99} ms vs ${notices.quiet.p99} ms without (p50 ${notices.sending.p50} vs ${notices.quiet.p50}); all delivered within ${notices.seconds.toFixed(0)} s`,
        ratio: notices.sending.p99 / (1.5 * notices.quiet.p99 + 1),
        limit: 1,
        target: '≤ 1.5× p99 without (+1 ms)',
      },
    ];
  } finally {
    await cluster?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
