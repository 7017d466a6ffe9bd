/**
 * `npm run db:copy` (issue 49, ADR 031 "Moving over"): the demo database with photos copied into a
 * fresh PostgreSQL database of the test cluster, verified, refused a second time, and served by the
 * app on PostgreSQL as it was on SQLite.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { weightAdd } from '#protocol/mutations/weight-add.ts';
import { uuidv7 } from '#protocol/ids.ts';
import { createSqliteTestApp, MIGRATIONS_FOLDER, type SqliteTestApp } from '../../test/harness.ts';
import { createPostgresDatabase, type PostgresDatabase } from '../../test/postgres.ts';
import { withClient } from '../../../scripts/postgres.mjs';
import { buildServerBundle, type ServerBundle } from '../../test/server-process.ts';
import { createUser, storePhoto } from '../../test/factories.ts';
import { loadConfig } from '../config.ts';
import { createDeps, type AppDeps } from '../deps.ts';
import { findUserById } from '../services/clients.ts';
import { openPostgresDatabase, type AppDatabase } from './client.ts';
import { runDbCopy } from './copy-command.ts';
import { copyToPostgres, CopyVerificationError, tablesInCopyOrder, TargetNotEmptyError, verifyCopy, type CopyOptions, type CopyReport, type TableComparison } from './copy-to-postgres.ts';
import { seedDemoData } from './demo-seed.ts';
import { POSTGRES_MIGRATIONS_FOLDER } from './migrate-postgres.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const NOW = Date.parse('2026-11-23T15:00:00.000Z');
const migrations = { sqlite: MIGRATIONS_FOLDER, postgres: POSTGRES_MIGRATIONS_FOLDER };

let source: SqliteTestApp;
let clientId: string;
let photoIds: string[];
const targets: PostgresDatabase[] = [];

/** A fresh, empty database of the test cluster, dropped after the file. */
async function aTarget(): Promise<PostgresDatabase> {
  const target = await createPostgresDatabase();
  targets.push(target);
  return target;
}

const copyOptions = (to: string): CopyOptions => ({ from: source.deps.config.databasePath, to, uploadsPath: source.deps.config.uploadsPath, migrations });

const byName = (tables: TableComparison[]) => Object.fromEntries(tables.map((t) => [t.name, t]));

beforeAll(async () => {
  source = await createSqliteTestApp({ now: () => NOW });
  await seedDemoData(source.deps);
  const client = await source.database.sql.get<{ id: string }>("SELECT id FROM users WHERE email = 'client@example.com'");
  clientId = client!.id;
  // The demo has no photos: two stored with their files, one whose upload never finished (a row, no file).
  await source.deps.healthConsent.give(clientId, 'pt-BR');
  photoIds = [(await storePhoto(source, clientId)).id, (await storePhoto(source, clientId, { bytes: 6000 })).id, (await storePhoto(source, clientId, { stored: false })).id];
});

afterAll(async () => {
  await Promise.all(targets.map((target) => target.drop()));
  await source.close();
});

