import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './users.ts';

/**
 * Password-reset links (ADR 017). `id` is the SHA-256 of the link's token, so a copy of the
 * database cannot be used to reset anyone's password. A used row stays until it expires, so a
 * second use is told apart from a link that never existed.
 */
export const passwordResets = sqliteTable(
  'password_resets',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
    usedAt: integer('used_at'),
    /** The admin who made the link to share by hand; null when the user asked by e-mail. */
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [index('password_resets_user_idx').on(table.userId), index('password_resets_expires_idx').on(table.expiresAt)],
);
