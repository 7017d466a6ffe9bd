import { DomainError } from '#protocol/errors.ts';
import { ApiError, RETRY_AFTER_UNAVAILABLE_SECONDS } from '../http/errors.ts';
import type { AppDeps } from '../deps.ts';
import { createRouter } from '../http/router.ts';

/**
 * Liveness and readiness (issue 49). `/api/health` is liveness, for the Docker HEALTHCHECK: the
 * process answers, after the database does. `/api/health/ready` is readiness, for a load
 * balancer: 200 only while this instance should get traffic, so 503 at once when a graceful
 * shutdown begins (its in-flight requests still finish) and while the database cannot be reached.
 */
export function healthRoutes(deps: AppDeps) {
  return createRouter('/api/health')
    .get('/', 'public', async (c) => {
      try {
        await deps.database.sql.get('SELECT 1 AS ok');
      } catch (error) {
        deps.log.error('health.database', { message: (error as Error).message });
        throw new ApiError(503, 'INTERNAL');
      }
      return c.json({ status: 'ok' });
    })

    .get('/ready', 'public', async (c) => {
      if (deps.lifecycle.stopping) throw new DomainError('SERVER_STOPPING', { retryAfterSeconds: RETRY_AFTER_UNAVAILABLE_SECONDS });
      try {
        await deps.database.sql.get('SELECT 1 AS ok');
      } catch (error) {
        deps.log.error('health.database', { message: (error as Error).message });
        throw new DomainError('DATABASE_UNAVAILABLE', { retryAfterSeconds: RETRY_AFTER_UNAVAILABLE_SECONDS });
      }
      return c.json({ status: 'ready' });
    });
}
