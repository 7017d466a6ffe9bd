import type { Context, MiddlewareHandler } from 'hono';
import { ValidationError, type AnyObjectSchema, type InferType } from 'yup';
import { DomainError, validationError, type FieldProblem } from '#protocol/errors.ts';
import { messageKeyOf } from '#protocol/schemas/fields.ts';
import type { AppEnv } from './env.ts';

/** Reads a JSON object body; anything else (not JSON, not an object, wrong content type) is a 4xx. */
export async function readJsonObject(c: Context): Promise<Record<string, unknown>> {
  const type = c.req.header('content-type') ?? '';
  const raw = await c.req.text();
  if (raw.trim() === '') return {};
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(type)) throw new DomainError('UNSUPPORTED_MEDIA_TYPE', { values: { type: 'JSON' } });
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw new DomainError('INVALID_JSON');
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new DomainError('INVALID_JSON');
  return body as Record<string, unknown>;
}

/** Maps yup's errors to one problem per field (the first rule each field breaks), each keyed in the catalogs. */
export function toFieldProblems(error: ValidationError): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const seen = new Set<string>();
  const inner = error.inner.length > 0 ? error.inner : [error];
  for (const issue of inner) {
    const key = messageKeyOf(issue);
    const unknown = issue.type === 'noUnknown' ? String(issue.params?.unknown ?? '').split(', ').filter(Boolean) : [];
    const fields = unknown.length > 0 ? unknown : [issue.path?.replace(/\[\d+\]$/, '') || '_'];
    for (const field of fields) {
      if (seen.has(field)) continue;
      seen.add(field);
      problems.push({ field, key });
    }
  }
  return problems;
}

/** Validates and casts with a shared yup schema; every broken rule is reported at once. */
export async function validateBody<S extends AnyObjectSchema>(c: Context, schema: S): Promise<InferType<S>> {
  const body = await readJsonObject(c);
  try {
    return (await schema.validate(body, { abortEarly: false, stripUnknown: false })) as InferType<S>;
  } catch (error) {
    if (error instanceof ValidationError) throw validationError(toFieldProblems(error));
    // A transform that choked on a shape nobody foresaw: still the sender's input, never a 500.
    throw new DomainError('VALIDATION_FAILED');
  }
}

/**
 * A route's JSON body, checked by its shared schema before the handler runs: the handler reads it
 * with `c.req.valid('json')`, and the app's type tells `hono/client` what to send (`In`, where what
 * a sender may send differs from the cast, e.g. blank fields as null).
 */
export const jsonBody =
  <S extends AnyObjectSchema, In = InferType<S>, P extends string = string>(schema: S): MiddlewareHandler<AppEnv, P, { in: { json: In }; out: { json: InferType<S> } }> =>
  async (c, next) => {
    c.req.addValidatedData('json', await validateBody(c, schema));
    await next();
  };

/**
 * The same body for a route that must refuse on its own checks first (a rate limit, whose plan it
 * is): the middleware only declares the type, and the handler reads the body with `read(c)` when
 * those checks have passed.
 */
export function jsonBodyAfterChecks<S extends AnyObjectSchema, In = InferType<S>, P extends string = string>(schema: S) {
  const declared: MiddlewareHandler<AppEnv, P, { in: { json: In }; out: { json: InferType<S> } }> = (_c, next) => next();
  return Object.assign(declared, { read: (c: Context) => validateBody(c, schema) });
}

/**
 * Declares a route's optional query strings for the typed client (`hc`): `declaredQuery(['before'])`.
 * The handler reads and checks them itself (a cursor it gave), so nothing is validated here.
 */
export const declaredQuery =
  <K extends string, P extends string = string>(_names: readonly K[]): MiddlewareHandler<AppEnv, P, { in: { query: Partial<Record<K, string>> }; out: { query: Partial<Record<K, string>> } }> =>
  (_c, next) =>
    next();
