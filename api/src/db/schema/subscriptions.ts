import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './users.ts';

/**
 * A client's plans over time (SPEC §3). Status is stored as active/inactive; "expired" is derived
 * from the end date when read, so no job has to run. Prices are integer minor units.
 */
export const subscriptions = sqliteTable(
  'subscriptions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'trial' or a plan id. */
    planId: text('plan_id').notNull(),
    price: integer('price').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: ['active', 'inactive'] }).notNull(),
    startDate: integer('start_date').notNull(),
    endDate: integer('end_date').notNull(),
    /** Who activated it: the trial, demo mode, a payment webhook or an admin. */
    source: text('source', { enum: ['trial', 'demo', 'webhook', 'admin'] }).notNull(),
    paymentEventId: text('payment_event_id'),
    createdAt: integer('created_at').notNull(),
    version: integer('version').notNull(),
  },
  (table) => [index('subscriptions_user_idx').on(table.userId, table.endDate), index('subscriptions_user_version_idx').on(table.userId, table.version)],
);

/** Every payment provider event seen, so a replayed webhook activates nothing twice. */
export const paymentEvents = sqliteTable('payment_events', {
  id: text('id').primaryKey(),
  receivedAt: integer('received_at').notNull(),
  subscriptionId: text('subscription_id'),
});

export type SubscriptionRow = typeof subscriptions.$inferSelect;
