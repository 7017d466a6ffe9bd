import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * Rate limits' fixed windows, shared by every instance on the database (ADR 031): one row per
 * limiter and key (an IP address, an account, a sender), counting its hits until `reset_at`, the
 * end of the window its first hit opened. A hit past `reset_at` starts the next window on the same
 * row; rows whose window ended are swept now and then.
 */
export const rateLimits = sqliteTable(
  'rate_limits',
  {
    limiter: text('limiter').notNull(),
    subject: text('subject').notNull(),
    hits: integer('hits').notNull(),
    resetAt: integer('reset_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.limiter, table.subject] }), index('rate_limits_reset_idx').on(table.resetAt)],
);
