import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { DomainError, type ErrorCode, type FieldProblem } from '#protocol/errors.ts';

/** The one place a refusal becomes an HTTP status (issue 19, part 3): every code has exactly one. */
export const HTTP_STATUS: Record<ErrorCode, ContentfulStatusCode> = {
  VALIDATION_FAILED: 400,
  INVALID_JSON: 400,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  CROSS_ORIGIN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  EMAIL_TAKEN: 409,
  INVALID_CREDENTIALS: 401,
  WRONG_PASSWORD: 401,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  DATABASE_UNAVAILABLE: 503,
  SERVER_STOPPING: 503,
  DAY_LOCKED: 409,
  DAY_NOT_COMPLETE: 409,
  ID_CONFLICT: 409,
  DEVICE_CONFLICT: 409,
  UNKNOWN_MUTATION: 400,
  DEVICE_DATE_AHEAD: 400,
  TRIAL_UNAVAILABLE: 409,
  PLAN_NOT_FOUND: 404,
  PAYMENT_REQUIRED: 402,
  INVALID_SIGNATURE: 400,
  USER_HAS_ACTIVE_PLAN: 409,
  PAYMENT_PROVIDER_UNAVAILABLE: 409,
  PAYMENT_PROVIDER_FAILED: 502,
  RESET_LINK_INVALID: 400,
  RESET_LINK_USED: 410,
  RESET_LINK_EXPIRED: 410,
  PHOTO_QUOTA_EXCEEDED: 413,
  MESSAGE_DELETE_EXPIRED: 409,
  HEALTH_CONSENT_REQUIRED: 403,
  WORKOUT_SESSION_FULL: 409,
  WORKOUT_SESSION_TOO_LONG: 409,
  WORKOUT_SESSION_DISCARDED: 409,
  PHOTO_TYPE_MISMATCH: 415,
  UPLOAD_OFFSET_MISMATCH: 409,
  USER_DELETE_FORBIDDEN: 403,
  AI_QUOTA_EXCEEDED: 429,
  AI_UNAVAILABLE: 503,
  AI_NOT_CONFIGURED: 503,
  AI_INVALID_RESPONSE: 502,
  AI_FAILED: 502,
  UNSUPPORTED_IMAGE: 400,
  REFERRAL_CODE_TAKEN: 409,
  INSUFFICIENT_BALANCE: 400,
  PAYOUT_TRANSITION: 409,
};

/**
 * A refusal whose status depends on where it happens, not on its code (a webhook's signature
 * is 401 where SPEC §7 says so; the health check's 503): routes and middleware only.
 */
export class ApiError extends DomainError {
  constructor(
    readonly status: ContentfulStatusCode,
    code: ErrorCode,
    fields: FieldProblem[] = [],
    values: Record<string, string | number> = {},
  ) {
    super(code, { fields, values });
    this.name = 'ApiError';
  }
}

/** How long a caller waits before trying again while the database cannot be reached, or this instance stops (ADR 031). */
export const RETRY_AFTER_UNAVAILABLE_SECONDS = 5;

/** The status and headers of a refusal. */
export function httpOf(error: DomainError): { status: ContentfulStatusCode; headers: Record<string, string> } {
  const status = error instanceof ApiError ? error.status : HTTP_STATUS[error.code];
  return { status, headers: error.retryAfterSeconds === null ? {} : { 'Retry-After': String(error.retryAfterSeconds) } };
}
