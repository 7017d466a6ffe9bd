// `npm run restore -- FILE`: puts a backup in place of the stopped server's database
// (DATABASE_PATH), keeping the replaced one aside, and its uploaded files (`FILE.uploads`) in
// place of UPLOADS_PATH's, keeping those aside too. The next server start applies any newer
// migrations to it as usual.
import Database from 'better-sqlite3';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import {
  backupUploadsOf,
  CliError,
  copyUploads,
  commandLinePath,
  copyDatabase,
  databasePathFrom,
  describeDatabase,
  inspectDatabase,
  lockAgainstOtherProcesses,
  parseCommandLine,
  runCommand,
  uploadsPathFrom,
} from './sqlite-backup.mjs';
import { objectStorageFrom, uploadObjects } from './object-storage.mjs';

const USAGE = 'usage: npm run restore -- FILE   (replaces DATABASE_PATH, default ./data/app.db, with the backup FILE)';

/**
 * Moves the current database out of the way as `<name>.before-restore-<timestamp>`, refusing
 * while another process has it open. Its WAL is folded into it first, so the file kept aside
 * holds every committed write even after a crash; the -shm file is only an index and goes.
 */
function setAsideCurrent(target) {
  if (!existsSync(target)) {
    rmSync(`${target}-wal`, { force: true });
    rmSync(`${target}-shm`, { force: true });
    return null;
  }
  let note = '';
  try {
    const current = lockAgainstOtherProcesses(target);
    try {
      current.pragma('journal_mode = DELETE');
    } finally {
      current.close();
    }
  } catch (error) {
    // A database too damaged to open cannot be in use by a server: keep it and its WAL as they are.
    if (!(error instanceof Database.SqliteError)) throw error;
    note = ` (kept as found: ${error.message})`;
  }
  const aside = `${target}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  renameSync(target, aside);
  if (existsSync(`${target}-wal`)) renameSync(`${target}-wal`, `${aside}-wal`);
  rmSync(`${target}-shm`, { force: true });
  return `${aside}${note}`;
}

/**
 * Puts FILE.uploads in place of UPLOADS_PATH (copied beside it, then renamed), the current
 * uploads set aside as `<path>.before-restore-<timestamp>`; with STORAGE_URL, into the bucket. A
 * backup without uploads leaves them.
 */
async function restoreUploads(file) {
  const from = backupUploadsOf(file);
  if (!existsSync(from)) return '';
  const storage = await objectStorageFrom(process.env);
  if (storage) {
    // A bucket has no folder to set aside: the backup's objects are put back over the same keys,
    // and objects stored since the backup stay (no restored record names them).
    const files = await uploadObjects(storage, from);
    return `; the ${storage.where} holds its ${files} uploaded file${files === 1 ? '' : 's'} again`;
  }
  const target = uploadsPathFrom(process.env);
  mkdirSync(path.dirname(target), { recursive: true });
  const partial = `${target}.restoring-${process.pid}`;
  try {
    const files = copyUploads(from, partial);
    let aside = null;
    if (existsSync(target)) {
      aside = `${target}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      renameSync(target, aside);
    }
    renameSync(partial, target);
    return `; ${target} holds its ${files} uploaded file${files === 1 ? '' : 's'}${aside ? ` (the previous ones are kept at ${aside})` : ''}`;
  } finally {
    rmSync(partial, { recursive: true, force: true });
  }
}

runCommand(async () => {
  const file = commandLinePath(parseCommandLine({}, USAGE).file, process.env);
  const target = databasePathFrom(process.env);
  if (!existsSync(file)) throw new CliError(`There is no backup at ${file}.`);
  if (file === target) throw new CliError('The backup file is the database itself; name a backup taken with `npm run backup`.');

  const backup = inspectDatabase(file);
  if (!backup.tables.includes('__drizzle_migrations')) throw new CliError(`${file} is not a database of this app (it has no migration history).`);

  // Copied beside the target first and renamed into place last: a failure on the way leaves the
  // current database where it was, and the target is never half-written.
  mkdirSync(path.dirname(target), { recursive: true });
  const partial = `${target}.restoring-${process.pid}`;
  let aside;
  try {
    const source = new Database(file, { readonly: true, fileMustExist: true });
    try {
      await copyDatabase(source, partial);
    } finally {
      source.close();
    }
    aside = setAsideCurrent(target);
    renameSync(partial, target);
  } finally {
    rmSync(partial, { force: true });
  }
  const uploads = await restoreUploads(file);
  console.log(
    `restore: ${target} now holds ${file} (${describeDatabase(backup)}); ` +
      `${aside ? `the previous database is kept at ${aside}` : 'there was no previous database'}${uploads}. ` +
      'Start the server to apply any newer migrations.',
  );
});
