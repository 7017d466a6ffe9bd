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

/**
 * Calls `/api{path}` with the session cookie; JSON in, JSON out (SPEC §7). A `FormData` body is
 * sent as multipart as it is (the browser writes its Content-Type with the boundary).
 */
export async function apiRequest<T>(method: string, path: string, body?: unknown): Promise<T> {
  let response: Response;
  const multipart = typeof FormData !== 'undefined' && body instanceof FormData;
  try {
    response = await fetch(`/api${path}`, {
      method,
      credentials: 'include',
      headers: body === undefined || multipart ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
    });
  } catch {
    throw new ApiRequestError('', 0, 'NETWORK');
  }
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
  return data as T;
}

export const api = {
  get: <T>(path: string) => apiRequest<T>('GET', path),
  post: <T>(path: string, body?: unknown) => apiRequest<T>('POST', path, body),
  put: <T>(path: string, body?: unknown) => apiRequest<T>('PUT', path, body),
  delete: <T>(path: string) => apiRequest<T>('DELETE', path),
  /** POST of a multipart form (files), e.g. the exercise-image test's `image` field. */
  upload: <T>(path: string, form: FormData) => apiRequest<T>('POST', path, form),
};
