import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ValidationError } from 'yup';
import { loginSchema } from '../schemas/clients.ts';
import { firstErrorPerField } from '../schemas/fields.ts';
import { loginFieldErrors, type LoginFields } from './credentials.ts';

/** What a formik form gets from the login schema: the first message of each field. */
function schemaErrors(values: LoginFields): Partial<Record<keyof LoginFields, string>> {
  try {
    loginSchema.validateSync(values, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return firstErrorPerField(error);
  }
}

describe('loginFieldErrors', () => {
  it('names the first broken rule of each field', () => {
    expect(loginFieldErrors({ email: '', password: '' })).toEqual({ email: 'validation.required', password: 'validation.required' });
    expect(loginFieldErrors({ email: 'carla@', password: '12345' })).toEqual({ email: 'validation.emailInvalid', password: 'validation.passwordMinLogin' });
    expect(loginFieldErrors({ email: `${'a'.repeat(250)}@x.io`, password: 'x'.repeat(129) })).toEqual({ email: 'validation.emailInvalid', password: 'validation.passwordMax' });
    expect(loginFieldErrors({ email: ' Carla@Example.com ', password: '123456' })).toEqual({});
  });

  it('agrees with the login schema the server validates with, on any input', () => {
    const localPart = fc.stringMatching(/^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]{1,70}$/);
    const domain = fc.stringMatching(/^[a-zA-Z0-9-]{1,70}(\.[a-zA-Z0-9-]{1,70}){0,3}$/);
    const email = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.tuple(localPart, domain, fc.constantFrom('', ' ', '  ')).map(([l, d, pad]) => `${pad}${l}@${d}${pad}`),
      fc.constantFrom('', ' ', 'a@b', 'a@-b.com', 'a@b-.com', `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.io`),
    );
    const password = fc.oneof(fc.string({ maxLength: 140 }), fc.constantFrom('', '     ', '12345', '123456', 'x'.repeat(128), 'x'.repeat(129)));
    fc.assert(
      fc.property(email, password, (e, p) => {
        expect(loginFieldErrors({ email: e, password: p })).toEqual(schemaErrors({ email: e, password: p }));
      }),
      { numRuns: 500 },
    );
  });
});
