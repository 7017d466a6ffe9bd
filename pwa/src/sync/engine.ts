/**
 * The sync engine (ARCHITECTURE §3): drains the outbox in seq order, then pulls what changed and
 * rebases the still-pending changes on top. It runs in the page and in the service worker; a
 * Web Lock makes them take turns (two at once would be harmless, only wasteful, since push is
 * idempotent). The outbox is the only queue: an entry leaves it only once the server
 * has acknowledged its seq, and a refused one leaves it for the refusals table, in the same
 * transaction, so that the user is always told.
 */
import { maxHlc } from '#protocol/clock/hlc.ts';
import { loadMutators, MAX_PUSH_BATCH, type Mutation } from '#protocol/mutations/envelope.ts';
import { applyPull, latestHlc } from '#protocol/replica.ts';
import type { PullResult, PushResult } from '#protocol/contract/sync.ts';
import { dexieStore } from '#pwa/db/replica-store.ts';
import { newDeviceId, type Refusal, type UserDb } from '#pwa/db/user-db.ts';
import { uploadPhotos } from './photo-uploads.ts';

export type SyncOutcome =
  /** `uploadsWaiting`: files of photos taken here not yet on the server (the record is, or will be). */
  | { kind: 'synced'; pushed: number; refused: number; uploadsWaiting: number }
  | { kind: 'offline' }
  | { kind: 'unauthorized' }
  | { kind: 'failed'; status: number };

export interface SyncOptions {
  /** The network (tests hand in one the real app answers). */
  fetch?: typeof fetch;
}

const PUSH_BATCH = Math.min(200, MAX_PUSH_BATCH);
/** A request that hangs (a half-open connection) must not hold the lock for every other context. */
const REQUEST_TIMEOUT_MS = 30_000;

class Stop extends Error {
  constructor(readonly outcome: SyncOutcome) {
    super(outcome.kind);
  }
}

type Call = <T>(input: string, init?: RequestInit) => Promise<T>;

const caller = (network: typeof fetch): Call => async <T>(input: string, init?: RequestInit): Promise<T> => {
  let response: Response;
  try {
    response = await network(input, { credentials: 'include', signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS), ...init });
  } catch {
    throw new Stop({ kind: 'offline' });
  }
  if (response.status === 401) throw new Stop({ kind: 'unauthorized' });
  const body = (await response.json().catch(() => null)) as (T & { code?: string }) | null;
  if (response.status === 409 && body?.code === 'DEVICE_CONFLICT') throw new DeviceConflict();
  if (!response.ok || body === null) throw new Stop({ kind: 'failed', status: response.status });
  return body;
};

class DeviceConflict extends Error {}

/**
 * Starts this browser over as a new device: the server lost its history (a restored backup) or
 * the id belongs to someone else. Pending changes keep their order under fresh seqs from 1.
 */
async function rebindDevice(db: UserDb): Promise<void> {
  await db.transaction('rw', db.meta, db.outbox, async () => {
    const deviceId = newDeviceId();
    const pending = await db.outbox.orderBy('seq').toArray();
    await db.outbox.clear();
    await db.outbox.bulkAdd(pending.map((mutation, index) => ({ ...mutation, deviceId, seq: index + 1 })));
    await db.setMeta('deviceId', deviceId);
    await db.setMeta('nextSeq', pending.length + 1);
    await db.setMeta('ackedSeq', 0);
    await db.setMeta('cursor', 0);
  });
}

/** Refusals of a push answer, matched to the batch's mutations by seq. */
function refusalsOf(result: PushResult, batch: readonly Mutation[]): Refusal[] {
  const refusedAt = new Date().toISOString();
  return result.results.flatMap((r) => {
    const mutation = r.status === 'rejected' ? batch.find((m) => m.seq === r.seq) : undefined;
    return mutation && r.status === 'rejected' ? [{ id: mutation.id, mutation, code: r.code, refusedAt }] : [];
  });
}

