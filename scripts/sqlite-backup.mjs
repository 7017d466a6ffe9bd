// What `npm run backup` and `npm run restore` share. Plain JavaScript on better-sqlite3, so both
// run from a source checkout and from the Docker image, which has no TypeScript sources.
import Database from 'better-sqlite3';
import { cpSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

/** A refusal or a failure to report to the operator as one message and a non-zero exit. */
export class CliError extends Error {}

/** The server's database, resolved as api/src/config.ts and the server do: relative to the working directory. */
export function databasePathFrom(env) {
  return path.resolve(env.DATABASE_PATH?.trim() || './data/app.db');
}

/** Where the server keeps uploaded files: UPLOADS_PATH, by default `uploads` beside the database (as api/src/config.ts). */
export function uploadsPathFrom(env) {
  return path.resolve(env.UPLOADS_PATH?.trim() || path.join(path.dirname(databasePathFrom(env)), 'uploads'));
}

/** The folder of uploads that goes with a backup FILE. */
export const backupUploadsOf = (file) => `${file}.uploads`;

/** Copies the uploads' complete files (never a `.part` still arriving); returns how many. */
export function copyUploads(from, to) {
  let files = 0;
  cpSync(from, to, {
    recursive: true,
    filter: (source) => {
      if (source.endsWith('.part')) return false;
      if (statSync(source).isFile()) files += 1;
      return true;
    },
  });
  return files;
}

/** A file named on the command line: npm runs scripts from the project root and keeps the shell's directory in INIT_CWD. */
export function commandLinePath(file, env) {
  return path.resolve(env.INIT_CWD ?? process.cwd(), file);
}

// More pages than a SQLite file can hold (better-sqlite3 caps a step at 2^31 - 1).
const ALL_PAGES = 0x7fffffff;

/**
 * Copies the database open on `source` into the new file `destination` with the online backup
 * API, all pages in one step. One step reads one snapshot, so the copy is consistent and a write
 * from another process cannot restart it halfway; in WAL mode the step does not block that
 * writer. Copying in small steps instead starts over after every write another connection
 * makes, and might never finish while the server is busy.
 */
export async function copyDatabase(source, destination) {
  await source.backup(destination, { progress: () => ALL_PAGES });
}

/**
 * Turns a fresh copy into a plain single file: the backup API keeps the source's WAL flag in the
 * header, and a WAL-mode file makes every reader create -wal and -shm files next to it.
 */
export function makeSelfContained(file) {
  const db = new Database(file, { fileMustExist: true });
  try {
    db.pragma('journal_mode = DELETE');
  } finally {
    db.close();
  }
}

/**
 * Opens `file` read-only, checks every page with `PRAGMA integrity_check`, and returns what the
 * summary line reports. Throws a CliError when the file is not a sound SQLite database.
 */
export function inspectDatabase(file) {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const problems = db.pragma('integrity_check').map((row) => row.integrity_check);
    if (problems.length !== 1 || problems[0] !== 'ok') {
      throw new CliError(`${file} failed PRAGMA integrity_check: ${problems.slice(0, 5).join('; ')}`);
    }
    const tables = db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").pluck().all();
    const rows = tables.reduce((sum, table) => sum + db.prepare(`SELECT count(*) FROM "${table.replaceAll('"', '""')}"`).pluck().get(), 0);
    return { bytes: statSync(file).size, pages: db.pragma('page_count', { simple: true }), tables, rows };
  } catch (error) {
    if (error instanceof Database.SqliteError) throw new CliError(`${file} is not a readable SQLite database (${error.message})`);
    throw error;
  } finally {
    db.close();
  }
}

/** "1.4 MB, 352 pages, 24 tables, 1,310 rows" */
export function describeDatabase({ bytes, pages, tables, rows }) {
  const size = bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${(bytes / 1024).toFixed(1)} kB`;
  return `${size}, ${pages} pages, ${tables.length} tables, ${rows.toLocaleString('en-US')} rows`;
}

/**
 * Locks the database file against every other process, or throws a CliError when another
 * process has it open. A connection in WAL mode (the server's, or a backup's) keeps a shared
 * lock on the file for as long as it is open, even when idle, so an exclusive lock requested
 * without waiting is refused exactly while such a connection exists. The lock lasts until the
 * returned connection is closed (locking_mode EXCLUSIVE).
 */
export function lockAgainstOtherProcesses(file) {
  const db = new Database(file, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 0');
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE');
    db.exec('COMMIT');
    return db;
  } catch (error) {
    db.close();
    if (error.code === 'SQLITE_BUSY') {
      throw new CliError(`${file} is open in another process (is the server running?). Stop the server, then run the restore again.`);
    }
    throw error;
  }
}

/** The one FILE argument and the flags in `options` (node:util parseArgs), or a CliError showing `usage`. */
export function parseCommandLine(options, usage) {
  let parsed;
  try {
    parsed = parseArgs({ options, allowPositionals: true });
  } catch (error) {
    throw new CliError(`${error.message}\n${usage}`);
  }
  if (parsed.positionals.length !== 1) throw new CliError(usage);
  return { file: parsed.positionals[0], flags: parsed.values };
}

/** Runs a command-line entry point: a CliError is one line on stderr and exit code 1. */
export function runCommand(main) {
  main().catch((error) => {
    process.stderr.write(error instanceof CliError ? `${error.message}\n` : `${error.stack ?? error}\n`);
    process.exitCode = 1;
  });
}
