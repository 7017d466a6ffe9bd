import type { NotificationDto } from '#protocol/contract/tracking.ts';
import { write } from '#pwa/sync/user-data.ts';

/** Typed notifications are worded by the UI in the reader's language; 'other' shows the server's text. */
export function notificationWording(notification: NotificationDto, t: (id: string) => string) {
  if (notification.type === 'other') return { title: notification.title, message: notification.message };
  const key = notification.type === 'diet_published' ? 'dietPublished' : 'workoutPublished';
  return { title: t(`content.notifications.${key}Title`), message: t(`content.notifications.${key}Message`) };
}

/** Where a notification leads: the tab of what it announces. */
export const notificationTarget = (notification: Pick<NotificationDto, 'type'>) =>
  notification.type === 'diet_published' ? '/content?tab=diets' : notification.type === 'workout_published' ? '/content?tab=workouts' : '/content?tab=notifications';

/** Marking as read is a local change (the `notification.read` mutation): it works offline and syncs later. */
export const markNotificationRead = (id: string) => write('notification.read', { id }).catch((error: unknown) => console.error('notification.read', error));
