// @vitest-environment node
/**
 * The exercises' figures per session the device keeps (ADR 030) follow the workout rows through
 * every way they change, once brought up to date from the sessions noted as due: a set logged
 * here, a set corrected or removed on another device and pulled, a session discarded elsewhere, a
 * full resync, and a device upgraded from version 10. What the history and the exercises done read
 * from them equals what they computed from every row.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import Dexie from 'dexie';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { WorkoutExercise, WorkoutSession, WorkoutSet } from '#protocol/conflict/workout.ts';
import { uuidv7 } from '#protocol/ids.ts';
import { SYNCED_TABLES } from '#protocol/tables.ts';
import { provideMutators, type MutationArgs, type MutationName } from '#protocol/mutations/envelope.ts';
import { LATER_MUTATORS } from '#protocol/mutations/later-mutators.ts';
import { createTestApp, type TestApp } from '../../../../api/test/harness.ts';
import { createUser } from '../../../../api/test/factories.ts';
import { syncNow } from '#pwa/sync/engine.ts';
import { exerciseOfName, namesOfExercise } from '#protocol/domain/exercise-name.ts';
import { exercisesDone, exercisesInSessions, historyOf } from './exercise-history.ts';
import { readExercisesDone, readHistory } from './use-workout-data.ts';
import { bringFiguresUpToDate, exerciseSessionRows } from './exercise-sessions.ts';
import { recordMutation } from '#pwa/db/local-writes.ts';
import { dexieStore } from '#pwa/db/replica-store.ts';
import { declareStores, LOCAL_STORES, UserDb, userDbName } from '#pwa/db/user-db.ts';

const world = { now: Date.UTC(2026, 10, 23, 15, 0) };
let t: TestApp;
const opened: Dexie[] = [];

beforeAll(async () => {
  t = await createTestApp({ now: () => world.now });
  provideMutators(async () => LATER_MUTATORS);
});
afterAll(() => t.close());
afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});

let ids = 0;
const at = (minutes: number) => new Date(world.now - 60 * 60_000 + minutes * 60_000);
const nextId = (minutes: number) => uuidv7(at(minutes).getTime() + ++ids);

/** A person with two browsers (two phones), each with its own IndexedDB. */
async function personWithTwoPhones() {
  const { user, password } = await createUser(t.deps);
  const phone = async () => {
    const browser = t.client();
    expect((await browser.post('/api/clients/login', { email: user.email, password })).status).toBe(200);
    const db = new UserDb(user.id, new IDBFactory());
    opened.push(db);
    return { db, sync: async () => expect((await syncNow(db, { fetch: browser.fetch as typeof fetch })).kind).toBe('synced') };
  };
  return { a: await phone(), b: await phone() };
}

const write = <N extends MutationName>(db: UserDb, name: N, args: MutationArgs[N], minutes: number) => recordMutation(db, name, args, at(minutes));

/** What the device keeps, by row id, without the sets' order lost. */
const kept = async (db: UserDb) => Object.fromEntries((await db.exerciseSessions.toArray()).map((row) => [row.id, row]));

/** The figures recomputed from every workout row the device holds: what it keeps must equal them. */
async function recomputed(db: UserDb) {
  const [sessions, exercises, sets] = await Promise.all([db.synced('workoutSessions').toArray(), db.synced('workoutExercises').toArray(), db.synced('workoutSets').toArray()]);
  return Object.fromEntries(exerciseSessionRows(sessions, exercises, sets).map((row) => [row.id, row]));
}

/** Brings the figures up to date, and checks them and what is read from them against every row. */
async function upToDate(db: UserDb) {
  await bringFiguresUpToDate(db);
  expect(await db.figuresDue.count()).toBe(0);
  expect(await kept(db)).toEqual(await recomputed(db));
  await expectReadsAsComputed(db);
}

