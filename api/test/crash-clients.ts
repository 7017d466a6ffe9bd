/**
 * The clients of the crash-consistency tests (crash-consistency*.test.ts): apps writing REST weight
 * records and sync pushes and a payment provider sending webhooks, each to the built server over
 * HTTP, and the ledger of every write they sent and whether its 2xx reached them. The server may
 * be killed under them at any moment: a request that cannot reach it ends that client's traffic.
 */
import { createHmac } from 'node:crypto';
import { expect } from 'vitest';
import type { Envelope } from '#protocol/mutations/index.ts';
import type { PushResult } from '#protocol/contract/sync.ts';
import { buildRegistration, TestDevice } from './factories.ts';
import type { ServerProcess } from './server-process.ts';

const WEBHOOK_SECRET = 'crash-consistency-webhook-secret';
/** What the server needs to accept the provider's webhooks. */
export const SERVER_ENV = { PAYMENT_WEBHOOK_SECRET: WEBHOOK_SECRET };

/** mulberry32: a small seeded generator, so a failing plan can be replayed with CRASH_SEED. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
export type Random = ReturnType<typeof seededRandom>;
export const between = (random: Random, min: number, max: number) => min + Math.floor(random() * (max - min + 1));
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Where the clients' requests go: the base URL of the server that takes the next one. */
export interface Upstream {
  pick(): string;
}

/** Every request to one server. */
export const direct = (server: ServerProcess): Upstream => ({ pick: () => server.url });

/**
 * A round-robin load balancer in the test process: each request goes to the next instance in
 * turn, whichever client sends it. An instance taken out (killed) gets no more requests, as a
 * balancer's health check would take it out of the rotation.
 */
export class RoundRobin implements Upstream {
  private turn = 0;
  /** Requests sent to each instance, by its URL. */
  readonly served = new Map<string, number>();

  constructor(private instances: ServerProcess[]) {}

  pick(): string {
    const server = this.instances[this.turn++ % this.instances.length];
    if (!server) throw new Error('no instance in the rotation');
    this.served.set(server.url, (this.served.get(server.url) ?? 0) + 1);
    return server.url;
  }

  remove(server: ServerProcess): void {
    this.instances = this.instances.filter((instance) => instance !== server);
  }

  add(server: ServerProcess): void {
    this.instances = [...this.instances, server];
  }
}

export interface Account {
  id: string;
  cookie: string;
  device: TestDevice;
}

/** A REST weight record, found again by the unique marker in its notes (the server picks its id). */
export interface RestWeight {
  marker: string;
  /** 1 once acknowledged; 'unknown' until a restart shows whether an unacknowledged write landed. */
  copies: 0 | 1 | 'unknown';
}

export interface PushBatch {
  account: Account;
  mutations: Envelope<'weight.add'>[];
  acknowledged: boolean;
}

export interface Payment {
  eventId: string;
  body: string;
  acknowledged: boolean;
}

/** Every write sent so far, and whether its 2xx reached the client. */
export interface Ledger {
  weights: RestWeight[];
  batches: PushBatch[];
  payments: Payment[];
}

export const newLedger = (): Ledger => ({ weights: [], batches: [], payments: [] });

/** The writes sent from now on. */
export function sentFrom(ledger: Ledger) {
  const batches = ledger.batches.length;
  const payments = ledger.payments.length;
  return () => ({ batches: ledger.batches.slice(batches), payments: ledger.payments.slice(payments) });
}

/** One request; null when the connection failed (the server is gone), an error on any other non-2xx. */
async function request(url: string, route: string, init: RequestInit): Promise<Response | null> {
  let response: Response;
  try {
    response = await fetch(`${url}${route}`, { method: 'POST', ...init });
  } catch {
    return null;
  }
  if (!response.ok) throw new Error(`${route} answered ${response.status}: ${await response.text()}`);
  return response;
}

/** As the PWA sends it: same origin, JSON, the session cookie. */
function postFromApp(upstream: Upstream, route: string, body: unknown, cookie = '') {
  const url = upstream.pick();
  return request(url, route, { headers: { origin: url, 'content-type': 'application/json', cookie }, body: JSON.stringify(body) });
}

/** The body of an acknowledged response, or null when the kill cut it off. */
async function readJson<T>(response: Response): Promise<T | null> {
  try {
    return (await response.json()) as T;
  } catch {
    return null;
  }
}

export async function register(upstream: Upstream): Promise<Account> {
  const response = await postFromApp(upstream, '/api/clients/register', buildRegistration());
  const body = response && (await readJson<{ client: { id: string } }>(response));
  const cookie = response?.headers.getSetCookie()[0]?.split(';')[0];
  if (!body || !cookie) throw new Error('registration failed');
  return { id: body.client.id, cookie, device: new TestDevice() };
}

/** Returns false when the server is gone. */
async function postWeight(upstream: Upstream, account: Account, ledger: Ledger, random: Random): Promise<boolean> {
  const write: RestWeight = { marker: `rest:${account.id}:${ledger.weights.length}`, copies: 'unknown' };
  ledger.weights.push(write);
  const response = await postFromApp(upstream, '/api/weight-records', { weight: between(random, 600, 900) / 10, notes: write.marker }, account.cookie);
  if (response) write.copies = 1;
  return response !== null && (await readJson(response)) !== null;
}

