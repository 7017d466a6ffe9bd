import { describe, expect, it } from 'vitest';
import { DomainError, ERROR_CODES } from '#protocol/errors.ts';
import { ApiError, HTTP_STATUS, httpOf } from './errors.ts';

describe('one place maps a refusal to HTTP (issue 19, part 3)', () => {
  it('gives every code one 4xx or 5xx status', () => {
    for (const code of ERROR_CODES) expect(HTTP_STATUS[code], code).toBeGreaterThanOrEqual(400);
    expect(Object.keys(HTTP_STATUS).sort()).toEqual([...ERROR_CODES].sort());
  });

  it('answers a domain refusal with its code’s status, and says when to retry as Retry-After', () => {
    expect(httpOf(new DomainError('EMAIL_TAKEN'))).toEqual({ status: 409, headers: {} });
    expect(httpOf(new DomainError('RATE_LIMITED', { values: { minutes: 2 }, retryAfterSeconds: 90 }))).toEqual({ status: 429, headers: { 'Retry-After': '90' } });
  });

  it('lets a route say the status where it differs from the code’s (a webhook’s 401)', () => {
    expect(httpOf(new ApiError(401, 'INVALID_SIGNATURE')).status).toBe(401);
    expect(httpOf(new DomainError('INVALID_SIGNATURE')).status).toBe(400);
  });
});
