import type { ErrorCode } from '#protocol/errors.ts';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

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
