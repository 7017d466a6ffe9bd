// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { object, string } from 'yup';
import { lazySchemaErrors } from './lazy-schema-errors.ts';

const schema = object({ name: string().required('validation.required') });

afterEach(() => vi.restoreAllMocks());

describe('a sign-up form validated by a schema loaded on demand', () => {
  it('answers what schemaErrors answers, loading the schema once', async () => {
    const load = vi.fn(() => Promise.resolve(schema));
    const validation = lazySchemaErrors(load);
    validation.preload();
    expect(await validation.validate({ name: '' })).toEqual({ name: 'validation.required' });
    expect(await validation.validate({ name: 'Ana' })).toEqual({});
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('lets the form go to the server unchecked when the code does not arrive, and tries again next time', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValue(schema);
    const validation = lazySchemaErrors(load);
    validation.preload(); // a failed preload is not an unhandled rejection
    expect(await validation.validate({ name: '' })).toEqual({});
    expect(error).toHaveBeenCalledWith('validation.load', expect.any(TypeError));
    expect(await validation.validate({ name: '' })).toEqual({ name: 'validation.required' });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