async function push(db: UserDb, call: Call): Promise<{ pushed: number; refused: number }> {
  let pushed = 0;
  let refused = 0;
  for (let attempt = 0; attempt < 1000; attempt++) {
    const batch = await db.outbox.orderBy('seq').limit(PUSH_BATCH).toArray();
    const deviceId = batch[0]?.deviceId;
    if (!deviceId) break;
    let result: PushResult;
    try {
      result = await call<PushResult>('/api/sync/push', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ deviceId, mutations: batch }),
      });
    } catch (error) {
      if (!(error instanceof DeviceConflict)) throw error;
      await rebindDevice(db);
      continue;
    }
    const refusals = refusalsOf(result, batch);
    await db.transaction('rw', db.outbox, db.meta, db.refusals, async () => {
      await db.outbox.where('seq').belowOrEqual(result.lastSeq).delete();
      await db.setMeta('ackedSeq', result.lastSeq);
      if (refusals.length > 0) await db.refusals.bulkPut(refusals);
    });
    pushed += result.results.filter((r) => r.status === 'applied').length;
    refused += refusals.length;
    if (result.gap) {
      // The server expects seqs this device no longer has: it lost our history.
      await rebindDevice(db);
      continue;
    }
    if (batch.length < PUSH_BATCH) break;
  }
  return { pushed, refused };
}

async function pull(db: UserDb, call: Call, fullResync: boolean): Promise<void> {
  if (fullResync) await db.setMeta('cursor', 0);
  let rebound = false;
  // The pending changes are replayed on the pulled rows: their mutators are loaded first, once,
  // as an import inside the transaction would end it. One written meanwhile has loaded its own.
  await loadMutators(new Set((await db.outbox.toArray()).map((mutation) => mutation.name)));
  for (let page = 0; page < 10_000; page++) {
    const cursor = (await db.getMeta<number>('cursor')) ?? 0;
    const deviceId = (await db.getMeta<string>('deviceId')) ?? '';
    const query = new URLSearchParams({ cursor: String(cursor) });
    if (deviceId) query.set('deviceId', deviceId);
    const result = await call<PullResult>(`/api/sync/pull?${query}`);
    const ackedSeq = (await db.getMeta<number>('ackedSeq')) ?? 0;
    if (!rebound && deviceId && result.lastSeq < ackedSeq) {
      // Acknowledged changes are gone from the server (restored backup): start over as a new device.
      rebound = true;
      await rebindDevice(db);
      continue;
    }
    const { changes } = result;
    await db.transaction('rw', db.replicaTables, async () => {
      const pending = await db.outbox.orderBy('seq').toArray();
      await applyPull(dexieStore(db), changes, pending, result.reset || cursor === 0);
      await db.setMeta('cursor', result.cursor);
      await db.setMeta('lastSyncAt', result.serverTime);
      // The clock receives what was pulled: a change made here next orders after these rows,
      // even on a device whose clock is slow (ADR 007).
      const seen = latestHlc(changes);
      const clock = maxHlc(await db.getMeta<string>('hlc'), seen);
      if (clock !== null && clock === seen) await db.setMeta('hlc', clock);
    });
    if (!result.hasMore && !result.reset) break;
  }
}

async function run(db: UserDb, call: Call, network: typeof fetch): Promise<SyncOutcome> {
  try {
    const { pushed, refused } = await push(db, call);
    // A refused change stays applied locally until the server's own state replaces it.
    await pull(db, call, refused > 0);
    // Photos' files follow their records, which the push has just put on the server.
    const uploads = await uploadPhotos(db, network);
    if (uploads.stopped) return { kind: uploads.stopped };
    // The server marked the photos stored: pulled now, the screens stop showing them as waiting.
    if (uploads.sent > 0) await pull(db, call, false);
    return { kind: 'synced', pushed, refused, uploadsWaiting: uploads.waiting };
  } catch (error) {
    if (error instanceof Stop) return error.outcome;
    throw error;
  }
}

/**
 * One full sync. While another context (a tab, the service worker) syncs this user, it waits for
 * that one to end and then syncs itself: whoever held the lock, a change whose answer that sync
 * lost is confirmed now, and a tab closed mid-push leaves the worker to finish.
 */
export async function syncNow(db: UserDb, { fetch: network = fetch }: SyncOptions = {}): Promise<SyncOutcome> {
  const call = caller(network);
  if (typeof navigator === 'undefined' || !navigator.locks) return run(db, call, network);
  return navigator.locks.request(`leve-sync-${db.userId}`, () => run(db, call, network));
}
