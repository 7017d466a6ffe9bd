/** Workout sessions through push and pull (issue 48): each set once, corrections by their latest write, never another client's, in the export, erased with the account. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '#protocol/ids.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { outcomesOf as outcomes, pullFrom as pull, pushFrom as push, signIn, TestDevice } from '../../test/factories.ts';

// Sunday 29 November 2026, 10:00 UTC: the session starts; the phone pushes when it finds signal.
const world = { now: Date.UTC(2026, 10, 29, 10, 0) };
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => world.now });
});
afterAll(() => t.close());

const minutesIn = (minutes: number) => new Date(Date.UTC(2026, 10, 29, 10, 0) + minutes * 60_000).toISOString();

async function signedInClient() {
  const c = t.client();
  const user = await signIn(c, t.deps);
  return { c, user, device: new TestDevice(undefined, () => world.now) };
}

/** A session of today's plan day with the bench press and three sets, as the phone records them at the gym. */
function aBenchSession(device: TestDevice) {
  const session = uuidv7();
  const exercise = uuidv7();
  const sets = [uuidv7(), uuidv7(), uuidv7()];
  return {
    session,
    exercise,
    sets,
    mutations: [
      device.mutation('workout.start', { id: session, startedAt: minutesIn(0) }),
      device.mutation('workoutExercise.add', { id: exercise, sessionId: session, exerciseKey: 'supino reto', name: 'Supino reto', kind: 'load', prescription: { sets: '3', reps: '10', rest: '90s' }, position: 0 }),
      ...sets.map((id, i) => device.mutation('workoutSet.add', { id, sessionId: session, exerciseId: exercise, position: i, reps: 10 - i, loadKg: 42.5, seconds: null, doneAt: minutesIn(5 + 3 * i) })),
      device.mutation('workout.finish', { id: session, endedAt: minutesIn(20) }),
    ],
  };
}

