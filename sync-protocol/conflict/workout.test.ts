import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatHlc } from '../clock/hlc.ts';
import {
  applyWorkoutExerciseUpdate,
  applyWorkoutSessionDiscard,
  applyWorkoutSessionFinish,
  applyWorkoutSetRemove,
  applyWorkoutSetUpdate,
  countIntoSession,
  WORKOUT_LIMITS,
  type WorkoutExercise,
  type WorkoutSession,
  type WorkoutSet,
} from './workout.ts';
import type { Outcome } from './rules.ts';

const hlc = (millis: number, node = 'dev_aaaaaaaa') => formatHlc({ millis: Date.UTC(2026, 10, 29) + millis, counter: 0, node });
const STARTED = '2026-11-29T10:00:00.000Z';
const at = (minutes: number) => new Date(Date.parse(STARTED) + minutes * 60_000).toISOString();

/** Small factories with overrides (a session of today's plan, one of its exercises, a set of 10 × 40 kg). */
const session = (overrides: Partial<WorkoutSession> = {}): WorkoutSession => ({
  id: '0190a0b0-0000-7000-8000-00000000000a',
  planId: 'plan-1',
  weekday: 0,
  startedAt: STARTED,
  endedAt: null,
  exerciseCount: 0,
  setCount: 0,
  deleted: false,
  hlcs: {},
  ...overrides,
});
const exercise = (overrides: Partial<WorkoutExercise> = {}): WorkoutExercise => ({
  id: '0190a0b0-0000-7000-8000-00000000000b',
  sessionId: session().id,
  exerciseKey: 'supino reto',
  name: 'Supino reto',
  kind: 'load',
  prescription: { sets: '4', reps: '8-12', rest: '90s' },
  position: 0,
  skipped: false,
  note: null,
  deleted: false,
  hlcs: {},
  ...overrides,
});
const set = (overrides: Partial<WorkoutSet> = {}): WorkoutSet => ({
  id: '0190a0b0-0000-7000-8000-00000000000c',
  sessionId: session().id,
  exerciseId: exercise().id,
  position: 0,
  reps: 10,
  loadKg: 40,
  seconds: null,
  doneAt: at(5),
  deleted: false,
  hlcs: {},
  ...overrides,
});
const row = <T>(outcome: Outcome<T>): T => {
  if (!outcome.ok) throw new Error(outcome.code);
  return outcome.row;
};

describe('a workout session’s limits (issue 48)', () => {
  it('counts each exercise and set added', () => {
    const counted = row(countIntoSession(row(countIntoSession(session(), 'exercise')), 'set', at(2)));
    expect([counted.exerciseCount, counted.setCount]).toEqual([1, 1]);
  });

  it(`refuses the ${WORKOUT_LIMITS.exercises + 1}st exercise and the ${WORKOUT_LIMITS.sets + 1}st set by name`, () => {
    expect(countIntoSession(session({ exerciseCount: WORKOUT_LIMITS.exercises }), 'exercise')).toEqual({ ok: false, code: 'WORKOUT_SESSION_FULL' });
    expect(countIntoSession(session({ setCount: WORKOUT_LIMITS.sets }), 'set', at(1))).toEqual({ ok: false, code: 'WORKOUT_SESSION_FULL' });
    expect(countIntoSession(session({ setCount: WORKOUT_LIMITS.sets - 1 }), 'set', at(1)).ok).toBe(true);
  });

  it('refuses a set done more than 24 hours after the session started, and accepts one at 24 hours', () => {
    expect(countIntoSession(session(), 'set', at(24 * 60)).ok).toBe(true);
    expect(countIntoSession(session(), 'set', at(24 * 60 + 1))).toEqual({ ok: false, code: 'WORKOUT_SESSION_TOO_LONG' });
  });

  it('refuses a set for a session discarded on another device, rather than keeping it where nobody sees it', () => {
    expect(countIntoSession(session({ deleted: true }), 'set', at(1))).toEqual({ ok: false, code: 'WORKOUT_SESSION_DISCARDED' });
    expect(countIntoSession(undefined, 'set', at(1))).toEqual({ ok: false, code: 'NOT_FOUND' });
  });
});

