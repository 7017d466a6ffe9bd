/**
 * Crash consistency across two instances on one PostgreSQL database (issue 49, ADR 031): "an
 * instance killed with SIGKILL in the middle of a sync push loses nothing and doubles nothing (the
 * device retries against the other instance)". Two processes of the built server share a fresh
 * database, behind a round-robin balancer in the test (each request to the next instance in
 * turn), with the clients of crash-consistency.test.ts: REST weight records and sync pushes. In
 * the first test one instance is killed at a random moment, the survivor takes what is sent
 * again, and the dead one comes back. In the second, both are started with
 * TEST_HALT_ON_WEIGHT_NOTE (db/test-halt.ts): whichever receives the marked push stops inside its
 * transaction, at a chosen mutation, and says so on stderr; the SIGKILL follows that line, so
 * every run kills a push half-written, its rows written and uncommitted. The balancer takes the
 * dead instance out, the devices send again what got no answer, and the other instance applies
 * it; acknowledged pushes come back as duplicates. After each kill and each retry the ledger
 * (crash-clients.ts) is checked against the database, read with `pg` directly (crash-checks.ts):
 * every acknowledged write there exactly once, each push whole or absent, the halted one rolled
 * back and then there once. `CRASH_RUNS` and `CRASH_SEED` work as in crash-consistency.test.ts.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HALT_SIGNAL, type HaltReport } from '../src/db/test-halt.ts';
import { appTraffic, between, newLedger, providerTraffic, pushBigBatches, register, resendAfterCrash, RoundRobin, seededRandom, sentFrom, SERVER_ENV, sleep, type Account, type HaltPlan } from './crash-clients.ts';
import { checkLedger, readPostgres, storedWeights, type DatabaseReader } from './crash-checks.ts';
import { createPostgresDatabase, type PostgresDatabase } from './postgres.ts';
import { buildServerBundle, startServer, type ServerBundle, type ServerProcess } from './server-process.ts';

const RUNS = Number(process.env.CRASH_RUNS ?? 3);
const SEED = Number(process.env.CRASH_SEED ?? Math.floor(Math.random() * 2 ** 31));
const TIMEOUT_MS = 30_000 + RUNS * 15_000;

let bundle: ServerBundle;
/** A fresh database for each test: the checks count every row in it against that test's ledger. */
let database: PostgresDatabase;

beforeAll(async () => {
  bundle = await buildServerBundle();
}, 60_000);
afterAll(() => bundle?.remove());

beforeEach(async () => {
  database = await createPostgresDatabase();
});
afterEach(() => database?.drop());

/**
 * Two instances on the database, started one after the other (the first applies the migrations;
 * the second would wait for its lock anyway), behind one balancer.
 */
async function startInstances(env: Record<string, string>): Promise<{ instances: ServerProcess[]; balancer: RoundRobin }> {
  const instances: ServerProcess[] = [];
  for (let i = 0; i < 2; i++) instances.push(await startServer(bundle.entry, database.url, { ...SERVER_ENV, ...env }));
  return { instances, balancer: new RoundRobin(instances) };
}

