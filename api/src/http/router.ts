import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { DomainError } from '#protocol/errors.ts';
import type { Role } from '#protocol/domain/client-enums.ts';
import { checkUuid } from '#protocol/mutations/fields.ts';
import type { AppEnv } from './env.ts';

/**
 * Who may call a route (ARCHITECTURE §4). `signedIn` is any account; `staff` is teachers and
 * admins (the teacher-admin endpoints); scope rules within a role live in the services.
 */
export type Access = 'public' | 'signedIn' | 'staff' | 'teacher' | 'admin';

const ROLES_BY_ACCESS: Record<Exclude<Access, 'public' | 'signedIn'>, readonly Role[]> = {
  staff: ['teacher', 'admin'],
  teacher: ['teacher'],
  admin: ['admin'],
};

export interface RouteRule {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  access: Access;
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

type RouteHandler = (c: Context<AppEnv>) => Response | Promise<Response>;

/**
 * A sub-app whose routes cannot be added without an access rule: deny by default is a property
 * of the API, and `rules` is the table the role × route test is generated from.
 */
export function createRouter(prefix: string) {
  const app = new Hono<AppEnv>();
  const rules: RouteRule[] = [];
  const add = (method: RouteRule['method']) => (path: string, access: Access, handler: RouteHandler) => {
    rules.push({ method, path: `${prefix}${path === '/' ? '' : path}`, access });
    app.on(method, path, guard(access), handler);
  };
  return {
    prefix,
    app,
    rules,
    get: add('GET'),
    post: add('POST'),
    put: add('PUT'),
    patch: add('PATCH'),
    delete: add('DELETE'),
  };
}

export type Router = ReturnType<typeof createRouter>;

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
