import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { HISTORY_SIZE, weightProgress } from './weight-progress.ts';
import type { WeightPoint } from './weight-progress.ts';

const on = (date: string, weight: number): WeightPoint => ({ weight, createdAt: `${date}T12:00:00.000Z` });

/** One record a day from 2026-01-01 with the given weights. */
const daily = (...weights: number[]) =>
  weights.map((weight, i) => ({ weight, createdAt: new Date(Date.UTC(2026, 0, 1 + i, 9)).toISOString() }));

describe('weight progress', () => {
  it('has nothing to show without records or weights', () => {
    expect(weightProgress([], null, null)).toEqual({
      initialWeight: null,
      currentWeight: null,
      targetWeight: null,
      weightLost: 0,
      goalPercent: 0,
      daysActive: 0,
      first: null,
      last: null,
      total: 0,
      recent: [],
    });
  });

  it('falls back to the registration weight when there are no records', () => {
    const progress = weightProgress([], 82, 65);
    expect(progress).toMatchObject({ initialWeight: 82, currentWeight: 82, targetWeight: 65, weightLost: 0, goalPercent: 0, daysActive: 0 });
  });

  it('reads a single record', () => {
    const record = on('2026-03-10', 80);
    expect(weightProgress([record], null, 70)).toEqual({
      initialWeight: 80,
      currentWeight: 80,
      targetWeight: 70,
      weightLost: 0,
      goalPercent: 0,
      daysActive: 1,
      first: record,
      last: record,
      total: 1,
      recent: [record],
    });
  });

  it('follows a loss journey towards the target', () => {
    const records = [on('2026-01-05', 81.2), on('2026-01-20', 80), on('2026-02-10', 79.1), on('2026-03-01', 78.4)];
    const progress = weightProgress(records, 82, 65);
    expect(progress).toMatchObject({
      initialWeight: 82,
      currentWeight: 78.4,
      targetWeight: 65,
      weightLost: 3.6,
      goalPercent: 21,
      daysActive: 56,
      first: records[0],
      last: records[3],
      total: 4,
    });
  });

  it('takes the oldest record as the start when the registration weight is unknown', () => {
    const progress = weightProgress([on('2026-02-01', 78), on('2026-01-01', 80)], null, 70);
    expect(progress).toMatchObject({ initialWeight: 80, currentWeight: 78, weightLost: 2, goalPercent: 20 });
  });

  it('measures a weight-gain goal', () => {
    const progress = weightProgress(daily(55, 56.5, 57.5), 55, 60);
    expect(progress).toMatchObject({ weightLost: -2.5, goalPercent: 50 });
  });

  it('caps over-achievement at 100', () => {
    expect(weightProgress(daily(70, 62), 82, 65).goalPercent).toBe(100);
    expect(weightProgress(daily(62, 71), 60, 70).goalPercent).toBe(100);
  });

  it('caps going the wrong way at 0', () => {
    const progress = weightProgress(daily(83, 85), 82, 65);
    expect(progress.goalPercent).toBe(0);
    expect(progress.weightLost).toBe(-3);
  });

  it('shows no goal progress without a target or when the start is the target', () => {
    expect(weightProgress(daily(80, 78), 82, null).goalPercent).toBe(0);
    expect(weightProgress(daily(70), 70, 70).goalPercent).toBe(0);
  });

  it('keeps the 10 most recent records, newest first, and counts them all', () => {
    const records = daily(90, 89, 88, 87, 86, 85, 84, 83, 82, 81, 80, 79);
    const progress = weightProgress(records, null, 75);
    expect(progress.total).toBe(12);
    expect(progress.recent).toHaveLength(HISTORY_SIZE);
    expect(progress.recent.map((r) => r.weight)).toEqual([79, 80, 81, 82, 83, 84, 85, 86, 87, 88]);
    expect(progress.first?.weight).toBe(90);
    expect(progress.last?.weight).toBe(79);
    expect(progress.daysActive).toBe(12);
  });

  it('sorts unsorted input by date and leaves the input alone', () => {
    const records = [on('2026-01-03', 79), on('2026-01-01', 81), on('2026-01-04', 78.5), on('2026-01-02', 80)];
    const copy = [...records];
    const progress = weightProgress(records, null, null);
    expect(progress.recent.map((r) => r.weight)).toEqual([78.5, 79, 80, 81]);
    expect(progress).toMatchObject({ initialWeight: 81, currentWeight: 78.5, weightLost: 2.5, daysActive: 4 });
    expect(records).toEqual(copy);
  });

  it('counts calendar days in UTC, not 24-hour spans', () => {
    const records = [{ weight: 80, createdAt: '2026-01-01T23:59:00Z' }, { weight: 79, createdAt: '2026-01-02T00:01:00Z' }];
    expect(weightProgress(records, null, null).daysActive).toBe(2);
    const offset = [{ weight: 80, createdAt: '2026-01-01T22:00:00-03:00' }, { weight: 79, createdAt: '2026-01-02T10:00:00Z' }];
    expect(weightProgress(offset, null, null).daysActive).toBe(1);
  });

  it('rounds the weight lost to 0.1 kg', () => {
    expect(weightProgress(daily(80.04), 80, null).weightLost).toBe(0);
    expect(Object.is(weightProgress(daily(80.04), 80, null).weightLost, 0)).toBe(true);
    expect(weightProgress(daily(71.26), 75, null).weightLost).toBe(3.7);
  });

  it('keeps goal percent within 0..100 for any weights', () => {
    const weight = fc.double({ min: 30, max: 250, noNaN: true });
    fc.assert(
      fc.property(fc.array(weight, { maxLength: 15 }), fc.option(weight), fc.option(weight), (weights, initial, target) => {
        const { goalPercent, recent, total } = weightProgress(daily(...weights), initial, target);
        expect(goalPercent).toBeGreaterThanOrEqual(0);
        expect(goalPercent).toBeLessThanOrEqual(100);
        expect(Number.isInteger(goalPercent)).toBe(true);
        expect(total).toBe(weights.length);
        expect(recent.length).toBe(Math.min(weights.length, HISTORY_SIZE));
      }),
    );
  });
});

describe('the current weight agrees with the server’s latest record (ADR 018)', () => {
  it('two records at the same instant: the one with the greater id, in any input order', () => {
    const at = '2026-03-01T09:00:00.000Z';
    const a = { id: '0190a0b0-0000-7000-8000-00000000000a', weight: 80, createdAt: at };
    const b = { id: '0190a0b0-0000-7000-8000-00000000000b', weight: 79.5, createdAt: at };
    expect(weightProgress([a, b], 81, 70).currentWeight).toBe(79.5);
    expect(weightProgress([b, a], 81, 70).currentWeight).toBe(79.5);
  });

  it('starts from the registration weight, not the first record', () => {
    expect(weightProgress([on('2026-03-01', 90.5)], 91, 76)).toMatchObject({ initialWeight: 91, currentWeight: 90.5, weightLost: 0.5, goalPercent: 3 });
  });
});
