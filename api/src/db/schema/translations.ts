import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/** POST /api/translate-texts results per language, context and text (SPEC §7), so a diet is translated once. */
export const translations = sqliteTable(
  'translations',
  {
    locale: text('locale').notNull(),
    context: text('context').notNull(),
    source: text('source').notNull(),
    translated: text('translated').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.locale, table.context, table.source] })],
);
