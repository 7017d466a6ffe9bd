import { writeSync } from 'node:fs';
import type { SqliteDatabase } from './client.ts';

/** The line the process writes to stderr when it halts; the crash test waits for it. */
export const HALT_SIGNAL = 'leve-test-halt';

/** What the halted process reports: the halt happened with these writes open and uncommitted. */
export interface HaltReport {
  /** The weight record whose insert halted the process. */
  id: string;
  /** The user's weight records visible inside the open transaction, the halting one included. */
  userRows: number;
  /** SQLite's own answer: a transaction is open (not autocommit). */
  inTransaction: boolean;
}

const HALT_LIMIT_MS = 60_000;

/**
 * Test only (`TEST_HALT_ON_WEIGHT_NOTE`, refused outside NODE_ENV=test): the crash-consistency
 * test needs the server killed while a push's transaction is open, every time, not when a timer
 * happens to land there. A TEMP trigger (on this connection only, nothing in the file's schema)
 * fires when a weight record with the given notes is inserted, i.e. in the middle of the
 * transaction that inserts it, after the rows before it and before the rows after it. It writes
 * one line to stderr (synchronously, so it is out before the process stops) and blocks the
 * thread inside the statement, so the transaction stays open until the test's SIGKILL. Nobody
 * killing it within a minute means the test is gone: the process then kills itself the same way.
 */
export function installTestHalt({ sqlite }: SqliteDatabase, note: string): void {
  sqlite.function('leve_test_halt', { deterministic: false }, (id: unknown, userRows: unknown) => {
    const report: HaltReport = { id: String(id), userRows: Number(userRows), inTransaction: sqlite.inTransaction };
    writeSync(2, `${HALT_SIGNAL} ${JSON.stringify(report)}\n`);
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, HALT_LIMIT_MS);
    process.kill(process.pid, 'SIGKILL');
    return null;
  });
  const literal = `'${note.replaceAll("'", "''")}'`;
  sqlite.exec(`CREATE TEMP TRIGGER leve_test_halt AFTER INSERT ON main.weight_records WHEN NEW.notes = ${literal}
    BEGIN SELECT leve_test_halt(NEW.id, (SELECT count(*) FROM main.weight_records WHERE user_id = NEW.user_id)); END`);
}
