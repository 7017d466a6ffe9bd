/**
 * The server of the API load benchmark (bench/api-load.mjs), built with Vite SSR into
 * dist/bench/api-load-server.js and run as a child process in two steps:
 *
 *   node dist/bench/api-load-server.js seed    migrates DATABASE_PATH, inserts the data set, exits
 *   node dist/bench/api-load-server.js copy    copies that database into DATABASE_URL (PostgreSQL)
 *   node dist/bench/api-load-server.js serve   the real app, started as api/src/server.ts does,
 *                                              plus GET /bench/hello (the ceiling)
 *
 * Seeding runs in its own process so the server's memory after the run is the server's alone.
 * The ceiling is a hello-world route on the same Hono app, listener and process: it passes the
 * app's global middleware and router but none of the /api middleware (session, body limit,
 * origin check), which is part of what the API figures measure. The app is built API-only
 * (staticRoot null): the PWA's catch-all GET would otherwise answer /bench/hello, and no /api
 * route ever reaches the static handlers, so the API behaves exactly as in production.
 */
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, openSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { uuidv7 } from '#protocol/ids.ts';
import { registerClientSchema } from '#protocol/schemas/clients.ts';
import { bootApp, serveApp } from '../../api/src/boot.ts';
import { loadConfig } from '../../api/src/config.ts';
import { openDatabase } from '../../api/src/db/client.ts';
import { copyToPostgres } from '../../api/src/db/copy-to-postgres.ts';
import { applyMigrations } from '../../api/src/db/migrate.ts';
import { registerClient } from '../../api/src/services/clients.ts';
import { createNotices } from '../../api/src/notices/notices.ts';
import { createReminders } from '../../api/src/notices/reminders.ts';
import { SESSION_TTL_MS } from '../../api/src/auth/sessions.ts';

// Two levels below the project root both as source (bench/api-load/) and built (dist/bench/).
const projectRoot = fileURLToPath(new URL('../../', import.meta.url));
const migrations = `${projectRoot}api/drizzle`;
const postgresMigrations = `${projectRoot}api/drizzle-pg`;

const count = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`${name} must be a positive whole number`);
  return value;
};

const BENCH_EMAIL = 'bench.client@example.com';
const BENCH_PASSWORD = 'bench-password-1';

/**
 * BENCH_USERS accounts (the measured one registered through the service, the others copies of
 * it with their own id, e-mail and session) and BENCH_RECORDS weight records in time order over
 * two years, BENCH_USER_RECORDS of them the measured user's, spread evenly among the others' as
 * a real table fills. One transaction of prepared inserts into the migrated schema; then each
 * client's next reminders, as a running server holds them.
 */
