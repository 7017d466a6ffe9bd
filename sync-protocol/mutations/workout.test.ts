import { describe, expect, it } from 'vitest';
import { formatHlc } from '../clock/hlc.ts';
import { createMemoryStore } from '../replica.ts';
import { WORKOUT_LIMITS } from '../conflict/workout.ts';
import { parseMutation } from './index.ts';
import { runMutator, runMutatorAsync, type MutatorContext, type MutatorResult, type MutatorRun } from './mutator.ts';
import { workoutExerciseAdd, workoutExerciseRemove } from './workout-exercise.ts';
import { workoutDiscard, workoutFinish, workoutStart } from './workout-session.ts';
import { workoutSetAdd, workoutSetRemove, workoutSetUpdate } from './workout-set.ts';

const SESSION = '0190a0b0-0000-7000-8000-0000000000a0';
const EXERCISE = '0190a0b0-0000-7000-8000-0000000000b0';
const PLAN = '0190a0b0-0000-7000-8000-0000000000c0';
const setId = (n: number) => `0190a0b0-0000-7000-8000-${String(n).padStart(12, '0')}`;
const STARTED = '2026-11-29T10:00:00.000Z';
const at = (minutes: number) => new Date(Date.parse(STARTED) + minutes * 60_000).toISOString();
const hlc = (minutes: number) => formatHlc({ millis: Date.parse(at(minutes)), counter: 0, node: 'dev_aaaaaaaa' });
/** The push arrives when the phone finds signal, here two days after the gym. */
const context = (minutes: number, overrides: Partial<MutatorContext> = {}): MutatorContext => ({ hlc: hlc(minutes), localDate: '2026-11-29', now: Date.parse(at(2 * 24 * 60)), ...overrides });
const envelope = (name: string, args: Record<string, unknown>) => ({
  deviceId: 'dev_aaaaaaaa', seq: 1, id: '0190a0b0-0000-7000-8000-0000000000ff', name, version: 1, args, hlc: hlc(1), localDate: '2026-11-29', timeZone: 'America/Sao_Paulo',
});

const start = () => workoutStart.apply({ id: SESSION, planId: PLAN, weekday: 0, startedAt: STARTED }, context(0));
const bench = () => workoutExerciseAdd.apply({ id: EXERCISE, sessionId: SESSION, exerciseKey: 'supino reto', name: 'Supino reto', kind: 'load', prescription: { sets: '3', reps: '10', rest: '90s' }, position: 0 }, context(1));
const set = (n: number, minutes = 2 + n) => workoutSetAdd.apply({ id: setId(n), sessionId: SESSION, exerciseId: EXERCISE, position: n, reps: 10, loadKg: 40, seconds: null, doneAt: at(minutes) }, context(minutes));

