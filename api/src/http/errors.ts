import type { ErrorCode } from '#protocol/errors.ts';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { RateLimiter } from '../auth/rate-limit.ts';

/** A field problem before translation: `key` is a `validation.*` catalog key. */
export interface FieldProblem {
  field: string;
  key: string;
}

/**
 * The one error type routes and services throw. The message is a catalog key, translated in the
 * app's onError into the request's language, so services never deal with wording.
 */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    readonly fields: FieldProblem[] = [],
    readonly values: Record<string, string | number> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(code);
    this.name = 'ApiError';
  }
}

export const validationError = (fields: FieldProblem[]) => new ApiError(400, 'VALIDATION_FAILED', fields);

/**
 * 429 with Retry-After while `key` is over `limiter`'s limit (login, registrations, payouts; AI
 * calls answer with SPEC §8's quota code instead).
 */
export function refuseWhenLimited(limiter: RateLimiter, key: string, code: 'RATE_LIMITED' | 'AI_QUOTA_EXCEEDED' = 'RATE_LIMITED'): void {
  const waitMs = limiter.retryAfter(key);
  if (waitMs > 0) {
    const seconds = Math.ceil(waitMs / 1000);
    throw new ApiError(429, code, [], { minutes: Math.ceil(seconds / 60) }, { 'Retry-After': String(seconds) });
  }
}
