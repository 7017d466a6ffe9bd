import Database from 'better-sqlite3';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createSqliteTestApp, MIGRATIONS_FOLDER } from '../../test/harness.ts';
import { createUser, storePhoto, webpBytes } from '../../test/factories.ts';
import { createTestBucket } from '../../test/s3.ts';
import { openDatabase } from './client.ts';
import { applyMigrations } from './migrate.ts';

// `npm run backup` and `npm run restore` as an operator runs them, on real migrated databases,
// with another process writing to or holding the database meanwhile.
const scripts = fileURLToPath(new URL('../../../scripts/', import.meta.url));
const writerScript = fileURLToPath(new URL('./backup-test-writer.mjs', import.meta.url));
const dir = mkdtempSync(path.join(tmpdir(), 'backup-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Each test starts one to three Node processes, which takes a while on a busy machine.
describe('npm run backup / npm run restore', { timeout: 30_000 }, () => {
  it('backs up the live database while another process keeps writing, and restores every write acknowledged before it', async () => {
    const t = await createSqliteTestApp();
    const { user } = await createUser(t.deps);
    const writer = startWriter(t.database.sqlite.name, user.id, 5000);
    await writer.until(() => writer.acknowledged.length >= 50);

    const acknowledgedBefore = [...writer.acknowledged];
    const backupFile = path.join(dir, 'under-load.db');
    const backup = await runScript('backup.mjs', [backupFile], t.database.sqlite.name);
    const writtenDuringBackup = writer.acknowledged.length - acknowledgedBefore.length;
    await writer.stop();
    await t.close();

    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(/^backup: .*under-load\.db \(.* pages, \d+ tables, [\d,]+ rows, integrity ok\)/);
    expect(writtenDuringBackup).toBeGreaterThan(0);

    const restoredFile = path.join(dir, 'fresh', 'app.db');
    const restore = await runScript('restore.mjs', [backupFile], restoredFile);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain('there was no previous database');

    expect(integrityOf(restoredFile)).toBe('ok');
    const restored = new Database(restoredFile, { readonly: true });
    const copies = new Map(
      (restored.prepare('SELECT id, count(*) AS n FROM weight_records WHERE user_id = ? GROUP BY id').all(user.id) as { id: string; n: number }[]).map((row) => [row.id, row.n]),
    );
    for (const id of acknowledgedBefore) expect(copies.get(id), id).toBe(1);
    // One snapshot: the writer's transactions are all there up to some point and none after it,
    // and the sync counter was copied from the same moment as the rows it numbered.
    const versions = restored.prepare("SELECT version FROM weight_records WHERE id LIKE 'load-%' ORDER BY version").pluck().all() as number[];
    expect(versions).toEqual(versions.map((_, i) => versions[0]! + i));
    expect(restored.prepare('SELECT value FROM sync_counter WHERE id = 1').pluck().get()).toBe(versions.at(-1));
    restored.close();
    // A plain single file: readers need no -wal or -shm beside it.
    expect(readdirSync(dir).filter((name) => name.startsWith('under-load.db'))).toEqual(['under-load.db']);
  });

  it('takes the progress photos’ files along (FILE.uploads) and puts them back beside the restored database, never a part still arriving', async () => {
    const t = await createSqliteTestApp();
    const { user } = await createUser(t.deps);
    const photo = await storePhoto(t, user.id);
    const arriving = await storePhoto(t, user.id, { stored: false });
    await t.deps.photoFiles.append(user.id, arriving.id, 'image', 0, webpBytes(1000), 4000, 'image/webp');
    const file = path.join(dir, 'with-photos.db');
    const backup = await runScript('backup.mjs', [file], t.database.sqlite.name);
    await t.close();
    expect(backup.stderr).toBe('');
    expect(backup.stdout).toContain(`with 2 uploaded files in ${file}.uploads`);

    const restoredDir = path.join(dir, 'restored-with-photos');
    mkdirSync(path.join(restoredDir, 'uploads', 'photos'), { recursive: true });
    writeFileSync(path.join(restoredDir, 'uploads', 'photos', 'left-before'), 'x');
    const restore = await runScript('restore.mjs', [file], path.join(restoredDir, 'app.db'));
    expect(restore.stderr).toBe('');
    expect(restore.stdout).toMatch(/holds its 2 uploaded files \(the previous ones are kept at .*uploads\.before-restore-/);
    const photos = path.join(restoredDir, 'uploads', 'photos', user.id);
    expect(readdirSync(photos).sort()).toEqual([`${photo.id}.image`, `${photo.id}.thumbnail`]);
    expect(new Uint8Array(readFileSync(path.join(photos, `${photo.id}.image`)))).toEqual(webpBytes(4000));
  });

  it('takes the photos kept in an S3-compatible bucket (STORAGE_URL) along, and puts them back in the bucket (ADR 031)', async () => {
    const bucket = await createTestBucket();
    try {
      const t = await createSqliteTestApp({ env: { STORAGE_URL: bucket.storageUrl } });
      const { user } = await createUser(t.deps);
      const photo = await storePhoto(t, user.id);
      const arriving = await storePhoto(t, user.id, { stored: false });
      await t.deps.photoFiles.append(user.id, arriving.id, 'image', 0, webpBytes(1000), 4000, 'image/webp');
      const file = path.join(dir, 'with-objects.db');
      const backup = await runScript('backup.mjs', [file], t.database.sqlite.name, { STORAGE_URL: bucket.storageUrl });
      await t.close();
      expect(backup.code).toBe(0);
      expect(backup.stdout).toContain(`with 2 uploaded files from the bucket ${bucket.name} at`);
      const saved = path.join(`${file}.uploads`, 'photos', user.id);
      expect(readdirSync(saved).sort()).toEqual([`${photo.id}.image`, `${photo.id}.thumbnail`]);
      expect(new Uint8Array(readFileSync(path.join(saved, `${photo.id}.image`)))).toEqual(webpBytes(4000));

      // The bucket lost its objects; the restore puts them back.
      const { DeleteObjectsCommand } = await import('@aws-sdk/client-s3');
      await bucket.client.send(new DeleteObjectsCommand({ Bucket: bucket.name, Delete: { Objects: (await bucket.keys()).map((Key) => ({ Key })) } }));
      expect(await bucket.keys()).toEqual([]);
      const restore = await runScript('restore.mjs', [file], path.join(dir, 'restored-with-objects', 'app.db'), { STORAGE_URL: bucket.storageUrl });
      expect(restore.code).toBe(0);
      expect(restore.stdout).toContain(`the bucket ${bucket.name} at`);
      expect(await bucket.keys()).toEqual([`photos/${user.id}/${photo.id}.image`, `photos/${user.id}/${photo.id}.thumbnail`].sort());
    } finally {
      await bucket.drop();
    }
  });

  it('refuses to overwrite an existing file unless --force', async () => {
    const t = await createSqliteTestApp();
    const live = t.database.sqlite.name;
    const file = path.join(dir, 'existing.db');
    writeFileSync(file, 'an earlier backup');

    const refused = await runScript('backup.mjs', [file], live);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/already exists; pass --force/);
    expect(readFileSync(file, 'utf8')).toBe('an earlier backup');

    const forced = await runScript('backup.mjs', [file, '--force'], live);
    await t.close();
    expect(forced.code).toBe(0);
    expect(integrityOf(file)).toBe('ok');
    expect(readdirSync(dir).filter((name) => name.includes('.partial-'))).toEqual([]);
  });

  it('refuses to restore while another process has the database open, then keeps the replaced one aside', async () => {
    const olderBackup = path.join(dir, 'older-version.db');
    await writeOlderVersionBackup(olderBackup);

    const t = await createSqliteTestApp();
    const { user } = await createUser(t.deps);
    const target = t.database.sqlite.name;
    const targetDir = path.dirname(target);
    await t.database.close();
    // A server that wrote, sits idle with the database open, and later dies without closing it.
    const server = startWriter(target, user.id, 20);
    await server.until(() => server.done);

    const refused = await runScript('restore.mjs', [olderBackup], target);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/is open in another process \(is the server running\?\)/);
    expect(readdirSync(targetDir).sort()).toEqual(['test.db', 'test.db-shm', 'test.db-wal']);

    server.child.kill('SIGKILL');
    await server.exited;
    expect(statSync(`${target}-wal`).size).toBeGreaterThan(0);
    const restore = await runScript('restore.mjs', [olderBackup], target);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    const files = readdirSync(targetDir).sort();
    expect(files).toEqual(['test.db', expect.stringMatching(/^test\.db\.before-restore-\d{4}-\d\d-\d\dT[\d-]+Z$/)]);
    expect(restore.stdout).toContain(`kept at ${path.join(targetDir, files[1]!)}`);

    // The crashed server's last writes lived only in its WAL; the copy kept aside has them.
    expect(integrityOf(path.join(targetDir, files[1]!))).toBe('ok');
    const keptAside = new Database(path.join(targetDir, files[1]!), { readonly: true });
    expect(keptAside.prepare('SELECT id FROM weight_records WHERE user_id = ?').pluck().all(user.id)).toEqual(expect.arrayContaining(server.acknowledged));
    expect(server.acknowledged).toHaveLength(20);
    keptAside.close();

    // The next start migrates the restored database to this version, as after any upgrade.
    const restarted = openDatabase(target);
    expect(restarted.sqlite.prepare('SELECT count(*) FROM __drizzle_migrations').pluck().get()).toBe(journalEntries().length - 1);
    applyMigrations(restarted, MIGRATIONS_FOLDER);
    expect(restarted.sqlite.prepare('SELECT count(*) FROM __drizzle_migrations').pluck().get()).toBe(journalEntries().length);
    await restarted.close();
    await t.close();
  });

  it('restores over a database too damaged to open, keeping it aside as found', async () => {
    const backupFile = path.join(dir, 'for-damaged.db');
    await writeOlderVersionBackup(backupFile);
    const target = path.join(dir, 'damaged', 'app.db');
    mkdirSync(path.dirname(target));
    writeFileSync(target, 'not a database at all, but the operator wants it back');

    const restore = await runScript('restore.mjs', [backupFile], target);
    expect(restore.code).toBe(0);
    expect(restore.stdout).toMatch(/kept at .*app\.db\.before-restore-.* \(kept as found: file is not a database\)/);
    const aside = readdirSync(path.dirname(target)).find((name) => name.includes('.before-restore-'));
    expect(readFileSync(path.join(path.dirname(target), aside!), 'utf8')).toBe('not a database at all, but the operator wants it back');
    expect(integrityOf(target)).toBe('ok');
  });
});

interface ScriptResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs scripts/<name> in its own process with DATABASE_PATH set, as `npm run` would. */
function runScript(name: string, args: string[], databasePath: string, env: Record<string, string> = {}): Promise<ScriptResult> {
  const child = spawn(process.execPath, [path.join(scripts, name), ...args], {
    env: { ...process.env, DATABASE_PATH: databasePath, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

/** backup-test-writer.mjs on `file`: the ids it has acknowledged as committed, in order. */
function startWriter(file: string, userId: string, limit: number) {
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, [writerScript, file, userId, String(limit)]);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const writer = {
    child,
    exited,
    acknowledged: [] as string[],
    done: false,
    /** Waits until `condition` holds, failing if the writer stops first or takes over 10 s. */
    async until(condition: () => boolean) {
      for (let waited = 0; !condition(); waited += 10) {
        if (child.exitCode !== null || child.signalCode !== null || waited > 10_000) throw new Error(`writer stopped or stalled: ${stderr}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    async stop() {
      child.stdin.end();
      await exited;
    },
  };
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (line === 'done') writer.done = true;
    else if (line !== 'open') writer.acknowledged.push(line);
  });
  return writer;
}

function integrityOf(file: string): unknown {
  const database = new Database(file, { readonly: true });
  try {
    return database.pragma('integrity_check', { simple: true });
  } finally {
    database.close();
  }
}

function journalEntries(): { tag: string }[] {
  return (JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] }).entries;
}

/** A backup taken by the previous version of the app: every migration but the newest. */
async function writeOlderVersionBackup(file: string) {
  const folder = path.join(dir, 'older-migrations');
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
  writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries: journal.entries.slice(0, -1) }));
  const database = openDatabase(file);
  applyMigrations(database, folder);
  database.sqlite.pragma('journal_mode = DELETE');
  await database.close();
}
