import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './users.ts';

/** A teacher's referral link (SPEC §3 teacher-side): one per teacher, its code unique and upper case. */
export const referralLinks = sqliteTable('referral_links', {
  id: text('id').primaryKey(),
  teacherId: text('teacher_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  code: text('code').notNull().unique(),
  createdAt: integer('created_at').notNull(),
  updatedAt: integer('updated_at').notNull(),
});

/** Codes a link had before an edit: they keep leading to it for a grace period (ADR 013). */
export const retiredReferralCodes = sqliteTable('retired_referral_codes', {
  code: text('code').primaryKey(),
  linkId: text('link_id')
    .notNull()
    .references(() => referralLinks.id, { onDelete: 'cascade' }),
  retiredAt: integer('retired_at').notNull(),
});

/** One counted visit per link, browser and UTC day: a repeat visit the same day is not another click. */
export const referralClicks = sqliteTable(
  'referral_clicks',
  {
    linkId: text('link_id')
      .notNull()
      .references(() => referralLinks.id, { onDelete: 'cascade' }),
    /** SHA-256 of the browser's random visitor cookie: no address or identity is kept. */
    visitor: text('visitor').notNull(),
    day: text('day').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.linkId, table.visitor, table.day] })],
);

/** A teacher's payout request (SPEC §3 teacher-side): one currency, the pending entries it covers. */
export const payouts = sqliteTable(
  'payouts',
  {
    id: text('id').primaryKey(),
    teacherId: text('teacher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Minor units. */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: ['pending', 'processing', 'completed', 'rejected'] }).notNull(),
    requestedAt: integer('requested_at').notNull(),
    processedAt: integer('processed_at'),
  },
  (table) => [index('payouts_teacher_idx').on(table.teacherId, table.requestedAt)],
);

/**
 * The commission ledger (SPEC §1: 70% of each subscription a referred student pays): one entry
 * per paid activation, never two (`subscription_id` is unique), written in the activation's own
 * transaction. The student's name and plan are kept as they were, should the student leave.
 */
export const commissions = sqliteTable(
  'commissions',
  {
    id: text('id').primaryKey(),
    teacherId: text('teacher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    studentId: text('student_id').references(() => users.id, { onDelete: 'set null' }),
    studentName: text('student_name').notNull(),
    subscriptionId: text('subscription_id').unique(),
    planId: text('plan_id').notNull(),
    /** Minor units, in the subscription's currency. */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    percentage: integer('percentage').notNull(),
    description: text('description').notNull(),
    /** `cancelled`: the payment was refunded or charged back before the entry was paid out (issue 18). */
    status: text('status', { enum: ['pending', 'paid', 'cancelled'] }).notNull(),
    payoutId: text('payout_id').references(() => payouts.id, { onDelete: 'set null' }),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [index('commissions_teacher_idx').on(table.teacherId, table.createdAt)],
);