/** The history of each name and the exercises done, read from the kept figures, equal those computed from every set (the reads before ADR 030's store). */
async function expectReadsAsComputed(db: UserDb) {
  const [sessions, exercises, sets, names] = await Promise.all([
    db.synced('workoutSessions').toArray(),
    db.synced('workoutExercises').toArray(),
    db.synced('workoutSets').toArray(),
    db.synced('exerciseNames').toArray(),
  ]);
  expect(await readExercisesDone(db)).toEqual(exercisesDone(exercisesInSessions(sessions, exercises, sets, exerciseOfName(names))));
  for (const key of new Set([...exercises.map((exercise) => exercise.exerciseKey), ...names.map((name) => name.nameKey)])) {
    const itsNames = namesOfExercise(key, names);
    const computed = historyOf(
      exercisesInSessions(
        sessions,
        exercises.filter((exercise) => itsNames.includes(exercise.exerciseKey)),
        sets,
        () => key,
      ),
    );
    expect(await readHistory(db, key)).toEqual(computed);
  }
}

describe("the exercises' figures a device keeps (ADR 030)", () => {
  it('follow a set corrected, a set removed and a session discarded on another phone, once pulled', async () => {
    const { a, b } = await personWithTwoPhones();
    const sessionId = nextId(0);
    const squat = nextId(1);
    const sets = [nextId(2), nextId(3), nextId(4)];
    await write(a.db, 'workout.start', { id: sessionId, startedAt: at(0).toISOString() }, 0);
    await write(a.db, 'workoutExercise.add', { id: squat, sessionId, exerciseKey: 'agachamento', name: 'Agachamento', kind: 'load', position: 0 }, 1);
    for (const [position, id] of sets.entries()) {
      await write(a.db, 'workoutSet.add', { id, sessionId, exerciseId: squat, position, reps: 8, loadKg: 40 + 5 * position, seconds: null, doneAt: at(2 + position).toISOString() }, 2 + position);
    }
    // Each write noted its session, no more: the figures wait for /workout.
    expect(await a.db.figuresDue.toCollection().primaryKeys()).toEqual([sessionId]);
    expect(await kept(a.db)).toEqual({});
    await upToDate(a.db);
    expect(Object.values(await kept(a.db))[0]).toMatchObject({ startedAt: at(0).toISOString(), endedAt: null });
    // The session's own change notes it too: its dates are kept with its figures.
    await write(a.db, 'workout.finish', { id: sessionId, endedAt: at(30).toISOString() }, 30);
    expect(await a.db.figuresDue.toCollection().primaryKeys()).toEqual([sessionId]);
    await upToDate(a.db);
    const [logged] = Object.values(await kept(a.db));
    expect(logged).toMatchObject({ endedAt: at(30).toISOString(), exerciseKey: 'agachamento', sets: [{ loadKg: 40 }, { loadKg: 45 }, { loadKg: 50 }], heaviestKg: 50, volumeKg: 8 * (40 + 45 + 50), best: { loadKg: 50, reps: 8 } });

    await a.sync();
    await b.sync();
    expect(await b.db.figuresDue.toCollection().primaryKeys()).toEqual([sessionId]);
    await upToDate(b.db);
    // The first pull started over (cursor 0): the store emptied with the synced tables, the rows pulled noted again.
    await upToDate(a.db);
    expect(await kept(b.db)).toEqual(await kept(a.db));

    // The other phone corrects the heaviest set down and removes the first.
    await write(b.db, 'workoutSet.update', { id: sets[2]!, loadKg: 42.5 }, 40);
    await write(b.db, 'workoutSet.remove', { id: sets[0]! }, 41);
    await b.sync();
    await a.sync();
    // The pull noted the session; the figures are yesterday's until brought up to date.
    expect(await a.db.figuresDue.toCollection().primaryKeys()).toEqual([sessionId]);
    expect(Object.values(await kept(a.db))[0]).toMatchObject({ heaviestKg: 50 });
    await upToDate(a.db);
    const [corrected] = Object.values(await kept(a.db));
    expect(corrected).toMatchObject({ sets: [{ loadKg: 45 }, { loadKg: 42.5 }], heaviestKg: 45, volumeKg: 8 * (45 + 42.5), best: { loadKg: 45, reps: 8 } });
    expect(await kept(a.db)).toEqual(await recomputed(a.db));

    // A change still pending here is replayed on the pulled rows, and the figures follow it too.
    await write(a.db, 'workoutSet.update', { id: sets[1]!, reps: 10 }, 42);
    await write(b.db, 'workoutSet.update', { id: sets[2]!, reps: 6 }, 43);
    await b.sync();
    await a.sync();
    await upToDate(a.db);
    expect(Object.values(await kept(a.db))[0]).toMatchObject({ sets: [{ loadKg: 45, reps: 10 }, { loadKg: 42.5, reps: 6 }] });

    // Discarded on the other phone: the session leaves this one's history.
    await write(b.db, 'workout.discard', { id: sessionId }, 50);
    await b.sync();
    await a.sync();
    await upToDate(a.db);
    expect(await kept(a.db)).toEqual({});
    expect(await readHistory(a.db, 'agachamento')).toBeNull();
  });

  it('are built again after a full resync empties the device', async () => {
    const { a, b } = await personWithTwoPhones();
    const sessionId = nextId(0);
    const press = nextId(1);
    await write(a.db, 'workout.start', { id: sessionId, startedAt: at(0).toISOString() }, 0);
    await write(a.db, 'workoutExercise.add', { id: press, sessionId, exerciseKey: 'supino', name: 'Supino', kind: 'load', position: 0 }, 1);
    await write(a.db, 'workoutSet.add', { id: nextId(2), sessionId, exerciseId: press, position: 0, reps: 5, loadKg: 60, seconds: null, doneAt: at(2).toISOString() }, 2);
    await a.sync();
    await b.sync();
    await upToDate(b.db);
    // A figure of a session the device no longer holds: a reset must not keep it.
    await b.db.exerciseSessions.put({ ...Object.values(await kept(b.db))[0]!, id: 'gone\nsupino', sessionId: 'gone' });
    // A full resync (the server lost this device's history, ARCHITECTURE §3): the cursor starts over.
    await b.db.setMeta('cursor', 0);
    await b.sync();
    expect(await kept(b.db)).toEqual({});
    expect(await b.db.figuresDue.toCollection().primaryKeys()).toEqual([sessionId]);
    await upToDate(b.db);
    expect(Object.values(await kept(b.db))).toMatchObject([{ exerciseKey: 'supino', sets: [{ loadKg: 60, reps: 5 }] }]);
  });

  it('read two names of one exercise in one session back in the session’s order, as computed from the sets', async () => {
    const { a } = await personWithTwoPhones();
    const db = a.db;
    // Rows as a pull writes them, through the replica store: random sessions of three names, two of them one exercise
    // (more sessions than are read one by one: a first pull's tables read whole).
    let seed = 7;
    const random = () => ((seed = (seed * 16_807) % 2_147_483_647) / 2_147_483_647);
    const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)]!;
    const sessions: WorkoutSession[] = [];
    const exercises: WorkoutExercise[] = [];
    const sets: WorkoutSet[] = [];
    for (let s = 0; s < 60; s++) {
      const sessionId = `s${String(s).padStart(2, '0')}`;
      sessions.push({ id: sessionId, planId: null, weekday: null, startedAt: `2026-11-${String(1 + Math.floor(s / 2)).padStart(2, '0')}T12:00:00.000Z`, endedAt: s === 11 ? null : '2026-11-01T13:00:00.000Z', exerciseCount: 0, setCount: 0, deleted: s === 5, hlcs: {} });
      for (let e = 0; e < 4; e++) {
        const exerciseId = `${sessionId}e${e}`;
        const exerciseKey = pick(['supino', 'supino reto', 'remada']);
        exercises.push({ id: exerciseId, sessionId, exerciseKey, name: exerciseKey.toUpperCase(), kind: 'load', prescription: null, position: pick([0, 1, 2]), skipped: false, note: null, deleted: random() < 0.1, hlcs: {} });
        for (let n = 0; n < pick([0, 1, 3]); n++) {
          const loaded = random() < 0.7;
          sets.push({ id: `${exerciseId}x${n}`, sessionId, exerciseId, position: pick([0, 1, 2]), reps: pick([null, 5, 8, 10]), loadKg: loaded ? pick([40, 50, 60]) : null, seconds: loaded ? null : pick([null, 30, 45]), doneAt: '2026-11-01T12:10:00.000Z', deleted: random() < 0.1, hlcs: {} });
        }
      }
    }
    await db.synced('exerciseNames').bulkPut([
      { id: 'n1', nameKey: 'supino', exerciseId: 'x-supino' },
      { id: 'n2', nameKey: 'supino reto', exerciseId: 'x-supino' },
    ]);
    await db.transaction('rw', db.replicaTables, async () => {
      const store = dexieStore(db);
      for (const row of sessions) await store.mutable.workoutSessions.put(row);
      for (const row of exercises) await store.mutable.workoutExercises.insert(row);
      for (const row of sets) await store.mutable.workoutSets.put(row);
    });
    expect(await db.figuresDue.count()).toBe(60);
    await upToDate(db);
    expect((await readHistory(db, 'supino reto'))?.sessions.length).toBeGreaterThan(0);
  });
});

