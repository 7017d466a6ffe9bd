import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { sessions } from './sessions.ts';
import { users } from './users.ts';

/**
 * A device's Web Push subscription (issue 50, ADR 032): the endpoint its push service gave the
 * browser, which belongs to one person and one device, and the keys messages are encrypted to.
 * Removed when that device signs out (with its session), when the push service answers 404 or
 * 410, and with the account. The device is the sync device id (no foreign key: a device may subscribe before its
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
    /** The browser's sign-in that saved it: signing out, a revoked session or one that ran out ends it too. */
    sessionId: text('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
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

/**
 * Notices to send (issue 50, ADR 032 "Scheduled in the database"): one row per notice, due at an
 * instant, claimed by one instance at a time with a lease, marked sent or skipped. `(user_id,
 * kind, key)` is unique, so a notice is made once however often its cause is seen (a retried
 * write, two instances scheduling the same reminder).
 */
export const notices = sqliteTable(
  'notices',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** What makes it one notice of its kind: the local date of a reminder, the message's id. */
    key: text('key').notNull(),
    dueAt: integer('due_at').notNull(),
    /** Past this, a reminder is no longer worth sending (the server was down): skipped. Null: always. */
    notAfter: integer('not_after'),
    payload: text('payload').notNull(),
    claimedUntil: integer('claimed_until'),
    /** When it was sent, or skipped (`skipped` 1); null while waiting. */
    doneAt: integer('done_at'),
    skipped: integer('skipped').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    /** Where it already went, so a retry sends only what failed: `email`, and each push endpoint's digest (JSON). */
    sentTo: text('sent_to').notNull().default('[]'),
  },
  (table) => [uniqueIndex('notices_once_idx').on(table.userId, table.kind, table.key), index('notices_due_idx').on(table.doneAt, table.dueAt)],
);

/**
 * Work every instance could do but one should, at most once per interval across them all (issue
 * 49's scheduled work, issue 50's pass for missing reminders): whoever moves `next_at` on first
 * takes this turn.
 */
export const scheduledRuns = sqliteTable('scheduled_runs', {
  name: text('name').primaryKey(),
  nextAt: integer('next_at').notNull(),
});
