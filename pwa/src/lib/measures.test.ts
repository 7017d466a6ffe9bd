import { describe, expect, it } from 'vitest';
import { measuresFor } from './measures.ts';

describe('measures (ADR 020)', () => {
  it('shows kg and cm in the language’s decimals, and lb and ft + in for the US system', () => {
    const metric = measuresFor('metric', 'pt-BR');
    expect(metric.weight(77.25)).toMatch(/^77,3\s?kg$/);
    expect(metric.height(167.6)).toMatch(/^167,6\s?cm$/);
    const us = measuresFor('us', 'en-US');
    expect(us.weight(77.25)).toBe('170.3 lb');
    expect(us.weightField(77.25)).toBe('170.3');
    expect(us.height(167.6)).toBe('5 ft 6 in');
    expect(us.weight(null)).toBe('');
    expect(measuresFor('us', 'es-AR').weight(77.25)).toMatch(/^170,3\s?lb$/);
  });

  it('reads what a US user types in pounds into the kg stored, which reads back as typed', () => {
    const us = measuresFor('us', 'en-US');
    expect(us.readWeight('170.3')).toEqual({ ok: true, value: 77.25 });
    expect(us.readWeight(' 170,3 ')).toEqual({ ok: true, value: 77.25 });
    expect(us.weight(77.25)).toBe('170.3 lb');
    expect(us.readWeight('')).toEqual({ ok: false, key: 'validation.weightRequired' });
    expect(us.readWeight('170.35')).toEqual({ ok: false, key: 'validation.weightInvalid' });
    expect(us.readWeight('1200')).toEqual({ ok: false, key: 'validation.weightInvalid' }); // 544 kg
  });

  it('keeps the kg rule for a metric user: 45,2 is 45.2 kg and 84,25 is refused, not taken as pounds', () => {
    const metric = measuresFor('metric', 'es-AR');
    expect(metric.readWeight('45,2')).toEqual({ ok: true, value: 45.2 });
    expect(metric.readWeight('77,25')).toEqual({ ok: false, key: 'validation.weightInvalid' });
  });

  it('reads a tape measurement as typed in cm or in, with either separator; blank is not measured (issue 21)', () => {
    const metric = measuresFor('metric', 'pt-BR');
    expect(metric.readLength('84,5')).toEqual({ ok: true, value: 84.5 });
    expect(metric.readLength(' ')).toEqual({ ok: true, value: null });
    expect(metric.readLength('84,55')).toEqual({ ok: false, key: 'validation.lengthInvalid' });
    expect(metric.readLength('845')).toEqual({ ok: false, key: 'validation.lengthInvalid' });
    expect(metric.length(84.5)).toMatch(/^84,5\s?cm$/);
    expect(metric.lengthField(84.5)).toBe('84,5');
    const us = measuresFor('us', 'en-US');
    expect(us.readLength('33.3')).toEqual({ ok: true, value: 84.58 });
    expect(us.length(84.58)).toBe('33.3 in');
    expect(us.lengthField(84.58)).toBe('33.3');
    expect(us.lengthSymbol).toBe('in');
    expect(us.lengthDifference(86.36, 84.58)).toBe('0.7 in'); // 34.0 in − 33.3 in, as shown
    expect(metric.lengthDifference(80, 84.5)).toMatch(/^-4,5\s?cm$/);
  });

  it('shows a difference as the two figures shown read: current − target, signed', () => {
    expect(measuresFor('metric', 'en-US').weightDifference(82.5, 70)).toBe('12.5 kg');
    expect(measuresFor('metric', 'pt-BR').weightDifference(60, 65.3)).toMatch(/^-5,3\s?kg$/);
    expect(measuresFor('us', 'en-US').weightDifference(77.25, 76.61)).toBe('1.4 lb'); // 170.3 − 168.9, not 0.64 kg
  });

  it('reads a form’s height in feet and inches, and a weekly goal in pounds, into cm and kg', () => {
    const us = measuresFor('us', 'en-US');
    expect(us.storedHeight({ height: '', heightFeet: '5', heightInches: '6' })).toBe(167.6);
    expect(us.heightFields(167.6)).toMatchObject({ heightFeet: '5', heightInches: '6' });
    expect(us.storedHeight({ height: '', heightFeet: '', heightInches: '' })).toBeUndefined();
    expect(us.storedHeight({ height: '', heightFeet: '5', heightInches: '12' })).toBeNaN();
    expect(us.storedHeight({ height: '', heightFeet: '5,5', heightInches: '' })).toBeNaN();
    expect(us.storedWeeklyGoal('1')).toBe(0.45);
    expect(us.weeklyGoalField(0.45)).toBe('1');
    expect(us.storedWeight('170.3')).toBe(77.25);
    expect(us.storedWeight('abc')).toBeNaN();
    expect(measuresFor('metric', 'pt-BR').storedHeight({ height: '167,6', heightFeet: '', heightInches: '' })).toBe(167.6);
  });
});

