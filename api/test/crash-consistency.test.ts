/**
 * Crash consistency (ADR 007: "a whole push is one SQLite transaction, so a crash keeps all or
 * none of it"). The built server runs as a child process; several clients write to it at once
 * (REST weight records, sync pushes, signed payment webhooks); it is killed with SIGKILL at a
 * random moment and restarted on the same file. Every write that got a 2xx must be there exactly
 * once, an unacknowledged one at most once and never half-applied, and the file must pass
 * `PRAGMA integrity_check`. The mid-batch test does not leave the moment to chance: the server,
 * started with TEST_HALT_ON_WEIGHT_NOTE (db/test-halt.ts), stops inside the transaction of a
 * chosen push, at a chosen mutation, and says so on stderr; the SIGKILL follows that line, so
 * every run kills a batch half-written. `CRASH_RUNS=50` runs the long version; `CRASH_SEED`
 * replays a plan (the seed fixes delays, writes and the halting mutation; where a random kill
 * lands in the server's work is the machine's). The clients (crash-clients.ts) and the checks
 * (crash-checks.ts) are shared with the same tests across two instances on PostgreSQL
 * (crash-consistency-postgres.test.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HALT_SIGNAL, type HaltReport } from '../src/db/test-halt.ts';
import { appTraffic, between, direct, newLedger, providerTraffic, pushBigBatches, register, resendAfterCrash, seededRandom, sentFrom, SERVER_ENV, sleep, type Account, type HaltPlan, type Ledger } from './crash-clients.ts';
import { checkLedger, readSqlite, storedWeights, type Unacknowledged } from './crash-checks.ts';
import { buildServerBundle, startServer, type ServerBundle, type ServerProcess } from './server-process.ts';

const RUNS = Number(process.env.CRASH_RUNS ?? 3);
const SEED = Number(process.env.CRASH_SEED ?? Math.floor(Math.random() * 2 ** 31));
const TIMEOUT_MS = 30_000 + RUNS * 10_000;

/** The file as the restarted server left it: intact (`PRAGMA integrity_check`), and every invariant of the ledger (crash-checks.ts). */
const checkDatabase = (file: string, ledger: Ledger): Promise<Unacknowledged> =>
  readSqlite(file, async (reader, db) => {
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    return checkLedger(reader, ledger);
  });

let bundle: ServerBundle;
let workDir: string;

beforeAll(async () => {
  bundle = await buildServerBundle();
  workDir = mkdtempSync(path.join(tmpdir(), 'crash-consistency-'));
}, 60_000);

