import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
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
