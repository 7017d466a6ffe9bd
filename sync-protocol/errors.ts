/**
 * Codes only the admin and teacher screens meet. The server words them from its own catalog
 * (api/src/i18n) and the staff feature catalogs word their toasts, so the catalog every client
 * loads first carries none of their text.
 */
export const STAFF_ERROR_CODES = [
  // Admin panel and AI (issue 6).
  'USER_DELETE_FORBIDDEN',
  'AI_QUOTA_EXCEEDED',
  'AI_UNAVAILABLE',
  'AI_NOT_CONFIGURED',
  'AI_INVALID_RESPONSE',
  'AI_FAILED',
  'UNSUPPORTED_IMAGE',
  // Teacher programme (issue 7).
  'REFERRAL_CODE_TAKEN',
  'INSUFFICIENT_BALANCE',
  'PAYOUT_TRANSITION',
] as const;

/**
 * Stable error codes shared by server and client. The server sends `{ error, code, details? }`
 * with `error` already translated; the client may translate `code` itself (key `errors.<code>`).
 */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'INVALID_JSON',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'CROSS_ORIGIN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'EMAIL_TAKEN',
  'INVALID_CREDENTIALS',
  // A signed-in user re-typed their password wrong: no e-mail was typed, so none is blamed.
  'WRONG_PASSWORD',
  'RATE_LIMITED',
  'INTERNAL',
  // The database cannot be reached for now (ADR 031): answered 503 with Retry-After.
  'DATABASE_UNAVAILABLE',
  // This instance is shutting down (its readiness check, issue 49): another one takes the request.
  'SERVER_STOPPING',
  // Sync: why a mutation was consumed without effect (ARCHITECTURE §3).
  'DAY_LOCKED',
  'DAY_NOT_COMPLETE',
  'ID_CONFLICT',
  'DEVICE_CONFLICT',
  'UNKNOWN_MUTATION',
  // A device date later than any time zone's today: a wrong calendar (issue 46).
  'DEVICE_DATE_AHEAD',
  // Plans and payments.
  'TRIAL_UNAVAILABLE',
  'PLAN_NOT_FOUND',
  'PAYMENT_REQUIRED',
  'INVALID_SIGNATURE',
  'USER_HAS_ACTIVE_PLAN',
  'PAYMENT_PROVIDER_UNAVAILABLE',
  'PAYMENT_PROVIDER_FAILED',
  // Password-reset links (ADR 017).
  'RESET_LINK_INVALID',
  'RESET_LINK_USED',
  'RESET_LINK_EXPIRED',
  // Progress photos' uploads (issue 21).
  'PHOTO_QUOTA_EXCEEDED',
  'PHOTO_TYPE_MISMATCH',
  'UPLOAD_OFFSET_MISMATCH',
  // Messages (issue 22).
  'MESSAGE_DELETE_EXPIRED',
  // Health data without the LGPD consent for it (issue 22, part 4).
  'HEALTH_CONSENT_REQUIRED',
  // A workout session's limits, and a change to one discarded on another device (issue 48).
  'WORKOUT_SESSION_FULL',
  'WORKOUT_SESSION_TOO_LONG',
  'WORKOUT_SESSION_DISCARDED',
  ...STAFF_ERROR_CODES,
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** One bad field: `code` is a `validation.*` message key, `message` its text in the request's language. */
export interface FieldError {
  field: string;
  code: string;
  message: string;
}

export interface ErrorBody {
  error: string;
  code: ErrorCode;
  details?: FieldError[];
}

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);

/** A field problem before translation: `key` is a `validation.*` (or `errors.*`) catalog key. */
export interface FieldProblem {
  field: string;
  key: string;
}

export interface DomainErrorDetails {
  /** The fields at fault, each with its message key. */
  fields?: FieldProblem[];
  /** Values the message names (`{minutes}`, `{reason}`). */
  values?: Record<string, string | number>;
  /** When trying again makes sense (rate limits). */
  retryAfterSeconds?: number;
}

/**
 * What the domain refuses: a code and its details, never an HTTP status or a wording. The server
 * maps each code to its status in one place (api/src/http/errors.ts) and words it in the
 * request's language; services throw nothing else.
 */
export class DomainError extends Error {
  readonly fields: FieldProblem[];
  readonly values: Record<string, string | number>;
  readonly retryAfterSeconds: number | null;

  constructor(
    readonly code: ErrorCode,
    details: DomainErrorDetails = {},
  ) {
    super(code);
    this.name = 'DomainError';
    this.fields = details.fields ?? [];
    this.values = details.values ?? {};
    this.retryAfterSeconds = details.retryAfterSeconds ?? null;
  }
}

export const validationError = (fields: FieldProblem[]) => new DomainError('VALIDATION_FAILED', { fields });
