/** `notification.read`: a notification marked read; read is never undone. */
import { applyNotificationRead } from '../conflict/rules.ts';
import { defineMutator, use } from './mutator.ts';

export interface NotificationReadArgs {
  id: string;
}

export const notificationRead = defineMutator({
  name: 'notification.read',
  version: 1,
  tables: ['notifications'],
  args: { id: 'uuid' },
  *apply(args: NotificationReadArgs) {
    const outcome = applyNotificationRead(yield* use((storage) => storage.notifications.get(args.id)));
    if (outcome.ok && outcome.changed) yield* use((storage) => storage.notifications.put(outcome.row));
    return outcome;
  },
});