afterAll(() => {
  bundle?.remove();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

/** The server on one database file, across kills and restarts. */
class ServerOnFile {
  server: ServerProcess | null = null;
  constructor(readonly file: string) {}

  async start(env: Record<string, string> = {}): Promise<ServerProcess> {
    this.server = await startServer(bundle.entry, this.file, { ...SERVER_ENV, ...env });
    return this.server;
  }

  /** Lets `traffic` run until `killWhen` settles (or the traffic ends), SIGKILLs the server, waits for the clients, restarts with `env`. */
  async crashAndRestart(traffic: Promise<unknown>, killWhen: Promise<unknown>, env: Record<string, string> = {}): Promise<ServerProcess> {
    await Promise.race([killWhen, traffic]);
    await this.server?.kill();
    await traffic;
    return this.start(env);
  }
}

/** A fresh database file with `count` registered clients; the server is killed whatever happens. */
async function withServer(name: string, count: number, run: (target: ServerOnFile, accounts: Account[]) => Promise<void>, env: Record<string, string> = {}) {
  const target = new ServerOnFile(path.join(workDir, `${name}.db`));
  try {
    const server = await target.start(env);
    const accounts = await Promise.all(Array.from({ length: count }, () => register(direct(server))));
    await run(target, accounts);
  } finally {
    await target.server?.kill();
  }
}

describe('crash consistency under SIGKILL', () => {
  it(`keeps every acknowledged write exactly once across ${RUNS} crashes (seed ${SEED})`, async () => {
    const random = seededRandom(SEED);
    const ledger = newLedger();
    await withServer('mixed', 4, async (target, accounts) => {
      for (let run = 0; run < RUNS; run++) {
        const server = target.server as ServerProcess;
        const sentThisRun = sentFrom(ledger);
        const traffic = Promise.all([
          ...accounts.map((account) => appTraffic(direct(server), account, ledger, random, between(random, 10, 40))),
          providerTraffic(direct(server), accounts, ledger, random, between(random, 5, 20)),
        ]);
        const restarted = await target.crashAndRestart(traffic, sleep(between(random, 20, 400)));
        await checkDatabase(target.file, ledger);
        const { batches, payments } = sentThisRun();
        await resendAfterCrash(direct(restarted), batches, payments);
        await checkDatabase(target.file, ledger);
      }
      expect(await target.server?.stop(), 'graceful shutdown after the crashes').toBe(0);
      await checkDatabase(target.file, ledger);
    });
  }, TIMEOUT_MS);

  it(`rolls back a sync push killed inside its transaction, then applies it exactly once (${RUNS} runs, seed ${SEED})`, async () => {
    const random = seededRandom(SEED + 1);
    const ledger = newLedger();
    const BATCH = 500;
    const PUSHES = 3;
    const haltEnv = (run: number) => ({ TEST_HALT_ON_WEIGHT_NOTE: `crash-test-halt:${run}` });
    const rolledBackAtHalt: number[] = [];
    const unacknowledged = { committed: 0, rolledBack: 0 };
    await withServer(
      'mid-batch',
      2,
      async (target, accounts) => {
        for (let run = 0; run < RUNS; run++) {
          const server = target.server as ServerProcess;
          const sentThisRun = sentFrom(ledger);
          // Both devices drain long outboxes; one push of one of them carries the halting mutation, never its first or last.
          const victim = accounts[between(random, 0, accounts.length - 1)] as Account;
          const plan: HaltPlan = { push: between(random, 0, PUSHES - 1), position: between(random, 1, BATCH - 2), note: haltEnv(run).TEST_HALT_ON_WEIGHT_NOTE };
          const traffic = Promise.all(accounts.map((account) => pushBigBatches(direct(server), account, ledger, PUSHES, BATCH, random, account === victim ? plan : null)));
          const halted = Promise.race([
            server.stderrLine(HALT_SIGNAL, 20_000),
            traffic.then(() => Promise.reject(new Error(`run ${run}: every push finished and the server never halted`))),
          ]);
          const restarted = await target.crashAndRestart(traffic, halted, haltEnv(run + 1));
          const report = JSON.parse(await halted) as HaltReport;

          // The kill landed inside the transaction of the marked push, with part of it written.
          const haltedBatch = ledger.batches.find((batch) => batch.mutations.some((m) => m.args.id === report.id));
          expect(haltedBatch?.mutations[plan.position]?.args.id, `run ${run}: the halting mutation`).toBe(report.id);
          expect(report.inTransaction, `run ${run}: a transaction was open at the halt`).toBe(true);
          const outcome = await checkDatabase(target.file, ledger);
          expect(haltedBatch?.acknowledged).toBe(false);
          expect(outcome.rolledBack, `run ${run}: the halted push was rolled back`).toContain(haltedBatch);
          const stored = await readSqlite(target.file, (reader) => storedWeights(reader, victim.id));
          expect(report.userRows - stored, `run ${run}: rows of the halted push written before the kill, then lost with it`).toBe(plan.position + 1);
          rolledBackAtHalt.push(report.userRows - stored);
          unacknowledged.committed += outcome.committed.length;
          unacknowledged.rolledBack += outcome.rolledBack.length;

          const { batches, payments } = sentThisRun();
          await resendAfterCrash(direct(restarted), batches, payments);
          await checkDatabase(target.file, ledger);
        }
        expect(rolledBackAtHalt, 'one halted, rolled-back push per run').toHaveLength(RUNS);
        console.info(
          `crash-consistency mid-batch: ${RUNS} runs of ${BATCH}-mutation pushes, each killed inside a push's open transaction; ` +
            `rows written then rolled back at each kill: ${rolledBackAtHalt.join(', ')}; unacknowledged pushes: ${unacknowledged.committed} committed, ${unacknowledged.rolledBack} rolled back`,
        );
      },
      haltEnv(0),
    );
  }, TIMEOUT_MS);
});