describe('bound messages in pounds and feet (ADR 020)', () => {
  it('says the schema’s kg and cm bounds as figures on the right side of them', () => {
    const us = measuresFor('us', 'en-US');
    expect(us.message('validation.weightMin')).toEqual({ id: 'units.bounds.weightMin', values: { value: '66.1 lb' } });
    expect(us.message('validation.heightMin')).toEqual({ id: 'units.bounds.heightMin', values: { value: '3 ft 4 in' } });
    expect(us.message('validation.heightMax')).toEqual({ id: 'units.bounds.heightMax', values: { value: '8 ft 2 in' } });
    expect(us.message('validation.weeklyGoalMin')).toEqual({ id: 'units.bounds.weeklyGoalMin', values: { value: '0.3 lb' } });
    expect(us.message('validation.weeklyGoalMax')).toEqual({ id: 'units.bounds.weeklyGoalMax', values: { value: '4.4 lb' } });
    expect(us.message('validation.required')).toEqual({ id: 'validation.required' });
    expect(measuresFor('metric', 'en-US').message('validation.weightMin')).toEqual({ id: 'validation.weightMin' });
  });

  it('each such figure is one the schema takes, and the next one past it is refused (the wording is true)', async () => {
    const { registerClientSchema } = await import('#protocol/schemas/clients.ts');
    const us = measuresFor('us', 'en-US');
    const valid = (field: string, value: number | undefined) => registerClientSchema.validateAt(field, { [field]: value }).then(() => true, () => false);
    expect(await valid('height', us.storedHeight({ height: '', heightFeet: '3', heightInches: '4' }))).toBe(true);
    expect(await valid('height', us.storedHeight({ height: '', heightFeet: '3', heightInches: '3' }))).toBe(false);
    expect(await valid('height', us.storedHeight({ height: '', heightFeet: '8', heightInches: '2' }))).toBe(true);
    expect(await valid('height', us.storedHeight({ height: '', heightFeet: '8', heightInches: '3' }))).toBe(false);
    expect(await valid('weeklyWeightGoal', us.storedWeeklyGoal('0.3'))).toBe(true);
    expect(await valid('weeklyWeightGoal', us.storedWeeklyGoal('0.2'))).toBe(false);
    expect(await valid('weeklyWeightGoal', us.storedWeeklyGoal('4.4'))).toBe(true);
    expect(await valid('weeklyWeightGoal', us.storedWeeklyGoal('4.5'))).toBe(false);
    expect(await valid('currentWeight', us.storedWeight('66.1'))).toBe(false);
    expect(await valid('currentWeight', us.storedWeight('66.2'))).toBe(true);
    expect(await valid('currentWeight', us.storedWeight('661.3'))).toBe(true);
    expect(await valid('currentWeight', us.storedWeight('661.4'))).toBe(false);
  });
});
