import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bestSet, bestsOf, epleyOneRepMax, recordsBroken, volumeKg, type DoneSet } from './lift-records.ts';

const set = (overrides: Partial<DoneSet> = {}): DoneSet => ({ loadKg: 60, reps: 10, ...overrides });
/** 135 lb, as the device stores it. */
const LB_135 = 61.23496995;

describe('epleyOneRepMax', () => {
  it.each([
    [100, 10, 133.333],
    [60, 5, 70],
    [80, 1, 80],
    [LB_135, 8, LB_135 * (1 + 8 / 30)],
  ])('%j kg × %j reps is %j kg', (load, reps, expected) => {
    expect(epleyOneRepMax(load, reps)).toBeCloseTo(expected, 2);
  });

  it.each([
    [null, 10],
    [60, null],
    [0, 10],
    [60, 0],
    [-5, 10],
  ])('has no estimate for %j kg × %j reps', (load, reps) => {
    expect(epleyOneRepMax(load, reps)).toBeNull();
  });
});

describe('volumeKg', () => {
  it('adds load × reps over the sets with a load; body weight and time add nothing', () => {
    expect(volumeKg([set({ loadKg: 60, reps: 10 }), set({ loadKg: 62.5, reps: 8 }), set({ loadKg: null, reps: 15 }), set({ loadKg: null, reps: null })])).toBe(1100);
  });
});

describe('bestSet', () => {
  it('is the set with the highest Epley estimate, not the heaviest', () => {
    const heavy = set({ loadKg: 100, reps: 1 });
    const strong = set({ loadKg: 90, reps: 5 });
    expect(bestSet([heavy, strong, set({ loadKg: 80, reps: 6 })])).toBe(strong);
  });

  it('at the same estimate, the set with more reps', () => {
    // 80 kg × 15 is 80 × 1.5: a single of 120 kg, exactly.
    const single = set({ loadKg: 120, reps: 1 });
    const fifteen = set({ loadKg: 80, reps: 15 });
    expect(bestSet([single, fifteen])).toBe(fifteen);
    expect(bestSet([fifteen, single])).toBe(fifteen);
  });

  it('is null when no set has a load', () => {
    expect(bestSet([set({ loadKg: null, reps: 20 }), set({ loadKg: 0, reps: 12 }), set({ loadKg: null, reps: null })])).toBeNull();
  });
});

describe('recordsBroken: each compared with the sessions before', () => {
  const before = bestsOf([set({ loadKg: 60, reps: 10 }), set({ loadKg: 70, reps: 5 }), set({ loadKg: LB_135, reps: 6 })]);

  it('a heavier set breaks the heaviest load and, when the estimate rises, the one-rep max', () => {
    const broken = recordsBroken(before, [set({ loadKg: 72.5, reps: 5 })]);
    expect(broken).toEqual([
      { kind: 'heaviest', value: 72.5, previous: 70 },
      { kind: 'oneRepMax', value: 72.5 * (1 + 5 / 30), previous: 70 * (1 + 5 / 30) },
    ]);
  });

  it('more reps at a load done before breaks the reps at that load, in pounds too', () => {
    const broken = recordsBroken(before, [set({ loadKg: 60, reps: 12 }), set({ loadKg: LB_135, reps: 7 })]);
    expect(broken.filter((record) => record.kind === 'repsAtLoad')).toEqual([
      { kind: 'repsAtLoad', value: 12, previous: 10, loadKg: 60 },
      { kind: 'repsAtLoad', value: 7, previous: 6, loadKg: 61.235 },
    ]);
  });

  it('breaks nothing on an exercise’s first session, or at a load never done before', () => {
    expect(recordsBroken(bestsOf([]), [set({ loadKg: 100, reps: 10 })])).toEqual([]);
    expect(recordsBroken(before, [set({ loadKg: 65, reps: 3 })])).toEqual([]);
  });

  it('breaks nothing with sets for time or with body weight', () => {
    expect(recordsBroken(before, [set({ loadKg: null, reps: 30 }), set({ loadKg: null, reps: null })])).toEqual([]);
  });

  it('a session equal to the best breaks nothing; any record broken is above what it beat', () => {
    const sets = fc.array(fc.record({ loadKg: fc.option(fc.double({ min: 0.5, max: 1000, noNaN: true }), { nil: null }), reps: fc.option(fc.integer({ min: 1, max: 1000 }), { nil: null }) }), { maxLength: 12 });
    fc.assert(
      fc.property(sets, sets, (earlier, session) => {
        expect(recordsBroken(bestsOf(earlier), earlier)).toEqual([]);
        for (const record of recordsBroken(bestsOf(earlier), session)) expect(record.value).toBeGreaterThan(record.previous);
      }),
    );
  });
});
