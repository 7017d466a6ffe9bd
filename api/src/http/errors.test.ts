import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { DomainError, ERROR_CODES, type ErrorBody } from '#protocol/errors.ts';
import { ApiError, HTTP_STATUS, httpOf } from './errors.ts';
import { DatabaseUnavailableError } from '../db/sql/port.ts';
import { createTestApp } from '../../test/harness.ts';
import { signIn } from '../../test/factories.ts';

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

describe('a database that cannot be reached (ADR 031)', () => {
  it('answers 503 with Retry-After and the usual body in the caller’s language, and logs it', async () => {
    const logged: string[] = [];
    const t = await createTestApp({ log: { info: () => {}, error: (event) => void logged.push(event) } });
    onTestFinished(() => t.close());
    const c = t.client({ locale: 'es-AR' });
    await signIn(c, t.deps);
    // The connection is lost from here on: every statement through the port fails as the port reports it.
    const lost = () => Promise.reject(new DatabaseUnavailableError(new Error('connect ECONNREFUSED 10.0.0.5:5432')));
    for (const method of ['get', 'all', 'run'] as const) vi.spyOn(t.database.sql, method).mockImplementation(lost);
    onTestFinished(() => {
      vi.restoreAllMocks();
    });

    const response = await c.get<ErrorBody>('/api/clients/me');
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(response.body).toEqual({ code: 'DATABASE_UNAVAILABLE', error: 'El servicio no está disponible en este momento. Probá de nuevo en unos segundos' });
    // Thrown from within a route's service (the login's lookup of the account), in English this time.
    const login = await t.client({ locale: 'en-US' }).post<ErrorBody>('/api/clients/login', { email: 'nobody@example.com', password: 'senha-forte-1' });
    expect(login.status).toBe(503);
    expect(login.headers.get('retry-after')).toBe('5');
    expect(login.body).toEqual({ code: 'DATABASE_UNAVAILABLE', error: 'The service is briefly unavailable. Please try again in a few seconds' });
    expect(logged).toEqual(['database.unavailable', 'database.unavailable']);
  });
});