describe('copying SQLite into PostgreSQL', () => {
  let target: PostgresDatabase;
  let report: CopyReport;
  let copied: TableComparison[];
  beforeAll(async () => {
    target = await aTarget();
    report = await copyToPostgres(copyOptions(target.url));
    copied = report.tables;
  });

  it('copies every table of the demo database with photos; row counts and checksums equal', async () => {

    expect(copied.map((t) => t.name).sort()).toEqual(tablesInCopyOrder().map((t) => t.name).sort());
    expect(copied.length).toBe(35);
    for (const table of copied) expect(table.target, table.name).toEqual(table.source);
    const tables = byName(copied);
    expect(tables.users?.target.rows).toBe(5);
    expect(tables.weight_records?.target.rows).toBe(24);
    expect(tables.progress_photos?.target.rows).toBe(3);
    // Recorded by the demo's registrations (giving it again above changed nothing).
    expect(tables.health_consents?.target.rows).toBe(3);
    expect(tables.subscriptions?.target.rows).toBe(2);
    // The photos' files stay in the folder the app on PostgreSQL keeps using.
    expect(report.photosCopied).toBeNull();
    expect(report.collation).toBe('C');

    // The counter carries SQLite's value over, in place of the migrations' baseline row.
    const { value } = (await source.database.sql.get<{ value: number }>('SELECT value FROM sync_counter'))!;
    expect(value).toBeGreaterThan(0);
    const counter = await withClient(target.url, (client) => client.query<{ id: string; value: string }>('SELECT id, value FROM sync_counter'));
    expect(counter.rows).toEqual([{ id: '1', value: String(value) }]);

    // Checked again from outside the copy's transaction: what committed is what was verified.
    expect(await verifyCopy(source.deps.config.databasePath, target.url)).toEqual(copied);
  });

  it('leaves every copied table vacuumed and analyzed: the planner has statistics from the first request', async () => {
    const stats = await withClient(target.url, (client) =>
      client.query<{ relname: string; last_vacuum: Date | null; last_analyze: Date | null }>('SELECT relname, last_vacuum, last_analyze FROM pg_stat_user_tables'),
    );
    const copiedNames = copied.map((t) => t.name).sort();
    expect(stats.rows.map((row) => row.relname).sort()).toEqual(expect.arrayContaining(copiedNames));
    for (const row of stats.rows.filter((r) => copiedNames.includes(r.relname))) {
      expect(row.last_vacuum, row.relname).not.toBeNull();
      expect(row.last_analyze, row.relname).not.toBeNull();
    }
  });

  it('refuses a second copy into the now non-empty target, which stays as it was', async () => {
    await expect(copyToPostgres(copyOptions(target.url))).rejects.toThrow(TargetNotEmptyError);
    await expect(copyToPostgres(copyOptions(target.url))).rejects.toThrow(/is not empty \(.*\busers\b.*hold rows\); copy only into an empty database/);
    expect(await verifyCopy(source.deps.config.databasePath, target.url)).toEqual(copied);

    // The command says it in one line and fails.
    const lines: string[] = [];
    const code = await runDbCopy(['--to', target.url], { DATABASE_PATH: source.deps.config.databasePath }, { out: (line) => lines.push(line), error: (line) => lines.push(line) }, { migrations });
    expect(code).toBe(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^db:copy: refused: .+ is not empty \(/);
  });

  it('serves on PostgreSQL the data it served on SQLite, and goes on from there', async () => {
    const database: AppDatabase = openPostgresDatabase(target.url);
    try {
      const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: target.url, UPLOADS_PATH: source.deps.config.uploadsPath, LOG_LEVEL: 'silent' });
      const onPostgres: AppDeps = createDeps(config, database, { now: () => NOW });
      const onSqlite = source.deps;

      const weights = await onSqlite.weightRecords.list(clientId);
      expect(weights).toHaveLength(24);
      expect(await onPostgres.weightRecords.list(clientId)).toEqual(weights);

      const pullOn = async (deps: AppDeps, cursor: number) => deps.sync.pull((await findUserById(deps.database.sql, clientId))!, null, cursor);
      const pulled = await pullOn(onSqlite, 0);
      expect(pulled.changes.progressPhotos).toHaveLength(3);
      expect(await pullOn(onPostgres, 0)).toEqual(pulled);

      // A photo's file is read where it was.
      const photo = await onPostgres.photoFiles.read(clientId, photoIds[1]!, 'image');
      expect(photo?.size).toBe(6000);
      await photo?.body.cancel();

      // New versions continue after SQLite's: a pull from the last cursor sees a new weigh-in.
      const id = uuidv7(NOW);
      await database.sql.transaction(() => onPostgres.mutations.run(clientId, weightAdd, { id, weight: 70.3, notes: null, createdAt: new Date(NOW).toISOString() }));
      expect((await pullOn(onPostgres, pulled.cursor)).changes.weightRecords.map((r) => r.id)).toEqual([id]);

      // The identity column's sequence continues after the copied rows.
      const { last } = (await onSqlite.database.sql.get<{ last: number }>('SELECT max(id) AS last FROM health_consents'))!;
      const consent = await database.sql.get<{ id: number }>("INSERT INTO health_consents (user_id, action, version, locale, at) VALUES (?, 'withdrawn', 'v1', 'pt-BR', ?) RETURNING id", [clientId, NOW]);
      expect(consent?.id).toBe(last + 1);
    } finally {
      await database.close();
    }
  });
});

