import { hc, type ClientResponse } from 'hono/client';
import type { SuccessStatusCode } from 'hono/utils/http-status';
import type { AppType } from '#api/app.ts';
import type { FieldError } from '#protocol/errors.ts';

/**
 * A failed call (SPEC §8 request helper): the server's translated `error` as message, its status,
 * code and details. A network failure has status 0 and code NETWORK; the UI words it.
 */
export class ApiRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly details: FieldError[] = [],
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

/** The page's fetch at call time (tests stub it), with an unreachable server as NETWORK. */
const fetchOrNetworkError: typeof fetch = async (input, init) => {
  try {
    return await fetch(input, init);
  } catch {
    throw new ApiRequestError('', 0, 'NETWORK');
  }
};

/**
 * The API (SPEC §7) with the session cookie, typed from the server's routes (issue 19, part 3):
 * `apiClient.plans.$get()`, `apiClient.clients.login.$post({ json })`. Read answers with `answer`.
 */
export const apiClient = hc<AppType>('/', { fetch: fetchOrNetworkError, init: { credentials: 'include' } }).api;

/** Whether a status (or any of a union of them) is a success. */
type Succeeds<S> = S extends SuccessStatusCode ? true : false;

/** What a successful answer of a call carries. */
export type Answer<R> = R extends ClientResponse<infer T, infer S> ? (true extends Succeeds<S> ? T : never) : never;

/** The body of a successful answer; a refusal becomes an ApiRequestError with the server's words. */
export async function answer<R extends ClientResponse<unknown>>(call: Promise<R>): Promise<Answer<R>> {
  const response = await call;
  const text = await response.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null; // not JSON: the status text stands in (SPEC §8)
  }
  if (!response.ok) {
    const error = (data ?? {}) as { error?: string; code?: string; details?: FieldError[] };
    throw new ApiRequestError(error.error ?? response.statusText, response.status, error.code ?? 'HTTP', error.details ?? []);
  }
  return data as Answer<R>;
}

/** A route's `:id`, escaped (hono/client puts parameters in the path as they are). */
export const byId = (id: string) => ({ param: { id: encodeURIComponent(id) } });
