import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './users.ts';

/**
 * A plan a client chose to buy (issue 18, ADR 021): priced by the server from its table for the
 * client's country, paid at a provider's checkout, settled by the provider's signed webhook.
 * Money is integer minor units in the order's currency.
 */
export const orders = sqliteTable(
  'orders',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: text('plan_id').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    /** The price table (a locale) the amount came from; the activation charges by the same one. */
    locale: text('locale').notNull(),
    provider: text('provider', { enum: ['stripe', 'mercadopago'] }).notNull(),
    status: text('status', { enum: ['pending', 'paid', 'failed', 'expired', 'refunded'] }).notNull(),
    /** The provider's checkout (a Stripe Checkout Session id, a Mercado Pago preference id). */
    checkoutId: text('checkout_id'),
    /** The provider's payment once known: one payment settles one order, whatever the replays. */
    paymentId: text('payment_id'),
    /** How it was paid, once known: `card` or `pix`. */
    method: text('method'),
    /** The provider's receipt, when it gives one (Stripe's charge receipt). */
    receiptUrl: text('receipt_url'),
    /** Why an approved payment did not activate (amount or currency not the order's): for the admin. */
    flag: text('flag'),
    subscriptionId: text('subscription_id'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (table) => [index('orders_user_idx').on(table.userId, table.createdAt), uniqueIndex('orders_provider_payment_idx').on(table.provider, table.paymentId)],
);

export type OrderRow = typeof orders.$inferSelect;