describe('a table pointing at itself', () => {
  it('copies each teacher before the clients who point at them, whichever registered first', async () => {
    const small = await createSqliteTestApp();
    try {
      // Read in the file's order (registration or its reverse), one of the two clients would come before their teacher.
      const { user: early } = await createUser(small.deps);
      const { user: teacher } = await createUser(small.deps, { role: 'teacher' });
      const { user: late } = await createUser(small.deps);
      await small.database.sql.run('UPDATE users SET teacher_id = ? WHERE id IN (?, ?)', [teacher.id, early.id, late.id]);
      const target = await aTarget();
      // One row per INSERT: PostgreSQL checks a foreign key at the end of each statement, so within one batch any order passes.
      const { tables } = await copyToPostgres({ from: small.deps.config.databasePath, to: target.url, uploadsPath: small.deps.config.uploadsPath, migrations, batchRows: 1 });
      expect(byName(tables).users?.target.rows).toBe(3);
      const { rows } = await withClient(target.url, (client) => client.query<{ teacher_id: string | null }>('SELECT teacher_id FROM users WHERE id IN ($1, $2)', [early.id, late.id]));
      expect(rows).toEqual([{ teacher_id: teacher.id }, { teacher_id: teacher.id }]);
    } finally {
      await small.close();
    }
  });
});

describe('verifying a copy', () => {
  it('names a table whose row differs and a table missing a row', async () => {
    const target = await aTarget();
    await copyToPostgres(copyOptions(target.url));
    await withClient(target.url, async (client) => {
      await client.query('UPDATE weight_records SET weight = weight + 0.1 WHERE id = (SELECT min(id) FROM weight_records)');
      await client.query('DELETE FROM notifications WHERE id = (SELECT min(id) FROM notifications)');
    });
    const failure = await verifyCopy(source.deps.config.databasePath, target.url).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(CopyVerificationError);
    const { differing, message } = failure as CopyVerificationError;
    expect(differing.map((t) => t.name).sort()).toEqual(['notifications', 'weight_records']);
    const weights = differing.find((t) => t.name === 'weight_records')!;
    expect(weights.target.rows).toBe(weights.source.rows);
    expect(weights.target.checksum).not.toBe(weights.source.checksum);
    expect(message).toBe("verification failed: weight_records's checksum differs; notifications has 2 rows in SQLite, 1 in PostgreSQL");
  });
});

describe('photos with another storage in use', () => {
  it('puts every complete photo file into the storage given, under its path in the uploads folder', async () => {
    const target = await aTarget();
    const put: string[] = [];
    const report = await copyToPostgres({ ...copyOptions(target.url), photoStorage: { description: 'a test bucket', put: async (key) => void put.push(key) } });
    expect(report.photosCopied).toBe(4);
    // The third photo's upload never finished: it has no file to copy.
    expect(put).toEqual(photoIds.slice(0, 2).flatMap((id) => [`photos/${clientId}/${id}.image`, `photos/${clientId}/${id}.thumbnail`]).sort());
  });
});

describe('npm run db:copy', () => {
  let bundle: ServerBundle;
  beforeAll(async () => {
    bundle = await buildServerBundle();
  }, 120_000);
  afterAll(() => bundle.remove());

  const runBuilt = (args: string[]) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
      const child = spawn(process.execPath, [bundle.entry.replace(/server\.js$/, 'db-copy.js'), ...args], {
        cwd: root,
        env: { PATH: process.env.PATH, DATABASE_PATH: source.deps.config.databasePath },
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.once('error', reject);
      child.once('exit', (code) => resolve({ code, stdout, stderr }));
    });

  it('copies with the built command, then refuses the same target in one line', async () => {
    const target = await aTarget();
    const first = await runBuilt(['--to', target.url]);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(`db:copy: photos stay in ${source.deps.config.uploadsPath}`);
    expect(first.stdout).toMatch(/db:copy: copied 35 tables, \d+ rows from .+ to 127\.0\.0\.1:\d+\/t_\w+ in [\d.]+ s; row counts and checksums equal\n$/);

    const second = await runBuilt(['--to', target.url]);
    expect(second.code).toBe(1);
    expect(second.stdout).toBe('');
    expect(second.stderr).toMatch(/^db:copy: refused: 127\.0\.0\.1:\d+\/t_\w+ is not empty \([^\n]+\n$/);
  }, 60_000);

  it('asks for the target', async () => {
    const run = await runBuilt([]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('usage: npm run db:copy -- --to postgres://');
  });
});
