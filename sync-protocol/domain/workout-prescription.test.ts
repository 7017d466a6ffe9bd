import { describe, expect, it } from 'vitest';
import { DEFAULT_SET_COUNT, exerciseKindOf, isTimedPrescription, prescribedReps, prescribedSeconds, prescribedSetCount } from './workout-prescription.ts';

describe('prescribedSetCount', () => {
  it.each([
    ['4', 4],
    ['3-4', 3],
    ['4 séries', 4],
    ['3 a 4', 3],
    [' 5 ', 5],
  ])('reads %j as %i sets', (text, count) => expect(prescribedSetCount(text)).toBe(count));

  it.each([null, undefined, '', 'várias', '0', '50'])('offers the default for %j', (text) => expect(prescribedSetCount(text)).toBe(DEFAULT_SET_COUNT));
});

describe('isTimedPrescription', () => {
  it.each(['45s', '30 segundos', '30 seg', '1 min', '1 minuto', '45 seconds', "2'", '40"', '60 SEGUNDOS'])('reads %j as a time', (text) => expect(isTimedPrescription(text)).toBe(true));
  it.each(['12', '8-12', '10 reps', '10 repetições', 'até a falha', '15 cada lado', '12 por perna', '10 repeticiones', '', null])('reads %j as reps', (text) => expect(isTimedPrescription(text)).toBe(false));
});

describe('exerciseKindOf', () => {
  it('takes a time for a timed prescription and a load otherwise', () => {
    expect(exerciseKindOf('45s')).toBe('time');
    expect(exerciseKindOf('8-12')).toBe('load');
    expect(exerciseKindOf(null)).toBe('load');
  });
});

describe('prescribedReps', () => {
  it.each([
    ['10', 10],
    ['8-12', 8],
    ['12 cada lado', 12],
    ['15 repeticiones', 15],
  ])('pre-fills %j with %i', (text, reps) => expect(prescribedReps(text)).toBe(reps));

  it.each(['até a falha', '45s', '', null, '0', '5000'])('pre-fills nothing for %j', (text) => expect(prescribedReps(text)).toBeNull());
});

describe('prescribedSeconds', () => {
  it('reads a timed prescription as a rest is read', () => {
    expect(prescribedSeconds('45s')).toBe(45);
    expect(prescribedSeconds('1 min')).toBe(60);
    expect(prescribedSeconds('30 segundos')).toBe(30);
  });
  it('gives nothing for reps', () => expect(prescribedSeconds('12')).toBeNull());
});
