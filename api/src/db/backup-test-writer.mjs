// Another process writing to the database, for backup.test.ts: inserts up to LIMIT weight
// records of USER_ID into DB_FILE the way the server does (one transaction bumps the sync counter
// and inserts), printing each record's id once committed, then "done", and stays open, as an idle
// server would, until its stdin closes.
// Usage: node backup-test-writer.mjs DB_FILE USER_ID LIMIT
import Database from 'better-sqlite3';

const [file, userId, limit] = process.argv.slice(2);
const db = new Database(file, { fileMustExist: true });
db.pragma('journal_mode = WAL');
db.pragma('foreign_keys = ON');
db.pragma('synchronous = FULL');
db.pragma('busy_timeout = 5000');

const nextVersion = db.prepare('UPDATE sync_counter SET value = value + 1 WHERE id = 1 RETURNING value').pluck();
const insert = db.prepare('INSERT INTO weight_records (id, user_id, weight, notes, created_at, deleted_at, version) VALUES (?, ?, ?, NULL, ?, NULL, ?)');
const addRecord = db.transaction((id) => insert.run(id, userId, 70 + Math.random() * 10, Date.now(), nextVersion.get()));

// A safety net if the test never closes stdin: the whole test runs in a few seconds.
setTimeout(() => process.exit(2), 30_000).unref();
process.stdin.on('end', () => {
  db.close();
  process.exit(0);
});
process.stdin.resume();

process.stdout.write('open\n');
for (let n = 1; n <= Number(limit); n++) {
  const id = `load-${process.pid}-${n}`;
  addRecord(id);
  process.stdout.write(`${id}\n`);
  // Yield between writes so stdin's end is noticed, and to write at a steady, server-like pace.
  await new Promise((resolve) => setImmediate(resolve));
}
process.stdout.write('done\n');