describe('a session at the gym, on both drivers (issue 48)', () => {
  it('stores the session, its exercise and its sets alike whether the storage answers at once (server) or with promises (device)', async () => {
    const server = createMemoryStore();
    const device = createMemoryStore();
    const runs = (): MutatorRun[] => [start(), bench(), set(1), set(2), set(2), workoutFinish.apply({ id: SESSION, endedAt: at(40) }, context(40))];
    const onServer = runs().map((run) => runMutator(run, server.synchronous));
    const onDevice: MutatorResult[] = [];
    for (const run of runs()) onDevice.push(await runMutatorAsync(run, device.mutable));
    expect(onServer.map((result) => result.ok && result.changed)).toEqual([true, true, true, true, false, true]);
    expect(onDevice).toEqual(onServer);
    expect(device.rows.workoutSessions.get(SESSION)).toEqual(server.rows.workoutSessions.get(SESSION));
    expect(server.rows.workoutSessions.get(SESSION)).toMatchObject({ planId: PLAN, weekday: 0, endedAt: at(40), exerciseCount: 1, setCount: 2 });
    expect(server.rows.workoutSets.get(setId(2))).toMatchObject({ reps: 10, loadKg: 40, doneAt: at(4) });
  });

  it('keeps the time each set was done on the phone, though the push comes two days later', () => {
    const store = createMemoryStore();
    for (const run of [workoutStart.apply({ id: SESSION, startedAt: STARTED }, context(0)), bench(), set(1, 30)]) expect(runMutator(run, store.synchronous).ok).toBe(true);
    expect(store.rows.workoutSets.get(setId(1))?.doneAt).toBe(at(30));
  });

  it(`refuses the ${WORKOUT_LIMITS.sets + 1}st set by name and stores nothing of it; a replay of a set already counted is still fine`, () => {
    const store = createMemoryStore();
    runMutator(start(), store.synchronous);
    runMutator(bench(), store.synchronous);
    const session = store.rows.workoutSessions.get(SESSION);
    if (!session) throw new Error('no session');
    runMutator(set(1), store.synchronous);
    store.rows.workoutSessions.set(SESSION, { ...session, setCount: WORKOUT_LIMITS.sets });
    expect(runMutator(set(2), store.synchronous)).toEqual({ ok: false, code: 'WORKOUT_SESSION_FULL' });
    expect(store.rows.workoutSets.has(setId(2))).toBe(false);
    expect(runMutator(set(1), store.synchronous)).toEqual({ ok: true, changed: false });
  });

  it('refuses a set for a session discarded on another device, and one for an exercise of another session', () => {
    const store = createMemoryStore();
    for (const run of [start(), bench()]) runMutator(run, store.synchronous);
    const other = '0190a0b0-0000-7000-8000-0000000000a9';
    expect(runMutator(workoutSetAdd.apply({ id: setId(7), sessionId: other, exerciseId: EXERCISE, position: 0, reps: 5, loadKg: null, seconds: null, doneAt: at(3) }, context(3)), store.synchronous)).toEqual({ ok: false, code: 'NOT_FOUND' });
    runMutator(workoutDiscard.apply({ id: SESSION }, context(5)), store.synchronous);
    expect(runMutator(set(1), store.synchronous)).toEqual({ ok: false, code: 'WORKOUT_SESSION_DISCARDED' });
    expect(store.rows.workoutSets.size).toBe(0);
  });

  it('a set corrected, then removed, stays removed whatever comes after', () => {
    const store = createMemoryStore();
    for (const run of [start(), bench(), set(1)]) runMutator(run, store.synchronous);
    runMutator(workoutSetUpdate.apply({ id: setId(1), reps: 8, loadKg: 42.5 }, context(10)), store.synchronous);
    runMutator(workoutSetRemove.apply({ id: setId(1) }, context(11)), store.synchronous);
    runMutator(workoutSetUpdate.apply({ id: setId(1), reps: 12 }, context(12)), store.synchronous);
    expect(store.rows.workoutSets.get(setId(1))).toMatchObject({ reps: 8, loadKg: 42.5, deleted: true });
    runMutator(workoutExerciseRemove.apply({ id: EXERCISE }, context(13)), store.synchronous);
    expect(store.rows.workoutExercises.get(EXERCISE)?.deleted).toBe(true);
  });
});

describe('what a push may say of a set', () => {
  const add = (args: Record<string, unknown>) => parseMutation(envelope('workoutSet.add', { id: setId(1), sessionId: SESSION, exerciseId: EXERCISE, position: 0, reps: 10, loadKg: 40, seconds: null, doneAt: at(3), ...args }));

  it('reads a load typed with a comma and reps as text, as a form sends them', () => {
    expect(add({ loadKg: '45,2', reps: '8' })).toMatchObject({ ok: true, mutation: { args: { loadKg: 45.2, reps: 8 } } });
  });

  it.each([
    [{ reps: 1001 }, 'args.reps', 'validation.repsInvalid'],
    [{ loadKg: 1000.5 }, 'args.loadKg', 'validation.loadInvalid'],
    [{ seconds: 4 * 3600 + 1 }, 'args.seconds', 'validation.setTimeInvalid'],
    [{ reps: null, seconds: null }, 'args.reps', 'validation.repsInvalid'],
    [{ position: -1 }, 'args.position', 'validation.invalidType'],
  ])('refuses %j by field (%s)', (args, field, key) => {
    expect(add(args)).toMatchObject({ ok: false, code: 'VALIDATION_FAILED', field, key });
  });

  it('takes a set for time with no reps and no load', () => {
    expect(add({ reps: null, loadKg: null, seconds: 45 })).toMatchObject({ ok: true, mutation: { args: { reps: null, loadKg: null, seconds: 45 } } });
  });
});
