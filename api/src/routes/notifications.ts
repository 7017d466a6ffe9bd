import { DomainError } from '#protocol/errors.ts';
import { checkUuid } from '#protocol/mutations/fields.ts';
import { notificationRead } from '#protocol/mutations/notification-read.ts';
import type { AppDeps } from '../deps.ts';
import { createRouter, currentUser } from '../http/router.ts';

/** SPEC §7 notifications; reading is monotonic, by the `notification.read` mutator, as a push is. */
export function notificationRoutes(deps: AppDeps) {
  return createRouter('/api/notifications')
    .get('/', 'signedIn', async (c) => c.json({ notifications: await deps.notifications.list(currentUser(c).id) }))

    .patch('/:id/read', 'signedIn', async (c) => {
      const id = checkUuid(c.req.param('id'));
      if (!id.ok) throw new DomainError('NOT_FOUND');
      const userId = currentUser(c).id;
      const write = await deps.mutations.run(userId, notificationRead, { id: id.value });
      if (!write.ok) throw new DomainError(write.code);
      return c.json({ notification: await deps.notifications.find(userId, id.value) });
    });
}
