import { DomainError, validationError } from '#protocol/errors.ts';
import type { AppDeps } from '../deps.ts';
import { createRouter, currentSession, currentUser } from '../http/router.ts';
import { readJsonObject } from '../http/validate.ts';

const PROBLEM_KEYS = { endpoint: 'push.endpoint', 'keys.p256dh': 'push.keys', 'keys.auth': 'push.keys', deviceId: 'validation.idInvalid' } as const;

/** Web Push (issue 50, ADR 032): the server's public key, and each device's subscription. */
export function pushRoutes(deps: AppDeps) {
  return createRouter('/api/push')
    .get('/key', 'signedIn', async (c) => c.json({ publicKey: (await deps.pushSubscriptions.vapidKeys()).publicKey }))

    .put('/subscription', 'signedIn', async (c) => {
      const body = await readJsonObject(c);
      const keys = typeof body.keys === 'object' && body.keys !== null ? (body.keys as { p256dh?: unknown; auth?: unknown }) : null;
      const session = currentSession(c);
      const problems = await deps.pushSubscriptions.save(session.user.id, session.id, { endpoint: body.endpoint, keys, deviceId: body.deviceId });
      if (problems.length > 0) throw validationError(problems.map(({ field }) => ({ field, key: PROBLEM_KEYS[field] })));
      return c.body(null, 204);
    })

    // The service worker, when the browser replaced this device's subscription (pushsubscriptionchange).
    .post('/subscription/renewal', 'signedIn', async (c) => {
      const body = await readJsonObject(c);
      const keys = typeof body.keys === 'object' && body.keys !== null ? (body.keys as { p256dh?: unknown; auth?: unknown }) : null;
      // The old endpoint names what to replace: a request without one is malformed, not a miss.
      if (typeof body.replaces !== 'string' || body.replaces === '') throw validationError([{ field: 'replaces', key: 'validation.required' }]);
      const session = currentSession(c);
      const outcome = await deps.pushSubscriptions.renew(session.user.id, session.id, body.replaces, { endpoint: body.endpoint, keys });
      if (outcome === 'unknown') throw new DomainError('NOT_FOUND');
      if (outcome.length > 0) throw validationError(outcome.map(({ field }) => ({ field, key: PROBLEM_KEYS[field] })));
      return c.body(null, 204);
    })

    .delete('/subscription', 'signedIn', async (c) => {
      const deviceId = c.req.query('deviceId');
      if (deviceId === undefined || !/^[\w-]{8,64}$/.test(deviceId)) throw validationError([{ field: 'deviceId', key: 'validation.idInvalid' }]);
      await deps.pushSubscriptions.removeDevice(currentUser(c).id, deviceId);
      return c.body(null, 204);
    });
}