async function sendBatch(upstream: Upstream, batch: PushBatch): Promise<PushResult | null> {
  const response = await postFromApp(upstream, '/api/sync/push', { deviceId: batch.account.device.deviceId, mutations: batch.mutations }, batch.account.cookie);
  if (response) batch.acknowledged = true;
  return response && readJson<PushResult>(response);
}

/** Where the server is to halt (TEST_HALT_ON_WEIGHT_NOTE): the mutation at `position` of push number `push` carries `note`. */
export interface HaltPlan {
  push: number;
  position: number;
  note: string;
}

/** A device drains its outbox: the next `size` weight records, in seq order; `haltNote` marks the one at `haltAt`. */
async function pushWeights(upstream: Upstream, account: Account, ledger: Ledger, size: number, random: Random, haltAt = -1, haltNote: string | null = null): Promise<boolean> {
  const batch: PushBatch = {
    account,
    mutations: Array.from({ length: size }, (_, i) => account.device.addWeight(between(random, 600, 900) / 10, i === haltAt ? { notes: haltNote } : {})),
    acknowledged: false,
  };
  ledger.batches.push(batch);
  const result = await sendBatch(upstream, batch);
  if (result) expect({ gap: result.gap, statuses: [...new Set(result.results.map((r) => r.status))] }).toEqual({ gap: null, statuses: ['applied'] });
  return result !== null;
}

/** A device with a long outbox: up to `count` pushes of `size`, until the server dies. */
export async function pushBigBatches(upstream: Upstream, account: Account, ledger: Ledger, count: number, size: number, random: Random, halt: HaltPlan | null = null) {
  for (let i = 0; i < count; i++) {
    const marked = halt?.push === i ? halt : null;
    if (!(await pushWeights(upstream, account, ledger, size, random, marked?.position ?? -1, marked?.note ?? null))) return;
  }
}

const sign = (body: string) => `sha256=${createHmac('sha256', WEBHOOK_SECRET).update(body).digest('hex')}`;

/** The payment provider: a server-to-server call, no Origin, no cookie. */
async function sendPayment(upstream: Upstream, payment: Payment) {
  const response = await request(upstream.pick(), '/api/payments/webhook', { headers: { 'content-type': 'application/json', 'x-signature': sign(payment.body) }, body: payment.body });
  if (response) payment.acknowledged = true;
  return response;
}

async function activatePlan(upstream: Upstream, account: Account, ledger: Ledger, random: Random): Promise<boolean> {
  const eventId = `evt_${ledger.payments.length}_${account.id}`;
  const planId = ['monthly', 'quarterly', 'annual'][between(random, 0, 2)];
  const payment: Payment = { eventId, body: JSON.stringify({ id: eventId, type: 'payment.succeeded', data: { userId: account.id, planId } }), acknowledged: false };
  ledger.payments.push(payment);
  const response = await sendPayment(upstream, payment);
  return response !== null && (await readJson(response)) !== null;
}

/** One user's app: REST weights and sync pushes, one request at a time, until the server dies. */
export async function appTraffic(upstream: Upstream, account: Account, ledger: Ledger, random: Random, requests: number) {
  for (let i = 0; i < requests; i++) {
    const delivered = random() < 0.4 ? await postWeight(upstream, account, ledger, random) : await pushWeights(upstream, account, ledger, between(random, 1, 25), random);
    if (!delivered) return;
  }
}

export async function providerTraffic(upstream: Upstream, accounts: Account[], ledger: Ledger, random: Random, requests: number) {
  for (let i = 0; i < requests; i++) {
    if (!(await activatePlan(upstream, accounts[between(random, 0, accounts.length - 1)] as Account, ledger, random))) return;
  }
}

/**
 * After a crash, the writes of the last run are resent as devices and the provider would (to the
 * restarted server, or to another instance): an acknowledged push or payment comes back as a
 * duplicate, an unacknowledged one lands once.
 */
export async function resendAfterCrash(upstream: Upstream, batches: PushBatch[], payments: Payment[]) {
  for (const batch of batches) {
    const wasAcknowledged = batch.acknowledged;
    const result = await sendBatch(upstream, batch);
    if (!result) throw new Error('the server did not answer the resent push');
    const statuses = [...new Set(result.results.map((r) => r.status))];
    expect(result.gap).toBeNull();
    // Not yet applied: all 'applied'; committed before the kill: all 'duplicate'; never a mix.
    expect(statuses, `resent batch ending at seq ${batch.mutations.at(-1)?.seq}`).toEqual(wasAcknowledged ? ['duplicate'] : [expect.stringMatching(/^(applied|duplicate)$/)]);
  }
  for (const payment of payments) {
    const wasAcknowledged = payment.acknowledged;
    const response = await sendPayment(upstream, payment);
    if (!response) throw new Error('the server did not answer the resent payment');
    if (wasAcknowledged) expect(await response.json(), payment.eventId).toMatchObject({ duplicate: true });
  }
}
