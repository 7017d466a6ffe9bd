import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { uuidv7 } from '#protocol/ids.ts';
import { LOCAL_WRITE_MEASURE, recordMutation, todayLocalDate } from './local-writes.ts';
import { UserDb } from './user-db.ts';

let db: UserDb;
let userCount = 0;

beforeEach(() => {
  db = new UserDb(`local-writes-${++userCount}`);
});

afterEach(async () => {
  await db.delete();
});

const weight = (value: number) => ({ id: uuidv7(), weight: value, notes: null, createdAt: new Date().toISOString() });

describe('recordMutation', () => {
  it('applies the change, queues it and advances the device counters, in seq order', async () => {
    const first = await recordMutation(db, 'weight.add', weight(80.1));
    const second = await recordMutation(db, 'weight.add', weight(80.2));
    expect([first.seq, second.seq]).toEqual([1, 2]);
    expect(second.deviceId).toBe(first.deviceId);
    expect(second.hlc > first.hlc).toBe(true);
    expect((await db.weightRecords.toArray()).map((r) => r.weight).sort()).toEqual([80.1, 80.2]);
    expect((await db.outbox.toArray()).map((m) => m.id)).toEqual([first.id, second.id]);
    expect(await db.getMeta('nextSeq')).toBe(3);
    expect(await db.getMeta('hlc')).toBe(second.hlc);
  });

  it('applies each change on the row as it is', async () => {
    const localDate = todayLocalDate();
    await recordMutation(db, 'progress.set', { field: 'mood', value: 4 });
    await recordMutation(db, 'progress.set', { field: 'energy', value: 2 });
    const day = await db.dailyProgress.get(localDate);
    expect(day).toMatchObject({ mood: 4, energy: 2 });
    // A replayed add of an existing id changes nothing and is still queued (the server decides).
    const add = weight(79.5);
    await recordMutation(db, 'weight.add', add);
    await recordMutation(db, 'weight.add', { ...add, weight: 70 });
    expect((await db.weightRecords.get(add.id))?.weight).toBe(79.5);
    expect(await db.outbox.count()).toBe(4);
  });

  it('keeps all or nothing: a write that fails leaves no row, no outbox entry and the same counters', async () => {
    await recordMutation(db, 'weight.add', weight(80));
    // The next seq is already taken in the outbox: its add fails, after the replica's put went out.
    await db.outbox.add({ ...(await db.outbox.toArray())[0]!, seq: 2 });
    await expect(recordMutation(db, 'weight.add', weight(81))).rejects.toThrow();
    expect((await db.weightRecords.toArray()).map((r) => r.weight)).toEqual([80]);
    expect(await db.outbox.count()).toBe(2);
    expect(await db.getMeta('nextSeq')).toBe(2);
  });

  it('keeps the row an add finds under its id, and still queues the change (the add is one request that fails, caught)', async () => {
    const first = weight(80);
    await recordMutation(db, 'weight.add', first);
    await recordMutation(db, 'weight.add', { ...first, weight: 90 });
    expect((await db.weightRecords.toArray()).map((r) => r.weight)).toEqual([80]);
    expect(await db.outbox.count()).toBe(2);
    expect(await db.getMeta('nextSeq')).toBe(3);
  });

  it('records a User Timing measure of each write', async () => {
    const before = performance.getEntriesByName(LOCAL_WRITE_MEASURE).length;
    await recordMutation(db, 'weight.add', weight(80));
    const entries = performance.getEntriesByName(LOCAL_WRITE_MEASURE);
    expect(entries).toHaveLength(before + 1);
    expect(entries.at(-1)?.duration).toBeGreaterThanOrEqual(0);
  });
});
