/** `notification.read`: a notification marked read; read is never undone. */
import { applyNotificationRead } from '../conflict/rules.ts';
import { defineMutator, update } from './mutator.ts';

export interface NotificationReadArgs {
  id: string;
}

export const notificationRead = defineMutator({
  name: 'notification.read',
  version: 1,
  tables: ['notifications'],
  args: { id: 'uuid' },
  *apply(args: NotificationReadArgs) {
    return yield* update('notifications', args.id, applyNotificationRead);
  },
});
