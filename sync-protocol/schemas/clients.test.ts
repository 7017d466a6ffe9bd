import { describe, expect, it } from 'vitest';
import { ValidationError } from 'yup';
import { firstErrorPerField } from './fields.ts';
import { profileUpdateSchema, registerClientSchema } from './clients.ts';

const registration = {
  name: 'Ana Souza', email: 'ana@example.com', password: 'senha-forte-1', height: '165', currentWeight: '82,5', targetWeight: '70', weeklyWeightGoal: '0,5',
};

const errorsOf = (schema: typeof registerClientSchema | typeof profileUpdateSchema, value: unknown) => {
  try {
    schema.validateSync(value, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return firstErrorPerField(error);
  }
};

/** The weights of registration and profile follow the weight record's reading (ADR 015). */
describe('weights in the registration and profile schemas', () => {
  it('reads a decimal comma or point', () => {
    expect(registerClientSchema.validateSync(registration)).toMatchObject({ currentWeight: 82.5, targetWeight: 70, weeklyWeightGoal: 0.5, height: 165 });
    expect(profileUpdateSchema.validateSync({ currentWeight: ' 80.4 ', targetWeight: 72 })).toEqual({ currentWeight: 80.4, targetWeight: 72 });
  });

  it.each(['0x40', '1e2', '84.25', '1.000', 'Infinity', '٨٤'])('refuses %j as a weight', (weight) => {
    expect(errorsOf(registerClientSchema, { ...registration, currentWeight: weight, targetWeight: weight })).toEqual({
      currentWeight: 'validation.weightInvalid',
      targetWeight: 'validation.weightInvalid',
    });
    expect(errorsOf(profileUpdateSchema, { currentWeight: weight, targetWeight: weight, highestWeight: weight, lowestWeight: weight })).toEqual({
      currentWeight: 'validation.weightInvalid',
      targetWeight: 'validation.weightInvalid',
      highestWeight: 'validation.weightInvalid',
      lowestWeight: 'validation.weightInvalid',
    });
  });

  it('refuses a JSON weight with more than one decimal, and hex or exponent heights', () => {
    expect(errorsOf(profileUpdateSchema, { currentWeight: 80.25 })).toEqual({ currentWeight: 'validation.weightInvalid' });
    expect(errorsOf(profileUpdateSchema, { height: '0xA5' })).toEqual({ height: 'validation.number' });
    expect(errorsOf(profileUpdateSchema, { height: '1.7e2' })).toEqual({ height: 'validation.number' });
  });

  it('keeps the SPEC bounds of each form', () => {
    expect(errorsOf(registerClientSchema, { ...registration, currentWeight: '30' })).toEqual({ currentWeight: 'validation.weightMin' });
    expect(errorsOf(profileUpdateSchema, { currentWeight: '300,1' })).toEqual({ currentWeight: 'validation.weightMax' });
  });
});

/** Issue 17: an answer given at registration can be taken back later (null clears it). */
describe('clearing optional answers in a profile update', () => {
  const cleared = { phone: null, birthDate: null, gender: null, timeFrame: null, motivation: null, previousAttempts: null, highestWeight: null, lowestWeight: null };

  it('keeps null as "clear" for every optional answer, and an empty list clears a list', () => {
    expect(profileUpdateSchema.validateSync({ ...cleared, dietaryRestrictions: [], medicalConditions: [] })).toEqual({ ...cleared, dietaryRestrictions: [], medicalConditions: [] });
  });

  it('still reads a blank form field as "unchanged"', () => {
    expect(profileUpdateSchema.validateSync({ motivation: '  ', birthDate: '', gender: '', highestWeight: '' })).toEqual({});
  });

  it('refuses to clear a required answer', () => {
    expect(errorsOf(profileUpdateSchema, { name: null, height: null, currentWeight: null, targetWeight: null, weeklyWeightGoal: null, activityLevel: null, goalType: null, countryCode: null })).toEqual({
      name: 'validation.required',
      height: 'validation.required',
      currentWeight: 'validation.required',
      targetWeight: 'validation.required',
      weeklyWeightGoal: 'validation.required',
      activityLevel: 'validation.required',
      goalType: 'validation.required',
      countryCode: 'validation.required',
    });
  });

  it('reads null at registration as "not given"', () => {
    expect(registerClientSchema.validateSync({ ...registration, motivation: null, gender: null, birthDate: null })).not.toHaveProperty('motivation');
  });
});