async function seed() {
  const users = count('BENCH_USERS', 10_000);
  const records = count('BENCH_RECORDS', 1_000_000);
  // By default the measured user is a typical one: the data set's mean (100 of 1,000,000 among 10,000).
  const userRecords = Math.min(records, count('BENCH_USER_RECORDS', Math.round(records / Math.max(users, 1))));
  const started = Date.now();
  const config = loadConfig(process.env);
  const database = openDatabase(config.databasePath);
  applyMigrations(database, migrations);
  const { sqlite } = database;
  // Setup only, in this process: a large page cache keeps a million index inserts in memory, and
  // a rollback journal without syncs writes the pages once (the server reopens it in WAL mode).
  sqlite.pragma('cache_size = -524288');
  sqlite.pragma('journal_mode = DELETE');
  sqlite.pragma('synchronous = OFF');

  const input = registerClientSchema.validateSync({
    name: 'Bench Client',
    email: BENCH_EMAIL,
    password: BENCH_PASSWORD,
    height: 168,
    currentWeight: 84.5,
    targetWeight: 70,
    weeklyWeightGoal: 0.5,
    birthDate: '1990-05-12',
    gender: 'feminino',
    activityLevel: 'leve',
    goalType: 'perder_peso',
    timeFrame: 'sixMonths',
    countryCode: 'BR',
  });
  const me = await registerClient(database.sql, input, started);

  const columns = (sqlite.prepare('PRAGMA table_info(users)').all() as { name: string }[]).map((c) => c.name);
  const copied = columns.map((c) => (c === 'id' || c === 'email' ? '?' : c)).join(', ');
  const copyUser = sqlite.prepare(`INSERT INTO users (${columns.join(', ')}) SELECT ${copied} FROM users WHERE id = ?`);
  const insertSession = sqlite.prepare('INSERT INTO sessions (id, user_id, created_at, expires_at, user_agent) VALUES (?, ?, ?, ?, ?)');
  const insertWeight = sqlite.prepare('INSERT INTO weight_records (id, user_id, weight, notes, created_at, deleted_at, version) VALUES (?, ?, ?, ?, ?, NULL, ?)');
  const counter = sqlite.prepare<[], { value: number }>('SELECT value FROM sync_counter WHERE id = 1');
  const setCounter = sqlite.prepare('UPDATE sync_counter SET value = ? WHERE id = 1');

  sqlite.transaction(() => {
    const others: string[] = [];
    for (let i = 1; i < users; i++) {
      const id = uuidv7(started);
      // The order of the columns decides which placeholder is which: id and e-mail, as in the table.
      copyUser.run(...columns.flatMap((c) => (c === 'id' ? [id] : c === 'email' ? [`bench.user.${i}@example.com`] : [])), me.id);
      insertSession.run(createHash('sha256').update(randomBytes(32)).digest('hex'), id, started, started + SESSION_TTL_MS, 'Mozilla/5.0 (bench)');
      others.push(id);
    }
    let version = (counter.get() as { value: number }).value;
    const span = 2 * 365 * 24 * 3600 * 1000;
    const first = started - span;
    const stride = records / userRecords;
    let mine = 0;
    for (let i = 0; i < records; i++) {
      const at = first + Math.floor((i * span) / records);
      const isMine = mine < userRecords && i >= Math.floor(mine * stride);
      if (isMine) mine += 1;
      const userId = isMine || others.length === 0 ? me.id : (others[Math.floor(Math.random() * others.length)] as string);
      insertWeight.run(uuidv7(at), userId, Math.round(600 + Math.random() * 400) / 10, i % 10 === 0 ? 'depois do treino' : null, at, ++version);
    }
    setCounter.run(version);
  })();
  // The reminders a running server keeps one ahead for each client, made by the app's own pass:
  // the figures then measure a server in its steady state, not a first start writing 30,000 rows
  // while the first figures run (issue 50).
  await createReminders(database.sql, createNotices(database.sql, Date.now), Date.now).scheduleAllMissing(500);
  sqlite.pragma('journal_mode = WAL');
  const mineCount = (sqlite.prepare('SELECT count(*) AS n FROM weight_records WHERE user_id = ?').get(me.id) as { n: number }).n;
  database.close();
  // Written without syncs: flush it now, or the kernel's write-back would run during the first figures.
  const fd = openSync(config.databasePath, 'r+');
  fsyncSync(fd);
  closeSync(fd);
  process.stdout.write(`${JSON.stringify({ email: BENCH_EMAIL, password: BENCH_PASSWORD, userId: me.id, users, records, userRecords: mineCount, seconds: (Date.now() - started) / 1000 })}\n`);
}

/**
 * The seeded SQLite file copied into the empty PostgreSQL database at DATABASE_URL, with db:copy's
 * own code (verified table by table): the same data set for the figures on PostgreSQL.
 */
async function copy() {
  const started = Date.now();
  const config = loadConfig(process.env);
  if (config.databaseUrl === null) throw new Error('copy needs DATABASE_URL');
  const report = await copyToPostgres({ from: config.databasePath, to: config.databaseUrl, uploadsPath: config.uploadsPath, migrations: { sqlite: migrations, postgres: postgresMigrations } });
  process.stdout.write(`${JSON.stringify({ tables: report.tables.length, seconds: (Date.now() - started) / 1000 })}\n`);
}

/** The app as api/src/server.ts starts it, plus the ceiling route and the durability probe. */
async function main() {
  const { app, deps } = await bootApp(loadConfig(process.env, { staticRoot: null }), { sqlite: migrations, postgres: postgresMigrations });
  app.get('/bench/hello', (c) => c.json({ hello: 'world' }));
  // The durability the write figures ran with, and where the server's memory is (V8 heap, buffers,
  // the rest native). With --expose-gc, ?gc=1 collects first: what is live, not what awaits collection.
  // Durable: SQLite's synchronous=FULL (2) in WAL mode; PostgreSQL's fsync and synchronous_commit on.
  app.get('/bench/state', async (c) => {
    if (c.req.query('gc') === '1') (globalThis as { gc?: () => void }).gc?.();
    const { sqlite, sql } = deps.database;
    if (sqlite) {
      const settings = `synchronous=${String(sqlite.pragma('synchronous', { simple: true }))}, journal_mode=${String(sqlite.pragma('journal_mode', { simple: true }))}`;
      return c.json({ settings, durable: settings === 'synchronous=2, journal_mode=wal', memory: process.memoryUsage() });
    }
    const row = (await sql.get<{ fsync: string; commit: string }>("SELECT current_setting('fsync') AS fsync, current_setting('synchronous_commit') AS commit")) as { fsync: string; commit: string };
    return c.json({ settings: `fsync=${row.fsync}, synchronous_commit=${row.commit}`, durable: row.fsync === 'on' && row.commit === 'on', memory: process.memoryUsage() });
  });
  serveApp(app, deps);
}

const mode = process.argv[2];
(mode === 'seed' ? seed() : mode === 'copy' ? copy() : mode === 'serve' ? main() : Promise.reject(new Error('usage: api-load-server.js seed|copy|serve'))).catch((error: unknown) => {
  process.stderr.write(`bench server: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