/** The first of `instances` to write the halt line, and its report; rejects when none does. */
function firstToHalt(instances: ServerProcess[], timeoutMs: number): Promise<{ instance: ServerProcess; report: HaltReport }> {
  return new Promise((resolve, reject) => {
    let silent = 0;
    for (const instance of instances) {
      instance.stderrLine(HALT_SIGNAL, timeoutMs).then(
        (line) => resolve({ instance, report: JSON.parse(line) as HaltReport }),
        (error: unknown) => {
          if (++silent === instances.length) reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    }
  });
}

const readDatabase = <T>(work: (db: DatabaseReader) => Promise<T>) => readPostgres(database.url, work);

describe('crash consistency across two instances on PostgreSQL', () => {
  it(`keeps every acknowledged write exactly once when one of two instances is killed at a random moment (${RUNS} crashes, seed ${SEED})`, async () => {
    const random = seededRandom(SEED);
    const ledger = newLedger();
    const { instances, balancer } = await startInstances({});
    try {
      const accounts = await Promise.all(Array.from({ length: 4 }, () => register(balancer)));
      for (let run = 0; run < RUNS; run++) {
        const sentThisRun = sentFrom(ledger);
        // Payment webhooks among the writes: an activation locks the user's row while pushes of the
        // same user hold the version counter on the other instance (once a deadlock, now a lock
        // that leaves their key share free).
        const traffic = Promise.all([
          ...accounts.map((account) => appTraffic(balancer, account, ledger, random, between(random, 10, 40))),
          providerTraffic(balancer, accounts, ledger, random, between(random, 5, 20)),
        ]);
        await Promise.race([sleep(between(random, 20, 400)), traffic]);
        // One instance dies; a client whose request was on it stops there, the others go on with the survivor.
        const victim = between(random, 0, 1);
        const killed = instances[victim] as ServerProcess;
        balancer.remove(killed);
        await killed.kill();
        await traffic;
        await readDatabase((db) => checkLedger(db, ledger));
        // What got no answer is sent again, to the survivor.
        const { batches, payments } = sentThisRun();
        await resendAfterCrash(balancer, batches, payments);
        await readDatabase((db) => checkLedger(db, ledger));
        // The dead instance comes back into the rotation.
        instances[victim] = await startServer(bundle.entry, database.url, SERVER_ENV);
        balancer.add(instances[victim]);
      }
      expect(await Promise.all(instances.map((instance) => instance.stop())), 'graceful shutdown of both after the crashes').toEqual([0, 0]);
      await readDatabase((db) => checkLedger(db, ledger));
      expect(ledger.batches.length + ledger.weights.length + ledger.payments.length, 'writes sent').toBeGreaterThan(RUNS * 5);
    } finally {
      await Promise.all(instances.map((instance) => instance.kill()));
    }
  }, TIMEOUT_MS);

  it(`a push killed inside its transaction on one instance is retried on the other: nothing lost, nothing doubled (${RUNS} runs, seed ${SEED})`, async () => {
    const random = seededRandom(SEED + 1);
    const ledger = newLedger();
    const BATCH = 300;
    const PUSHES = 3;
    // A note per run: a note halts once per database, and both instances of a run carry it.
    const haltEnv = (run: number) => ({ TEST_HALT_ON_WEIGHT_NOTE: `crash-test-halt:${run}` });
    const rolledBackAtHalt: number[] = [];
    const haltedOn: number[] = [];
    let accounts: Account[] = [];
    const running: ServerProcess[] = [];
    try {
      for (let run = 0; run < RUNS; run++) {
        const { instances, balancer } = await startInstances(haltEnv(run));
        running.push(...instances);
        if (accounts.length === 0) accounts = await Promise.all([register(balancer), register(balancer)]);
        const sentThisRun = sentFrom(ledger);
        // Both devices drain long outboxes through the balancer; one push of one of them carries the halting mutation, never its first or last.
        const victim = accounts[between(random, 0, accounts.length - 1)] as Account;
        const plan: HaltPlan = { push: between(random, 0, PUSHES - 1), position: between(random, 1, BATCH - 2), note: haltEnv(run).TEST_HALT_ON_WEIGHT_NOTE };
        const traffic = Promise.all(accounts.map((account) => pushBigBatches(balancer, account, ledger, PUSHES, BATCH, random, account === victim ? plan : null)));
        const halted = Promise.race([firstToHalt(instances, 20_000), traffic.then(() => Promise.reject(new Error(`run ${run}: every push finished and no instance halted`)))]);

        // The instance that took the marked push is taken out of the rotation and killed mid-transaction.
        const { instance: killed, report } = await halted;
        balancer.remove(killed);
        await killed.kill();
        await traffic;
        const survivor = instances.find((instance) => instance !== killed) as ServerProcess;
        haltedOn.push(instances.indexOf(killed));

        const haltedBatch = ledger.batches.find((batch) => batch.mutations.some((m) => m.args.id === report.id));
        expect(haltedBatch?.mutations[plan.position]?.args.id, `run ${run}: the halting mutation`).toBe(report.id);
        expect(report.inTransaction, `run ${run}: a transaction was open at the halt`).toBe(true);
        expect(haltedBatch?.acknowledged).toBe(false);
        const { outcome, stored } = await readDatabase(async (db) => ({ outcome: await checkLedger(db, ledger), stored: await storedWeights(db, victim.id) }));
        expect(outcome.rolledBack, `run ${run}: the halted push was rolled back`).toContain(haltedBatch);
        // Its rows up to the halting one were written, and lost with it; PostgreSQL fires a row's
        // AFTER trigger at the end of its statement, so the rest of that statement's rows too (a
        // group commit stores its weigh-ins many to a statement).
        const lost = report.userRows - stored;
        expect(lost, `run ${run}: rows of the halted push written before the kill, then lost with it`).toBeGreaterThanOrEqual(plan.position + 1);
        expect(lost).toBeLessThanOrEqual(BATCH);
        rolledBackAtHalt.push(report.userRows - stored);

        // The devices send again what got no answer (and the rest, to see duplicates), now all to the survivor.
        const servedBefore = balancer.served.get(survivor.url) ?? 0;
        const { batches, payments } = sentThisRun();
        await resendAfterCrash(balancer, batches, payments);
        expect(balancer.served.get(survivor.url), 'the retries went to the other instance').toBe(servedBefore + batches.length);
        const after = await readDatabase(async (db) => ({ outcome: await checkLedger(db, ledger), stored: await storedWeights(db, victim.id) }));
        expect(after.outcome.rolledBack, `run ${run}: every push is in after the retries`).toEqual([]);
        expect(after.stored - stored, `run ${run}: the halted push, once`).toBe(BATCH);

        // A rolling restart for the next run's note: the survivor stops gracefully.
        expect(await survivor.stop(), 'graceful shutdown of the survivor').toBe(0);
        running.length = 0;
      }
    } finally {
      await Promise.all(running.map((instance) => instance.kill()));
    }
    expect(rolledBackAtHalt, 'one halted, rolled-back push per run').toHaveLength(RUNS);
    console.info(
      `crash-consistency on PostgreSQL, two instances: ${RUNS} runs of ${BATCH}-mutation pushes, each killed inside a push's open transaction ` +
        `(on instance ${haltedOn.join(', ')}) and retried on the other; rows written then rolled back at each kill: ${rolledBackAtHalt.join(', ')}`,
    );
  }, TIMEOUT_MS);
});