describe('a workout session pushed from the gym', () => {
  it('stores each set once however often the batch is resent (an answer lost), and every device pulls it as done', async () => {
    const { c, device } = await signedInClient();
    const logged = aBenchSession(device);
    world.now += 2 * 60 * 60_000; // signal again two hours later
    expect(outcomes((await push(c, device, logged.mutations)).body)).toEqual(['applied', 'applied', 'applied', 'applied', 'applied', 'applied']);
    expect(outcomes((await push(c, device, logged.mutations)).body)).toEqual(['duplicate', 'duplicate', 'duplicate', 'duplicate', 'duplicate', 'duplicate']);
    const { changes } = await pull(c);
    expect(changes.workoutSessions).toEqual([expect.objectContaining({ id: logged.session, startedAt: minutesIn(0), endedAt: minutesIn(20), exerciseCount: 1, setCount: 3, deleted: false })]);
    expect(changes.workoutExercises).toEqual([expect.objectContaining({ id: logged.exercise, name: 'Supino reto', prescription: { sets: '3', reps: '10', rest: '90s' }, skipped: false })]);
    expect(changes.workoutSets.map((set) => [set.reps, set.loadKg, set.doneAt])).toEqual([
      [10, 42.5, minutesIn(5)],
      [9, 42.5, minutesIn(8)],
      [8, 42.5, minutesIn(11)],
    ]);
  });

  it('a second device’s correction of a set and its removal of another converge with the first device’s', async () => {
    const { c, device } = await signedInClient();
    const logged = aBenchSession(device);
    await push(c, device, logged.mutations);
    const other = new TestDevice(undefined, () => world.now);
    world.now += 60_000;
    await push(c, other, [other.mutation('workoutSet.update', { id: logged.sets[0] as string, loadKg: '45,2' as unknown as number }), other.mutation('workoutSet.remove', { id: logged.sets[2] as string })]);
    world.now += 60_000;
    // The first device corrects the reps of the same set, later: both corrections hold.
    expect(outcomes((await push(c, device, [device.mutation('workoutSet.update', { id: logged.sets[0] as string, reps: 11 })])).body)).toEqual(['applied']);
    const sets = new Map((await pull(c)).changes.workoutSets.map((set) => [set.id, set]));
    expect(sets.get(logged.sets[0] as string)).toMatchObject({ reps: 11, loadKg: 45.2, deleted: false });
    expect(sets.get(logged.sets[2] as string)?.deleted).toBe(true);
  });

  it('refuses by name a set over the limits and a set for a session discarded elsewhere, storing nothing of either', async () => {
    const { c, device } = await signedInClient();
    const logged = aBenchSession(device);
    await push(c, device, logged.mutations);
    const tooMany = device.mutation('workoutSet.add', { id: uuidv7(), sessionId: logged.session, exerciseId: logged.exercise, position: 0, reps: 1001, loadKg: 40, seconds: null, doneAt: minutesIn(3) });
    const pushed = await push(c, device, [tooMany]);
    expect(pushed.body, JSON.stringify(pushed.body)).toMatchObject({ results: [{ status: 'rejected', code: 'VALIDATION_FAILED' }] });
    await push(c, device, [device.mutation('workout.discard', { id: logged.session })]);
    const late = device.mutation('workoutSet.add', { id: uuidv7(), sessionId: logged.session, exerciseId: logged.exercise, position: 0, reps: 10, loadKg: 40, seconds: null, doneAt: minutesIn(4) });
    expect(outcomes((await push(c, device, [late])).body)).toEqual(['WORKOUT_SESSION_DISCARDED']);
    expect((await pull(c)).changes.workoutSets).toHaveLength(3);
  });

  it('never shows nor changes another client’s session: its id is taken, its sets unknown', async () => {
    const mine = await signedInClient();
    const logged = aBenchSession(mine.device);
    await push(mine.c, mine.device, logged.mutations);
    const theirs = await signedInClient();
    const results = await push(theirs.c, theirs.device, [
      theirs.device.mutation('workout.start', { id: logged.session, startedAt: minutesIn(0) }),
      theirs.device.mutation('workoutSet.update', { id: logged.sets[0] as string, reps: 1 }),
      theirs.device.mutation('workout.discard', { id: logged.session }),
    ]);
    expect(outcomes(results.body)).toEqual(['ID_CONFLICT', 'NOT_FOUND', 'NOT_FOUND']);
    expect((await pull(theirs.c)).changes.workoutSessions).toEqual([]);
    expect((await pull(mine.c)).changes.workoutSets.find((set) => set.id === logged.sets[0])).toMatchObject({ reps: 10, deleted: false });
  });

  it('is in the account’s export, and goes with the account', async () => {
    const { c, user, device } = await signedInClient();
    const logged = aBenchSession(device);
    await push(c, device, logged.mutations);
    const exported = (await c.get<{ workoutSessions: unknown[]; workoutExercises: unknown[]; workoutSets: unknown[] }>('/api/clients/me/export')).body;
    expect(exported.workoutSessions).toEqual([{ id: logged.session, planId: null, weekday: null, startedAt: minutesIn(0), endedAt: minutesIn(20) }]);
    expect(exported.workoutExercises).toEqual([expect.objectContaining({ id: logged.exercise, name: 'Supino reto', prescription: { sets: '3', reps: '10', rest: '90s' } })]);
    expect(exported.workoutSets).toHaveLength(3);
    const { sql } = t.deps.database;
    const count = () =>
      Promise.all(['workout_sessions', 'workout_exercises', 'workout_sets'].map(async (table) => (await sql.get<{ n: number }>(`SELECT count(*) AS n FROM ${table} WHERE user_id = ?`, [user.id]))?.n));
    expect(await count()).toEqual([1, 1, 3]);
    await sql.run('DELETE FROM users WHERE id = ?', [user.id]);
    expect(await count()).toEqual([0, 0, 0]);
  });
});
