import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './users.ts';

/**
 * A device's Web Push subscription (issue 50, ADR 032): the endpoint its push service gave the
 * browser, which belongs to one person and one device, and the keys messages are encrypted to.
 * Removed when that device signs out, when the push service answers 404 or 410, and with the
 * account. The device is the sync device id (no foreign key: a device may subscribe before its
 * first push creates its row).
 */
export const pushSubscriptions = sqliteTable(
  'push_subscriptions',
  {
    endpoint: text('endpoint').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: integer('created_at').notNull(),
    lastSentAt: integer('last_sent_at'),
  },
  (table) => [index('push_subscriptions_user_idx').on(table.userId), index('push_subscriptions_device_idx').on(table.deviceId)],
);

/**
 * Keys the server makes for itself once and keeps (issue 50): the VAPID pair when none is
 * configured, so `npm start` needs no setting and every instance on the database signs alike.
 */
export const serverKeys = sqliteTable('server_keys', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: integer('created_at').notNull(),
});
