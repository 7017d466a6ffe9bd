import { describe, expect, it } from 'vitest';
import { array, boolean, number, object, string, ValidationError } from 'yup';
import { firstErrorPerField, messageKeyOf } from './fields.ts';

const schema = object({
  upTo: string().required('validation.required').max(5, 'validation.tooLong'),
  day: number().integer('validation.invalidOption'),
  consent: boolean(),
  texts: array(object({ text: string() })),
}).noUnknown(true, 'validation.unknownField');

const issues = (value: unknown) => {
  try {
    schema.validateSync(value, { abortEarly: false });
  } catch (error) {
    if (error instanceof ValidationError) return firstErrorPerField(error);
  }
  throw new Error('expected a refusal');
};

describe('messageKeyOf (issue 46)', () => {
  it('keeps the catalog key a schema names', () => {
    expect(issues({ day: 1 })).toEqual({ upTo: 'validation.required' });
    expect(issues({ upTo: 'too long', day: 1.5 })).toEqual({ upTo: 'validation.tooLong', day: 'validation.invalidOption' });
  });

  it('turns the checks yup words in English by itself into the catalog key that says the same', () => {
    expect(issues({ upTo: {}, day: [], consent: null, texts: [[]] })).toEqual({
      upTo: 'validation.invalidType',
      day: 'validation.invalidType',
      consent: 'validation.invalidType',
      'texts[0]': 'validation.invalidType',
    });
    expect(messageKeyOf(new ValidationError('upTo is a required field', undefined, 'upTo', 'required'))).toBe('validation.required');
    expect(messageKeyOf(new ValidationError('field has unspecified keys: x', undefined, '', 'noUnknown'))).toBe('validation.unknownField');
    expect(messageKeyOf(new ValidationError('day must be one of the following values: 1', undefined, 'day', 'oneOf'))).toBe('validation.invalidOption');
  });
});
