import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { checkExerciseName, checkPosition, checkPrescription, checkWeekday, checkWeight, WEIGHT_MAX, WEIGHT_MIN } from './fields.ts';
import { checkLoad, checkReps, checkSetSeconds, LOAD_MAX_KG, REPS_MAX, SET_SECONDS_MAX } from './set-fields.ts';

/**
 * SPEC §5 weight record: 1 to 500 in steps of 0.1. One rule for REST, the sync push and the
 * forms: a plain decimal with "." or "," (surrounding spaces ignored), or a finite JSON number.
 */
describe('checkWeight', () => {
  it.each([
    ['84,2', 84.2],
    [' 84,2 ', 84.2],
    ['84.2', 84.2],
    ['1', 1],
    ['500', 500],
    ['500,0', 500],
    [45.2, 45.2],
    [1, 1],
    [500, 500],
  ])('accepts %j as %j', (value, weight) => {
    expect(checkWeight(value)).toEqual({ ok: true, value: weight });
  });

  it.each([
    [77.25, 77.25], // 170.3 lb
    ['77,25', 77.25],
    [84.23, 84.23], // 185.7 lb
  ])('accepts %j, the kg a weight typed in pounds is kept as (ADR 020)', (value, weight) => {
    expect(checkWeight(value)).toEqual({ ok: true, value: weight });
  });

  it.each([undefined, null, '', '   '])('asks for a weight when given %j', (value) => {
    expect(checkWeight(value)).toEqual({ ok: false, key: 'validation.weightRequired' });
  });

  it.each([
    0.04, // would have been stored as 0 kg
    0.9, 0, -0, -1, 500.1, 84.25, 84.05 + 0.01, Infinity, -Infinity, Number.NaN, Number.MAX_VALUE, 5e-324,
    '0x40', // would have been 64 kg
    '1e2', // would have been 100 kg
    '84.25', '84,25', '1.000', '1,000', '0,9', '500,1', '0', '-84', '+84', 'Infinity', 'NaN', 'abc', '84kg', '84.', '٨٤',
    [84], { value: 84 }, true, false,
  ])('refuses %j as an invalid weight', (value) => {
    expect(checkWeight(value)).toEqual({ ok: false, key: 'validation.weightInvalid' });
  });

  it('keeps exactly the weight typed: every 0.1 step from 1 to 500 round-trips (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: WEIGHT_MIN * 10, max: WEIGHT_MAX * 10 }), fc.constantFrom('.', ','), fc.constantFrom('', ' ', '  '), (tenths, separator, pad) => {
        const weight = tenths / 10;
        expect(checkWeight(`${pad}${weight.toFixed(1).replace('.', separator)}${pad}`)).toEqual({ ok: true, value: weight });
        expect(checkWeight(weight)).toEqual({ ok: true, value: weight });
      }),
    );
  });

  it('whatever it accepts is a weight of the SPEC: 1 to 500, one decimal at most (property)', () => {
    const anything = fc.oneof(fc.double(), fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 1 }), fc.integer());
    fc.assert(
      fc.property(anything, (value) => {
        const checked = checkWeight(value);
        if (!checked.ok) return;
        expect(checked.value).toBeGreaterThanOrEqual(WEIGHT_MIN);
        expect(checked.value).toBeLessThanOrEqual(WEIGHT_MAX);
        expect(Number.isInteger(Math.round(checked.value * 10)) && Math.round(checked.value * 10) / 10 === checked.value).toBe(true);
        if (typeof value === 'number') expect(checked.value).toBe(value); // a number is taken as it is, never rounded
      }),
      { numRuns: 2000 },
    );
  });
});

/** Issue 48: a set's reps, load and time, as typed in any of the three languages or sent as JSON. */
describe('a workout set’s figures', () => {
  it.each([
    ['12', 12],
    [' 8 ', 8],
    [0, 0],
    [1000, 1000],
  ])('reads reps %j as %j', (value, reps) => {
    expect(checkReps(value)).toEqual({ ok: true, value: reps });
  });

  it.each([-1, 1001, 8.5, '8,5', '1e2', 'oito', Number.NaN, Infinity, true])('refuses reps %j', (value) => {
    expect(checkReps(value)).toEqual({ ok: false, key: 'validation.repsInvalid' });
  });

  it.each([
    ['45,2', 45.2], // pt-BR and es-AR
    ['45.2', 45.2],
    ['1,25', 1.25], // a small plate
    [20.41, 20.41], // 45 lb, kept as kg to 0.01 (ADR 020)
    [0, 0],
    [LOAD_MAX_KG, LOAD_MAX_KG],
  ])('reads a load of %j as %j kg', (value, kg) => {
    expect(checkLoad(value)).toEqual({ ok: true, value: kg });
  });

  it.each([-2.5, 1000.01, 20.125, '1.000,5', '0x40', Infinity])('refuses a load of %j', (value) => {
    expect(checkLoad(value)).toEqual({ ok: false, key: 'validation.loadInvalid' });
  });

  it.each([45, '45', SET_SECONDS_MAX])('reads a set time of %j seconds', (value) => {
    expect(checkSetSeconds(value)).toEqual({ ok: true, value: Number(value) });
  });

  it.each([SET_SECONDS_MAX + 1, 45.5, -1])('refuses a set time of %j seconds', (value) => {
    expect(checkSetSeconds(value)).toEqual({ ok: false, key: 'validation.setTimeInvalid' });
  });

  it.each([null, '', '  '])('reads %j as none: a set for time has no reps, one with body weight no load', (value) => {
    expect([checkReps(value), checkLoad(value), checkSetSeconds(value)]).toEqual([
      { ok: true, value: null },
      { ok: true, value: null },
      { ok: true, value: null },
    ]);
  });

  it('accepts exactly the whole reps from 0 to REPS_MAX', () => {
    fc.assert(
      fc.property(fc.integer({ min: -5000, max: 5000 }), (reps) => {
        expect(checkReps(reps).ok).toBe(reps >= 0 && reps <= REPS_MAX);
      }),
    );
  });
});

describe('an exercise of a workout session (issue 48)', () => {
  it('keeps a plan’s prescription as written, trimmed, an empty text as none', () => {
    expect(checkPrescription({ sets: ' 4 ', reps: '8-12', rest: '' })).toEqual({ ok: true, value: { sets: '4', reps: '8-12', rest: null } });
    expect(checkPrescription({})).toEqual({ ok: true, value: { sets: null, reps: null, rest: null } });
  });

  it.each([null, [], 'x', { sets: 4 }, { rest: 'x'.repeat(61) }])('refuses the prescription %j', (value) => {
    expect(checkPrescription(value).ok).toBe(false);
  });

  it('takes a name of 1 to 120 characters, trimmed', () => {
    expect(checkExerciseName('  Supino reto ')).toEqual({ ok: true, value: 'Supino reto' });
    expect(checkExerciseName('   ')).toEqual({ ok: false, key: 'validation.required' });
    expect(checkExerciseName('x'.repeat(121))).toEqual({ ok: false, key: 'validation.tooLong' });
  });

  it('takes a weekday 0 to 6 and a place 0 to 999, whole', () => {
    expect([0, 6, 7, 1.5].map((day) => checkWeekday(day).ok)).toEqual([true, true, false, false]);
    expect([0, 999, 1000, -1, 2.5].map((place) => checkPosition(place).ok)).toEqual([true, true, false, false, false]);
  });
});
