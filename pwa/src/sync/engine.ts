/**
 * The sync engine (ARCHITECTURE §3): drains the outbox in seq order, then pulls what changed and
 * rebases the still-pending changes on top. It runs in the page and in the service worker; a
 * Web Lock keeps two of them from draining at once (they would be harmless, only wasteful, since
 * push is idempotent). The outbox is the only queue: an entry leaves it only once the server
 * has acknowledged its seq.
 */
import type { ErrorCode } from '#protocol/errors.ts';
import { MAX_PUSH_BATCH } from '#protocol/mutations/envelope.ts';
import { applyPull, type PulledChanges } from '#protocol/replica.ts';
import type { PullResult, PushResult } from '#api/services/sync.ts';
import type { DietPlanDto, WorkoutPlanDto } from '#api/services/plans.ts';
import { dexieStore } from '#pwa/db/replica-store.ts';
import { newDeviceId, type UserDb } from '#pwa/db/user-db.ts';

export type SyncOutcome =
  | { kind: 'synced'; pushed: number; rejected: ErrorCode[] }
  | { kind: 'offline' }
  | { kind: 'unauthorized' }
  | { kind: 'failed'; status: number }
  | { kind: 'busy' };

const PUSH_BATCH = Math.min(200, MAX_PUSH_BATCH);

class Stop extends Error {
  constructor(readonly outcome: SyncOutcome) {
    super(outcome.kind);
  }
}

async function call<T>(input: string, init?: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(input, { credentials: 'include', ...init });
  } catch {
    throw new Stop({ kind: 'offline' });
  }
  if (response.status === 401) throw new Stop({ kind: 'unauthorized' });
  const body = (await response.json().catch(() => null)) as (T & { code?: string }) | null;
  if (response.status === 409 && body?.code === 'DEVICE_CONFLICT') throw new DeviceConflict();
  if (!response.ok || body === null) throw new Stop({ kind: 'failed', status: response.status });
  return body;
}

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

async function push(db: UserDb): Promise<{ pushed: number; rejected: ErrorCode[] }> {
  let pushed = 0;
  const rejected: ErrorCode[] = [];
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
    await db.transaction('rw', db.outbox, db.meta, async () => {
      await db.outbox.where('seq').belowOrEqual(result.lastSeq).delete();
      await db.setMeta('ackedSeq', result.lastSeq);
    });
    pushed += result.results.filter((r) => r.status === 'applied').length;
    for (const r of result.results) if (r.status === 'rejected') rejected.push(r.code);
    if (result.gap) {
      // The server expects seqs this device no longer has: it lost our history.
      await rebindDevice(db);
      continue;
    }
    if (batch.length < PUSH_BATCH) break;
  }
  return { pushed, rejected };
}

async function pull(db: UserDb, fullResync: boolean): Promise<void> {
  if (fullResync) await db.setMeta('cursor', 0);
  let rebound = false;
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
    await db.transaction('rw', db.replicaTables, async () => {
      const pending = await db.outbox.orderBy('seq').toArray();
      await applyPull(dexieStore(db), result.changes as PulledChanges<DietPlanDto, WorkoutPlanDto>, pending, result.reset || cursor === 0);
      await db.setMeta('cursor', result.cursor);
      await db.setMeta('lastSyncAt', result.serverTime);
    });
    if (!result.hasMore && !result.reset) break;
  }
}

async function run(db: UserDb): Promise<SyncOutcome> {
  try {
    const { pushed, rejected } = await push(db);
    // A refused change stays applied locally until the server's own state replaces it.
    await pull(db, rejected.length > 0);
    return { kind: 'synced', pushed, rejected };
  } catch (error) {
    if (error instanceof Stop) return error.outcome;
    throw error;
  }
}

/** One full sync; `busy` when another tab or the service worker is already syncing this user. */
export async function syncNow(db: UserDb): Promise<SyncOutcome> {
  if (typeof navigator === 'undefined' || !navigator.locks) return run(db);
  const outcome = await navigator.locks.request(`leve-sync-${db.userId}`, { ifAvailable: true }, (lock) => (lock ? run(db) : null));
  return outcome ?? { kind: 'busy' };
}
