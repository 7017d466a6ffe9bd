import { ApiError } from '../http/errors.ts';
import type { AppDeps } from '../deps.ts';
import { createRouter } from '../http/router.ts';

/** Liveness for the Docker HEALTHCHECK and load balancers: answers only after the database does. */
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
    });
}