describe('upgrading a device’s database to the kept figures (v11, ADR 030)', () => {
  it('builds the figures of every session it holds when /workout first reads them', async () => {
    const name = 'upgrade-figures';
    const old = new Dexie(userDbName(name));
    // Version 10 as the app declared it: its own stores and the synced tables up to then.
    const upTo10 = <T,>(byVersion: Record<string, T>, version: (entry: [string, T]) => number) => Object.fromEntries(Object.entries(byVersion).filter((entry) => version(entry) <= 10));
    declareStores(old, upTo10(LOCAL_STORES, ([v]) => Number(v)), upTo10(SYNCED_TABLES, ([, table]) => table.since));
    const session: WorkoutSession = { id: 's1', planId: null, weekday: null, startedAt: '2026-11-01T12:00:00.000Z', endedAt: '2026-11-01T13:00:00.000Z', exerciseCount: 1, setCount: 2, deleted: false, hlcs: {} };
    const exercise: WorkoutExercise = { id: 'e1', sessionId: 's1', exerciseKey: 'remada', name: 'Remada', kind: 'load', prescription: null, position: 0, skipped: false, note: null, deleted: false, hlcs: {} };
    const set = (id: string, position: number, loadKg: number): WorkoutSet => ({ id, sessionId: 's1', exerciseId: 'e1', position, reps: 10, loadKg, seconds: null, doneAt: '2026-11-01T12:10:00.000Z', deleted: false, hlcs: {} });
    await old.table('workoutSessions').put(session);
    await old.table('workoutExercises').put(exercise);
    await old.table('workoutSets').bulkPut([set('x1', 0, 30), set('x2', 1, 35)]);
    expect(old.verno).toBe(10);
    old.close();

    const db = new UserDb(name);
    opened.push(db);
    await db.open();
    expect(db.verno).toBe(11);
    // Nothing noted: the store is empty while sessions are held, and /workout builds it whole.
    expect(await db.figuresDue.count()).toBe(0);
    expect(await kept(db)).toEqual({});
    await upToDate(db);
    expect(Object.values(await kept(db))).toMatchObject([{ exerciseKey: 'remada', sessionId: 's1', sets: [{ loadKg: 30 }, { loadKg: 35 }], heaviestKg: 35, volumeKg: 650 }]);
  });
});
