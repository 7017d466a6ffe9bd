import { Hono, type Context, type MiddlewareHandler, type TypedResponse } from 'hono';
import type { BlankInput, BlankSchema, H, HandlerResponse, Input, Schema, ToSchema } from 'hono/types';
import { DomainError } from '#protocol/errors.ts';
import type { Role } from '#protocol/domain/client-enums.ts';
import { checkUuid } from '#protocol/mutations/fields.ts';
import type { JsonText } from '../json-text.ts';
import type { AppEnv } from './env.ts';

/**
 * Who may call a route (ARCHITECTURE §4). `signedIn` is any account; `staff` is teachers and
 * admins (the teacher-admin endpoints); scope rules within a role live in the services.
 */
export const ACCESS = ['public', 'signedIn', 'staff', 'teacher', 'admin'] as const;
export type Access = (typeof ACCESS)[number];

const ROLES_BY_ACCESS: Record<Exclude<Access, 'public' | 'signedIn'>, readonly Role[]> = {
  staff: ['teacher', 'admin'],
  teacher: ['teacher'],
  admin: ['admin'],
};

/**
 * A route's access rule; a route whose body is larger than a JSON one (a file) names its own body
 * limit here, where it is defined, and app.ts applies it (every other route gets the JSON limit).
 */
export type RouteAccess = Access | { access: Access; maxBodyBytes: number };

export interface RouteRule {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  access: Access;
  /** The route's own body limit, when it takes more than `MAX_JSON_BODY_BYTES`. */
  maxBodyBytes?: number;
}

export function guard(access: Access): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (access !== 'public') {
      const session = c.get('session');
      if (!session) throw new DomainError('UNAUTHENTICATED');
      if (access !== 'signedIn' && !ROLES_BY_ACCESS[access].includes(session.user.role)) throw new DomainError('FORBIDDEN');
    }
    await next();
  };
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** What a handler answers, as Hono records it in the app's schema (the rule `hono/types` keeps private). */
type Answer<R> = R extends Promise<infer T> ? (T extends TypedResponse ? T : TypedResponse) : R extends TypedResponse ? R : TypedResponse;

/** The router with one more route in its schema. */
type WithRoute<Prefix extends string, S extends Schema, M extends Method, P extends string, I extends Input, R> = Router<Prefix, S & ToSchema<M, P, I, Answer<R>>>;

/** A method of the router: a path, who may call it, then the handler, or a body check (`jsonBody`) and the handler. */
interface AddRoute<Prefix extends string, S extends Schema, M extends Method> {
  <P extends string, R extends HandlerResponse<unknown>>(path: P, access: RouteAccess, handler: H<AppEnv, P, BlankInput, R>): WithRoute<Prefix, S, M, P, BlankInput, R>;
  <P extends string, I extends Input, R extends HandlerResponse<unknown>>(
    path: P,
    access: RouteAccess,
    body: MiddlewareHandler<AppEnv, P, I>,
    handler: H<AppEnv, P, I, R>,
  ): WithRoute<Prefix, S, M, P, I, R>;
}

/**
 * A sub-app whose routes cannot be added without an access rule: deny by default is a property
 * of the API, and `rules` is the table the role × route test is generated from. Each method
 * returns the router with the route in its type, as Hono's own methods do, so a chain of them
 * gives the app's type to `hono/client` (issue 19, part 3).
 */
export class Router<Prefix extends string = string, S extends Schema = BlankSchema> {
  readonly rules: RouteRule[] = [];
  readonly #hono = new Hono<AppEnv>();

  constructor(readonly prefix: Prefix) {}

  /** The routes as a Hono app; its schema type is the one the methods built. */
  get app(): Hono<AppEnv, S> {
    return this.#hono as unknown as Hono<AppEnv, S>;
  }

  readonly get = this.#add('GET') as AddRoute<Prefix, S, 'get'>;
  readonly post = this.#add('POST') as AddRoute<Prefix, S, 'post'>;
  readonly put = this.#add('PUT') as AddRoute<Prefix, S, 'put'>;
  readonly patch = this.#add('PATCH') as AddRoute<Prefix, S, 'patch'>;
  readonly delete = this.#add('DELETE') as AddRoute<Prefix, S, 'delete'>;

  #add(method: RouteRule['method']) {
    return (path: string, rule: RouteAccess, ...handlers: MiddlewareHandler<AppEnv>[]) => {
      const { access, maxBodyBytes } = typeof rule === 'string' ? { access: rule, maxBodyBytes: undefined } : rule;
      // Untyped callers too: a route without a rule fails at start, never open at request time.
      if (!ACCESS.includes(access)) throw new TypeError(`${method} ${this.prefix}${path}: no access rule`);
      this.rules.push({ method, path: `${this.prefix}${path === '/' ? '' : path}`, access, ...(maxBodyBytes === undefined ? {} : { maxBodyBytes }) });
      this.#hono.on(method, path, guard(access), ...handlers);
      return this;
    };
  }
}

export const createRouter = <Prefix extends string>(prefix: Prefix) => new Router(prefix);

/** The signed-in user of a route declared `signedIn` or stricter. */
export function currentSession(c: Context<AppEnv>) {
  const session = c.get('session');
  if (!session) throw new DomainError('UNAUTHENTICATED');
  return session;
}

export const currentUser = (c: Context<AppEnv>) => currentSession(c).user;

/** The route's `:id`; every id we issue is a UUID, so anything else names nothing (404). */
export function idParam(c: Context<AppEnv>): string {
  const id = checkUuid(c.req.param('id'));
  if (!id.ok) throw new DomainError('NOT_FOUND');
  return id.value;
}

/** An answer already serialized (a cache's), typed as what it encodes. */
export const serializedJson = <T>(c: Context<AppEnv>, text: JsonText<T>) =>
  c.body(text, 200, { 'Content-Type': 'application/json' }) as unknown as Response & TypedResponse<T, 200, 'json'>;