describe('finishing a session', () => {
  it('records when, and a later finish from another device wins', () => {
    const finished = row(applyWorkoutSessionFinish(session(), at(60), hlc(60)));
    expect(finished).toMatchObject({ endedAt: at(60), hlcs: { endedAt: hlc(60) } });
    expect(row(applyWorkoutSessionFinish(finished, at(70), hlc(70, 'dev_bbbbbbbb'))).endedAt).toBe(at(70));
    expect(row(applyWorkoutSessionFinish(finished, at(50), hlc(50, 'dev_bbbbbbbb'))).endedAt).toBe(at(60));
  });

  it('refuses an end before the start or more than 24 hours after it', () => {
    expect(applyWorkoutSessionFinish(session(), at(-1), hlc(1))).toEqual({ ok: false, code: 'WORKOUT_SESSION_TOO_LONG' });
    expect(applyWorkoutSessionFinish(session(), at(24 * 60 + 1), hlc(1))).toEqual({ ok: false, code: 'WORKOUT_SESSION_TOO_LONG' });
  });

  it('a discarded session stays discarded: a finish after it changes nothing', () => {
    const discarded = row(applyWorkoutSessionDiscard(session()));
    expect(applyWorkoutSessionFinish(discarded, at(60), hlc(60))).toEqual({ ok: true, row: discarded, changed: false });
  });
});

describe('an exercise moved, skipped, annotated', () => {
  it('takes each field from its latest write', () => {
    const skipped = row(applyWorkoutExerciseUpdate(exercise(), { skipped: true }, hlc(10)));
    const noted = row(applyWorkoutExerciseUpdate(skipped, { note: 'banco ocupado', skipped: false }, hlc(5, 'dev_bbbbbbbb')));
    expect(noted).toMatchObject({ skipped: true, note: 'banco ocupado' });
  });
});

describe('a set corrected or removed on two devices', () => {
  it('converges whatever the order the corrections and the removal arrive in, and a replay changes nothing (property)', () => {
    type Op = { kind: 'update'; reps?: number | null; loadKg?: number | null; position?: number; at: number; node: string } | { kind: 'remove' };
    const update = fc.record({
      kind: fc.constant('update' as const),
      reps: fc.option(fc.option(fc.integer({ min: 0, max: 30 }), { nil: null }), { nil: undefined }),
      loadKg: fc.option(fc.option(fc.integer({ min: 0, max: 4000 }).map((q) => q / 4), { nil: null }), { nil: undefined }),
      position: fc.option(fc.integer({ min: 0, max: 5 }), { nil: undefined }),
      at: fc.integer({ min: 0, max: 50 }),
      node: fc.constantFrom('dev_aaaaaaaa', 'dev_bbbbbbbb'),
    });
    const op: fc.Arbitrary<Op> = fc.oneof({ weight: 6, arbitrary: update }, { weight: 1, arbitrary: fc.constant({ kind: 'remove' as const }) });
    fc.assert(
      fc.property(fc.array(op, { maxLength: 8 }).chain((ops) => fc.tuple(fc.constant(ops), fc.shuffledSubarray(ops, { minLength: ops.length, maxLength: ops.length }))), ([ops, shuffled]) => {
        const stamp = (list: Op[]) => list.map((o) => (o.kind === 'update' ? { ...o, hlc: hlc(o.at * 100 + ops.indexOf(o), o.node) } : { ...o, hlc: '' }));
        const run = (order: ReturnType<typeof stamp>) =>
          order.reduce<WorkoutSet>((current, o) => {
            const outcome = o.kind === 'remove' ? applyWorkoutSetRemove(current) : applyWorkoutSetUpdate(current, { reps: o.reps, loadKg: o.loadKg, position: o.position }, o.hlc);
            return outcome.ok ? outcome.row : current;
          }, set());
        const a = run(stamp(ops));
        const b = run(stamp(shuffled));
        expect(b.deleted).toBe(a.deleted);
        if (!a.deleted) expect([b.reps, b.loadKg, b.position]).toEqual([a.reps, a.loadKg, a.position]);
        expect(run(stamp([...ops, ...ops]))).toEqual(a.deleted ? expect.objectContaining({ deleted: true }) : a);
      }),
      { numRuns: 300 },
    );
  });
});
