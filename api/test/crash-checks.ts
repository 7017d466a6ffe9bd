/**
 * What the database must hold after a crash, whatever the kill interrupted (crash-consistency*
 * .test.ts): read straight from the SQLite file or the PostgreSQL database, not through the app
 * under test, and compared with the ledger of what the clients sent (crash-clients.ts).
 */
import Database from 'better-sqlite3';
import pg from 'pg';
import { expect } from 'vitest';
import type { Envelope } from '#protocol/mutations/index.ts';
import type { Ledger, PushBatch } from './crash-clients.ts';

/** Read-only access to the database, in SQL both accept with `?` placeholders. */
export interface DatabaseReader {
  rows<T>(sql: string, params?: readonly (string | number)[]): Promise<T[]>;
}

/** Reads the SQLite file, read-only, for the length of `work`. */
export async function readSqlite<T>(file: string, work: (reader: DatabaseReader, db: Database.Database) => Promise<T>): Promise<T> {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return await work({ rows: async <R>(sql: string, params: readonly (string | number)[] = []) => db.prepare<unknown[], R>(sql).all(...params) }, db);
  } finally {
    db.close();
  }
}

/** 64-bit integers (counts, versions, instants) read as numbers, as the app reads them. */
const types = { getTypeParser: (oid: number, format?: 'text' | 'binary') => (oid === 20 ? Number : pg.types.getTypeParser(oid, format)) };

/** Reads the PostgreSQL database at `url` on a connection of its own, for the length of `work`. */
export async function readPostgres<T>(url: string, work: (reader: DatabaseReader) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, types });
  await client.connect();
  try {
    return await work({
      rows: async <R>(sql: string, params: readonly (string | number)[] = []) => {
        let n = 0;
        return (await client.query<R & pg.QueryResultRow>(sql.replace(/\?/g, () => `$${++n}`), [...params])).rows;
      },
    });
  } finally {
    await client.end();
  }
}

/** What became of the pushes whose answer never reached their device. */
export interface Unacknowledged {
  committed: PushBatch[];
  rolledBack: PushBatch[];
}

/**
 * Checks every invariant against the database as the crash left it; resolves the unacknowledged
 * REST writes to what landed.
 */
export async function checkLedger(db: DatabaseReader, ledger: Ledger): Promise<Unacknowledged> {
  const rows = await db.rows<{ id: string; notes: string | null }>('SELECT id, notes FROM weight_records');
  const ids = new Set(rows.map((row) => row.id));
  const copiesByMarker = new Map<string, number>();
  for (const { notes } of rows) if (notes) copiesByMarker.set(notes, (copiesByMarker.get(notes) ?? 0) + 1);
  for (const write of ledger.weights) {
    const copies = copiesByMarker.get(write.marker) ?? 0;
    if (write.copies === 'unknown') expect(copies, write.marker).toBeLessThanOrEqual(1);
    else expect(copies, write.marker).toBe(write.copies);
    write.copies = copies as 0 | 1;
  }

  // A device's lastSeq commits with its batch: the batches up to it are whole, the ones after absent.
  const lastSeqs = new Map((await db.rows<{ id: string; last_seq: number }>('SELECT id, last_seq FROM devices')).map((row) => [row.id, row.last_seq]));
  const unacknowledged: Unacknowledged = { committed: [], rolledBack: [] };
  for (const batch of ledger.batches) {
    const deviceSeq = lastSeqs.get(batch.account.device.deviceId) ?? 0;
    const applied = (batch.mutations.at(-1) as Envelope).seq <= deviceSeq;
    const present = batch.mutations.filter((m) => ids.has(m.args.id)).length;
    expect(present, `batch ending at seq ${batch.mutations.at(-1)?.seq} of ${batch.account.device.deviceId}, lastSeq ${deviceSeq}`).toBe(applied ? batch.mutations.length : 0);
    if (batch.acknowledged) expect(applied).toBe(true);
    else if (applied) unacknowledged.committed.push(batch);
    else unacknowledged.rolledBack.push(batch);
  }
  const accounted = ledger.weights.reduce((sum, w) => sum + (w.copies as number), 0) + ledger.batches.reduce((sum, b) => sum + b.mutations.filter((m) => ids.has(m.args.id)).length, 0);
  expect(rows.length, 'weight records nobody sent').toBe(accounted);

  // A payment event is recorded together with exactly one subscription, or not at all.
  const recorded = new Set((await db.rows<{ id: string }>('SELECT id FROM payment_events')).map((row) => row.id));
  const subscriptions = new Map(
    (await db.rows<{ event: string; n: number }>('SELECT payment_event_id AS event, count(*) AS n FROM subscriptions WHERE payment_event_id IS NOT NULL GROUP BY payment_event_id')).map((row) => [row.event, row.n]),
  );
  for (const payment of ledger.payments) {
    expect(subscriptions.get(payment.eventId) ?? 0, payment.eventId).toBe(recorded.has(payment.eventId) ? 1 : 0);
    if (payment.acknowledged) expect(recorded.has(payment.eventId), payment.eventId).toBe(true);
  }

  // Pull cursors stay valid: the version counter is never behind a row it stamped.
  const [counter] = await db.rows<{ value: number }>('SELECT value FROM sync_counter WHERE id = 1');
  const [newest] = await db.rows<{ v: number | null }>('SELECT max(v) AS v FROM (SELECT max(version) AS v FROM weight_records UNION ALL SELECT max(version) FROM subscriptions) AS stamped');
  expect(counter?.value ?? 0).toBeGreaterThanOrEqual(newest?.v ?? 0);
  return unacknowledged;
}

/** How many weight records of `userId` the database holds. */
export async function storedWeights(db: DatabaseReader, userId: string): Promise<number> {
  const [row] = await db.rows<{ n: number }>('SELECT count(*) AS n FROM weight_records WHERE user_id = ?', [userId]);
  return row?.n ?? 0;
}
