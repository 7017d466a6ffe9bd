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
 * lands in the server's work is the machine's).
 */
import Database from 'better-sqlite3';
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '#protocol/mutations/index.ts';
import type { PushResult } from '#protocol/contract/sync.ts';
import { HALT_SIGNAL, type HaltReport } from '../src/db/test-halt.ts';
import { buildRegistration, TestDevice } from './factories.ts';
import { buildServerBundle, startServer, type ServerBundle, type ServerProcess } from './server-process.ts';

const RUNS = Number(process.env.CRASH_RUNS ?? 3);
const SEED = Number(process.env.CRASH_SEED ?? Math.floor(Math.random() * 2 ** 31));
const WEBHOOK_SECRET = 'crash-consistency-webhook-secret';
const SERVER_ENV = { PAYMENT_WEBHOOK_SECRET: WEBHOOK_SECRET };
const TIMEOUT_MS = 30_000 + RUNS * 10_000;

/** mulberry32: a small seeded generator, so a failing plan can be replayed with CRASH_SEED. */
function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
type Random = ReturnType<typeof seededRandom>;
const between = (random: Random, min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Account {
  id: string;
  cookie: string;
  device: TestDevice;
}

/** A REST weight record, found again by the unique marker in its notes (the server picks its id). */
interface RestWeight {
  marker: string;
  /** 1 once acknowledged; 'unknown' until a restart shows whether an unacknowledged write landed. */
  copies: 0 | 1 | 'unknown';
}

interface PushBatch {
  account: Account;
  mutations: Envelope<'weight.add'>[];
  acknowledged: boolean;
}

interface Payment {
  eventId: string;
  body: string;
  acknowledged: boolean;
}

/** Every write sent so far, and whether its 2xx reached the client. */
interface Ledger {
  weights: RestWeight[];
  batches: PushBatch[];
  payments: Payment[];
}

const newLedger = (): Ledger => ({ weights: [], batches: [], payments: [] });

/** One request; null when the connection failed (the server is gone), an error on any other non-2xx. */
async function request(server: ServerProcess, route: string, init: RequestInit): Promise<Response | null> {
  let response: Response;
  try {
    response = await fetch(`${server.url}${route}`, { method: 'POST', ...init });
  } catch {
    return null;
  }
  if (!response.ok) throw new Error(`${route} answered ${response.status}: ${await response.text()}`);
  return response;
}

/** As the PWA sends it: same origin, JSON, the session cookie. */
const postFromApp = (server: ServerProcess, route: string, body: unknown, cookie = '') =>
  request(server, route, { headers: { origin: server.url, 'content-type': 'application/json', cookie }, body: JSON.stringify(body) });

/** The body of an acknowledged response, or null when the kill cut it off. */
async function readJson<T>(response: Response): Promise<T | null> {
  try {
    return (await response.json()) as T;
  } catch {
    return null;
  }
}

async function register(server: ServerProcess): Promise<Account> {
  const response = await postFromApp(server, '/api/clients/register', buildRegistration());
  const body = response && (await readJson<{ client: { id: string } }>(response));
  const cookie = response?.headers.getSetCookie()[0]?.split(';')[0];
  if (!body || !cookie) throw new Error('registration failed');
  return { id: body.client.id, cookie, device: new TestDevice() };
}

/** Returns false when the server is gone. */
async function postWeight(server: ServerProcess, account: Account, ledger: Ledger, random: Random): Promise<boolean> {
  const write: RestWeight = { marker: `rest:${account.id}:${ledger.weights.length}`, copies: 'unknown' };
  ledger.weights.push(write);
  const response = await postFromApp(server, '/api/weight-records', { weight: between(random, 600, 900) / 10, notes: write.marker }, account.cookie);
  if (response) write.copies = 1;
  return response !== null && (await readJson(response)) !== null;
}

async function sendBatch(server: ServerProcess, batch: PushBatch): Promise<PushResult | null> {
  const response = await postFromApp(server, '/api/sync/push', { deviceId: batch.account.device.deviceId, mutations: batch.mutations }, batch.account.cookie);
  if (response) batch.acknowledged = true;
  return response && readJson<PushResult>(response);
}

/** Where the server is to halt (TEST_HALT_ON_WEIGHT_NOTE): the mutation at `position` of push number `push` carries `note`. */
interface HaltPlan {
  push: number;
  position: number;
  note: string;
}

/** A device drains its outbox: the next `size` weight records, in seq order; `haltNote` marks the one at `haltAt`. */
async function pushWeights(server: ServerProcess, account: Account, ledger: Ledger, size: number, random: Random, haltAt = -1, haltNote: string | null = null): Promise<boolean> {
  const batch: PushBatch = {
    account,
    mutations: Array.from({ length: size }, (_, i) => account.device.addWeight(between(random, 600, 900) / 10, i === haltAt ? { notes: haltNote } : {})),
    acknowledged: false,
  };
  ledger.batches.push(batch);
  const result = await sendBatch(server, batch);
  if (result) expect({ gap: result.gap, statuses: [...new Set(result.results.map((r) => r.status))] }).toEqual({ gap: null, statuses: ['applied'] });
  return result !== null;
}

/** A device with a long outbox: up to `count` pushes of `size`, until the server dies. */
async function pushBigBatches(server: ServerProcess, account: Account, ledger: Ledger, count: number, size: number, random: Random, halt: HaltPlan | null = null) {
  for (let i = 0; i < count; i++) {
    const marked = halt?.push === i ? halt : null;
    if (!(await pushWeights(server, account, ledger, size, random, marked?.position ?? -1, marked?.note ?? null))) return;
  }
}

const sign = (body: string) => `sha256=${createHmac('sha256', WEBHOOK_SECRET).update(body).digest('hex')}`;

/** The payment provider: a server-to-server call, no Origin, no cookie. */
const sendPayment = async (server: ServerProcess, payment: Payment) => {
  const response = await request(server, '/api/payments/webhook', { headers: { 'content-type': 'application/json', 'x-signature': sign(payment.body) }, body: payment.body });
  if (response) payment.acknowledged = true;
  return response;
};

async function activatePlan(server: ServerProcess, account: Account, ledger: Ledger, random: Random): Promise<boolean> {
  const eventId = `evt_${ledger.payments.length}_${account.id}`;
  const planId = ['monthly', 'quarterly', 'annual'][between(random, 0, 2)];
  const payment: Payment = { eventId, body: JSON.stringify({ id: eventId, type: 'payment.succeeded', data: { userId: account.id, planId } }), acknowledged: false };
  ledger.payments.push(payment);
  const response = await sendPayment(server, payment);
  return response !== null && (await readJson(response)) !== null;
}

/** One user's app: REST weights and sync pushes, one request at a time, until the server dies. */
async function appTraffic(server: ServerProcess, account: Account, ledger: Ledger, random: Random, requests: number) {
  for (let i = 0; i < requests; i++) {
    const delivered = random() < 0.4 ? await postWeight(server, account, ledger, random) : await pushWeights(server, account, ledger, between(random, 1, 25), random);
    if (!delivered) return;
  }
}

async function providerTraffic(server: ServerProcess, accounts: Account[], ledger: Ledger, random: Random, requests: number) {
  for (let i = 0; i < requests; i++) {
    if (!(await activatePlan(server, accounts[between(random, 0, accounts.length - 1)] as Account, ledger, random))) return;
  }
}

/**
 * Reads the file as the restarted server left it and checks every invariant; resolves the
 * unacknowledged REST writes to what landed. Returns what became of the unacknowledged batches.
 */
function checkDatabase(file: string, ledger: Ledger): { committed: PushBatch[]; rolledBack: PushBatch[] } {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');

    const rows = db.prepare<[], { id: string; notes: string | null }>('SELECT id, notes FROM weight_records').all();
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
    const lastSeq = db.prepare<[string], { last_seq: number }>('SELECT last_seq FROM devices WHERE id = ?');
    const unacknowledged = { committed: [] as PushBatch[], rolledBack: [] as PushBatch[] };
    for (const batch of ledger.batches) {
      const deviceSeq = lastSeq.get(batch.account.device.deviceId)?.last_seq ?? 0;
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
    const recorded = new Set(db.prepare<[], { id: string }>('SELECT id FROM payment_events').all().map((row) => row.id));
    const subscriptions = db.prepare<[string], { n: number }>('SELECT count(*) AS n FROM subscriptions WHERE payment_event_id = ?');
    for (const payment of ledger.payments) {
      expect(subscriptions.get(payment.eventId)?.n, payment.eventId).toBe(recorded.has(payment.eventId) ? 1 : 0);
      if (payment.acknowledged) expect(recorded.has(payment.eventId), payment.eventId).toBe(true);
    }

    // Pull cursors stay valid: the version counter is never behind a row it stamped.
    const counter = db.prepare<[], { value: number }>('SELECT value FROM sync_counter WHERE id = 1').get()?.value ?? 0;
    const newest = db.prepare<[], { v: number | null }>('SELECT max(v) AS v FROM (SELECT max(version) AS v FROM weight_records UNION ALL SELECT max(version) FROM subscriptions)').get()?.v ?? 0;
    expect(counter).toBeGreaterThanOrEqual(newest);
    return unacknowledged;
  } finally {
    db.close();
  }
}

/**
 * After a restart, the writes of the last run are resent as devices and the provider would:
 * an acknowledged push or payment comes back as a duplicate, an unacknowledged one lands once.
 */
async function resendAfterRestart(server: ServerProcess, batches: PushBatch[], payments: Payment[]) {
  for (const batch of batches) {
    const wasAcknowledged = batch.acknowledged;
    const result = await sendBatch(server, batch);
    if (!result) throw new Error('the restarted server did not answer');
    const statuses = [...new Set(result.results.map((r) => r.status))];
    expect(result.gap).toBeNull();
    // Not yet applied: all 'applied'; committed before the kill: all 'duplicate'; never a mix.
    expect(statuses, `resent batch ending at seq ${batch.mutations.at(-1)?.seq}`).toEqual(wasAcknowledged ? ['duplicate'] : [expect.stringMatching(/^(applied|duplicate)$/)]);
  }
  for (const payment of payments) {
    const wasAcknowledged = payment.acknowledged;
    const response = await sendPayment(server, payment);
    if (!response) throw new Error('the restarted server did not answer');
    if (wasAcknowledged) expect(await response.json(), payment.eventId).toMatchObject({ duplicate: true });
  }
}

/** How many weight records of `userId` the file holds. */
function storedWeights(file: string, userId: string): number {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return db.prepare<[string], { n: number }>('SELECT count(*) AS n FROM weight_records WHERE user_id = ?').get(userId)?.n ?? 0;
  } finally {
    db.close();
  }
}

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
    const accounts = await Promise.all(Array.from({ length: count }, () => register(server)));
    await run(target, accounts);
  } finally {
    await target.server?.kill();
  }
}

