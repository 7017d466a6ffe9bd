// @vitest-environment node
import { afterAll, afterEach, beforeAll, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { PlanOffer } from '#protocol/contract/plans.ts';
import { createTestApp, type TestApp } from '../../../api/test/harness.ts';
import { answer, apiClient, ApiRequestError } from './api.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => vi.unstubAllGlobals());

/** The page's fetch answered by the real app, in a browser with `locale`. */
const browserIn = (locale: string) => vi.stubGlobal('fetch', t.client({ locale }).fetch);

describe('the PWA calls the API through hono/client (issue 19, part 3)', () => {
  it('reads an answer typed from the server’s route, with no type written at the call', async () => {
    browserIn('es-AR');
    const { plans } = await answer(apiClient.plans.$get());
    expectTypeOf(plans).toEqualTypeOf<PlanOffer[]>();
    expect(plans.map((plan) => [plan.id, plan.currency])).toEqual([
      ['monthly', 'ARS'],
      ['quarterly', 'ARS'],
      ['annual', 'ARS'],
    ]);
  });

  it('turns a refusal into an ApiRequestError with the server’s words, code and fields', async () => {
    browserIn('es-AR');
    const refusal = await answer(apiClient.clients.login.$post({ json: { email: 'nadie', password: 'x' } })).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ApiRequestError);
    expect(refusal).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect((refusal as ApiRequestError).details.map((d) => d.field).sort()).toEqual(['email', 'password']);
    expect((refusal as ApiRequestError).message).not.toBe('');
  });

  it('says NETWORK when the server cannot be reached', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(answer(apiClient.plans.$get())).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
  });
});
