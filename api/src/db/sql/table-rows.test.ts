import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import { tableRows } from './table-rows.ts';

const notes = sqliteTable('notes', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull(),
  read: integer('read', { mode: 'boolean' }).notNull().default(false),
  tags: text('tags', { mode: 'json' }).$type<string[]>(),
  createdAt: integer('created_at').notNull(),
});

describe('tableRows', () => {
  const rows = tableRows(notes);

  it('reads a stored row as the schema types it: names, flags and JSON', () => {
    expect(rows.decode({ id: 'n1', user_id: 'u1', read: 1, tags: '["a"]', created_at: 5 })).toEqual({ id: 'n1', userId: 'u1', read: true, tags: ['a'], createdAt: 5 });
    expect(rows.decode({ id: 'n2', user_id: 'u1', read: 0, tags: null, created_at: 6 })).toEqual({ id: 'n2', userId: 'u1', read: false, tags: null, createdAt: 6 });
  });

  it('leaves a column that was not selected absent', () => {
    expect(rows.decode({ id: 'n1', read: 1 })).toEqual({ id: 'n1', read: true });
  });

  it('writes fields as the columns store them, skipping undefined ones', () => {
    expect(rows.encode({ userId: 'u1', read: true, tags: ['x'], createdAt: undefined })).toEqual({ names: ['user_id', 'read', 'tags'], params: ['u1', 1, '["x"]'] });
  });

  it('refuses a field the table does not have', () => {
    expect(() => rows.encode({ nope: 1 } as never)).toThrow('notes has no column for nope');
  });

  it('names its table', () => {
    expect(rows.name).toBe('notes');
  });
});
