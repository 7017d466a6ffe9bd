import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { aDietPlan, aWorkoutPlan } from '#pwa/test/factories.ts';
import { declareStores, UserDb, userDbName } from './user-db.ts';

const opened: Dexie[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});

/** The database as version 4 of the app left it, with `rows` in it. */
async function storedByVersion4(userId: string, rows: { diets?: object[]; workouts?: object[]; cursor: number }) {
  const old = new Dexie(userDbName(userId));
  old.version(4).stores({ meta: 'key', outbox: 'seq', weightRecords: 'id, createdAt', dailyProgress: 'localDate', profile: 'id', notifications: 'id, createdAt', diets: 'id', workouts: 'id', subscriptions: 'id, endDate', translations: 'key', refusals: 'id, refusedAt' });
  await old.table('diets').bulkPut(rows.diets ?? []);
  await old.table('workouts').bulkPut(rows.workouts ?? []);
  await old.table('meta').put({ key: 'cursor', value: rows.cursor });
  await old.table('weightRecords').put({ id: 'w1', weight: 80, createdAt: '2026-11-01T10:00:00.000Z' });
  old.close();
}

const withoutStructure = <T extends { content: unknown; unreadable: unknown }>({ content: _content, unreadable: _unreadable, ...plan }: T) => plan;

describe('upgrading a device’s database to structured plans (v5, ADR 024)', () => {
  it('drops the plans pulled before, unstructured, and pulls everything again from the start', async () => {
    await storedByVersion4('upgrade-a', { diets: [withoutStructure(aDietPlan())], workouts: [aWorkoutPlan()], cursor: 42 });
    const db = new UserDb('upgrade-a');
    opened.push(db);
    expect(await db.diets.count()).toBe(0);
    expect((await db.workouts.toArray()).map((w) => w.id)).toEqual(['workout-1']);
    expect(await db.getMeta('cursor')).toBe(0);
    expect(await db.weightRecords.count()).toBe(1); // the rest waits for the pull, which replaces it
  });

  it('keeps the plans that already came structured', async () => {
    await storedByVersion4('upgrade-b', { diets: [aDietPlan()], cursor: 42 });
    const db = new UserDb('upgrade-b');
    opened.push(db);
    expect(await db.diets.count()).toBe(1);
  });
});

describe('upgrading a device’s database to body measurements and progress photos (v6, ADR 027)', () => {
  it('pulls everything again from the start: a build before them skipped their rows while its cursor moved on', async () => {
    const old = new Dexie(userDbName('upgrade-d'));
    old.version(5).stores({ meta: 'key', outbox: 'seq', weightRecords: 'id, createdAt', dailyProgress: 'localDate', profile: 'id', notifications: 'id, createdAt', diets: 'id', workouts: 'id', subscriptions: 'id, endDate', refusals: 'id, refusedAt' });
    await old.table('meta').put({ key: 'cursor', value: 42 });
    await old.table('weightRecords').put({ id: 'w1', weight: 80, createdAt: '2026-11-01T10:00:00.000Z' });
    old.close();
    const db = new UserDb('upgrade-d');
    opened.push(db);
    expect(await db.getMeta('cursor')).toBe(0);
    expect(await db.synced('bodyMeasurements').count()).toBe(0);
    expect(await db.synced('progressPhotos').count()).toBe(0);
    expect(await db.weightRecords.count()).toBe(1); // kept until the pull replaces it
  });

  it('starts a new device at cursor 0 without an upgrade to run', async () => {
    const db = new UserDb('fresh-device');
    opened.push(db);
    await db.open();
    expect(await db.getMeta('cursor')).toBeUndefined();
  });
});

describe('the synced tables’ stores (#protocol/tables.ts)', () => {
  it('creates a synced table added in a later version when a device upgrades, keeping the rows it had', async () => {
    await storedByVersion4('upgrade-c', { cursor: 0 });
    const today = new UserDb('upgrade-c');
    await today.open();
    await today.setMeta('cursor', 7);
    const version = today.verno;
    today.close();
    // As the app's next version would: one more entry in the protocol's list, `since` the next version.
    const measurements = { key: 'id', indexes: ['createdAt'], since: version + 1 };
    const next = new UserDb('upgrade-c');
    declareStores(next, {}, { measurements } as never);
    opened.push(next);
    await next.open();
    expect(next.verno).toBe(version + 1);
    const schema = next.table('measurements').schema;
    expect([schema.primKey.keyPath, schema.indexes.map((index) => index.keyPath)]).toEqual(['id', ['createdAt']]);
    expect(await next.weightRecords.count()).toBe(1);
    expect(await next.getMeta('cursor')).toBe(7);
  });
});