/** The writes sent from now on. */
function sentFrom(ledger: Ledger) {
  const batches = ledger.batches.length;
  const payments = ledger.payments.length;
  return () => ({ batches: ledger.batches.slice(batches), payments: ledger.payments.slice(payments) });
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
          ...accounts.map((account) => appTraffic(server, account, ledger, random, between(random, 10, 40))),
          providerTraffic(server, accounts, ledger, random, between(random, 5, 20)),
        ]);
        const restarted = await target.crashAndRestart(traffic, sleep(between(random, 20, 400)));
        checkDatabase(target.file, ledger);
        const { batches, payments } = sentThisRun();
        await resendAfterRestart(restarted, batches, payments);
        checkDatabase(target.file, ledger);
      }
      expect(await target.server?.stop(), 'graceful shutdown after the crashes').toBe(0);
      checkDatabase(target.file, ledger);
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
          const traffic = Promise.all(accounts.map((account) => pushBigBatches(server, account, ledger, PUSHES, BATCH, random, account === victim ? plan : null)));
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
          const outcome = checkDatabase(target.file, ledger);
          expect(haltedBatch?.acknowledged).toBe(false);
          expect(outcome.rolledBack, `run ${run}: the halted push was rolled back`).toContain(haltedBatch);
          const stored = storedWeights(target.file, victim.id);
          expect(report.userRows - stored, `run ${run}: rows of the halted push written before the kill, then lost with it`).toBe(plan.position + 1);
          rolledBackAtHalt.push(report.userRows - stored);
          unacknowledged.committed += outcome.committed.length;
          unacknowledged.rolledBack += outcome.rolledBack.length;

          const { batches, payments } = sentThisRun();
          await resendAfterRestart(restarted, batches, payments);
          checkDatabase(target.file, ledger);
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
