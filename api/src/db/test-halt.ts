import { createHash } from 'node:crypto';
import { writeSync } from 'node:fs';
import type pg from 'pg';
import { openPostgresDatabase, type PostgresAppDatabase, type SqliteDatabase } from './client.ts';

/** The line the process writes to stderr when it halts; the crash test waits for it. */
export const HALT_SIGNAL = 'leve-test-halt';

/** What the halted process reports: the halt happened with these writes open and uncommitted. */
export interface HaltReport {
  /** The weight record whose insert halted the process. */
  id: string;
  /** The user's weight records visible inside the open transaction, the halting one included. */
  userRows: number;
  /** The database's own answer: a transaction is open (SQLite: not autocommit; PostgreSQL: it began before the insert). */
  inTransaction: boolean;
}

const HALT_LIMIT_MS = 60_000;

/**
 * Says so on stderr (synchronously, so the line is out before the process stops) and blocks the
 * thread, so the transaction stays open until the test's SIGKILL. Nobody killing it within a
 * minute means the test is gone: the process then kills itself the same way.
 */
function halt(report: HaltReport): never {
  writeSync(2, `${HALT_SIGNAL} ${JSON.stringify(report)}\n`);
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, HALT_LIMIT_MS);
  process.kill(process.pid, 'SIGKILL');
  throw new Error('unreachable: the process killed itself');
}

/**
 * Test only (`TEST_HALT_ON_WEIGHT_NOTE`, refused outside NODE_ENV=test): the crash-consistency
 * test needs the server killed while a push's transaction is open, every time, not when a timer
 * happens to land there. A TEMP trigger (on this connection only, nothing in the file's schema)
 * fires when a weight record with the given notes is inserted, i.e. in the middle of the
 * transaction that inserts it, after the rows before it and before the rows after it, and halts
 * the process inside the statement.
 */
export function installTestHalt({ sqlite }: SqliteDatabase, note: string): void {
  sqlite.function('leve_test_halt', { deterministic: false }, (id: unknown, userRows: unknown) => halt({ id: String(id), userRows: Number(userRows), inTransaction: sqlite.inTransaction }));
  const literal = `'${note.replaceAll("'", "''")}'`;
  sqlite.exec(`CREATE TEMP TRIGGER leve_test_halt AFTER INSERT ON main.weight_records WHEN NEW.notes = ${literal}
    BEGIN SELECT leve_test_halt(NEW.id, (SELECT count(*) FROM main.weight_records WHERE user_id = NEW.user_id)); END`);
}

/** Each connection of a halting instance carries its note; other instances' connections do not. */
const NOTE_SETTING = 'leve.test_halt_note';

/**
 * The trigger on PostgreSQL, where it belongs to the database every instance shares (there are no
 * TEMP triggers): it acts only on a connection that carries a note (NOTE_SETTING), and raises a
 * NOTICE, which the server sends to that client at once, in the middle of the statement. A note
 * halts once per database, whichever instance inserts it first: a sequence per note counts it, and
 * a rollback does not take a sequence's value back, so the push retried on another instance goes
 * through. A transaction is open when it began before the statement did (autocommit starts both
 * together).
 */
const POSTGRES_TRIGGER = `
CREATE OR REPLACE FUNCTION leve_test_halt() RETURNS trigger LANGUAGE plpgsql AS $body$
DECLARE
  note text := current_setting('${NOTE_SETTING}', true);
BEGIN
  IF note IS NOT NULL AND NEW.notes = note THEN
    IF nextval(('leve_test_halt_' || md5(note))::regclass) = 1 THEN
      RAISE NOTICE '${HALT_SIGNAL} %', json_build_object(
        'id', NEW.id,
        'userRows', (SELECT count(*) FROM weight_records WHERE user_id = NEW.user_id),
        'inTransaction', transaction_timestamp() < statement_timestamp());
    END IF;
  END IF;
  RETURN NULL;
END $body$;
CREATE OR REPLACE TRIGGER leve_test_halt AFTER INSERT ON weight_records FOR EACH ROW EXECUTE FUNCTION leve_test_halt();`;

/**
 * Test only, as installTestHalt: the PostgreSQL database at `url` (already migrated) opened with
 * the halt. The instance's connections carry the note, the trigger and the note's sequence are
 * created (under a lock, should two instances start at once), and each connection's notices are
 * watched: the halting one blocks the thread inside the statement's round trip, so the instance
 * never sends COMMIT and the transaction stays open on the server until the SIGKILL ends the
 * connection, which rolls it back.
 */
export async function openPostgresWithTestHalt(url: string, note: string): Promise<PostgresAppDatabase> {
  const database = openPostgresDatabase(url, { settings: { [NOTE_SETTING]: note } });
  const sequence = `leve_test_halt_${createHash('md5').update(note).digest('hex')}`;
  // Before the first connection opens: every one of them is watched.
  database.pool.on('connect', (client: pg.PoolClient) => {
    client.on('notice', (notice) => {
      if (notice.message?.startsWith(`${HALT_SIGNAL} `)) halt(JSON.parse(notice.message.slice(HALT_SIGNAL.length + 1)) as HaltReport);
    });
  });
  await database.pool.query(`BEGIN; SELECT pg_advisory_xact_lock(hashtext('leve_test_halt'));
    ${POSTGRES_TRIGGER}
    CREATE SEQUENCE IF NOT EXISTS ${sequence};
    COMMIT;`);
  return database;
}
