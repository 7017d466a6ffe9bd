// `npm run backup -- FILE [--force]`: a consistent copy of the live database (DATABASE_PATH)
// while the server keeps running and writing, checked with PRAGMA integrity_check, and beside it
// `FILE.uploads`, the uploaded files (progress photos: UPLOADS_PATH, or the STORAGE_URL bucket's
// objects). The files are copied after the database: a photo the copy names was stored before it,
// and stays unless deleted since.
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
  makeSelfContained,
  parseCommandLine,
  runCommand,
  uploadsPathFrom,
} from './sqlite-backup.mjs';
import { downloadObjects, objectStorageFrom } from './object-storage.mjs';

const USAGE = 'usage: npm run backup -- FILE [--force]   (copies DATABASE_PATH, default ./data/app.db, into FILE)';

/**
 * Copies UPLOADS_PATH, or the objects of the STORAGE_URL bucket, into FILE.uploads (through a
 * partial folder, renamed whole); what to add to the report.
 */
async function backupUploads(file) {
  const storage = await objectStorageFrom(process.env);
  const from = uploadsPathFrom(process.env);
  const to = backupUploadsOf(file);
  rmSync(to, { recursive: true, force: true });
  if (!storage && !existsSync(from)) return '';
  const partial = `${to}.partial-${process.pid}`;
  try {
    const files = storage ? await downloadObjects(storage, partial) : copyUploads(from, partial);
    renameSync(partial, to);
    return `, with ${files} uploaded file${files === 1 ? '' : 's'}${storage ? ` from the ${storage.where}` : ''} in ${to}`;
  } finally {
    rmSync(partial, { recursive: true, force: true });
  }
}

runCommand(async () => {
  const started = Date.now();
  const { file: named, flags } = parseCommandLine({ force: { type: 'boolean', default: false } }, USAGE);
  const source = databasePathFrom(process.env);
  const file = commandLinePath(named, process.env);
  if (!existsSync(source)) throw new CliError(`There is no database at ${source} (set DATABASE_PATH to the server's).`);
  if (file === source) throw new CliError('The backup file must not be the live database itself.');
  if (existsSync(file) && !flags.force) throw new CliError(`${file} already exists; pass --force to overwrite it.`);

  // Written beside FILE and renamed at the end: FILE is never left half-written.
  mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.partial-${process.pid}`;
  try {
    const live = new Database(source, { readonly: true, fileMustExist: true });
    try {
      live.pragma('busy_timeout = 5000');
      await copyDatabase(live, partial);
    } finally {
      live.close();
    }
    makeSelfContained(partial);
    const summary = describeDatabase(inspectDatabase(partial));
    renameSync(partial, file);
    const uploads = await backupUploads(file);
    console.log(`backup: ${file} (${summary}, integrity ok) from ${source}${uploads} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    rmSync(partial, { force: true });
  }
});
