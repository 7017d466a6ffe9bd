import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createGroupCommit } from './group-commit.ts';

let t: TestApp;
afterEach(() => t.close());

function setUp() {
  t = createTestApp();
  const { sqlite } = t.database;
  sqlite.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL UNIQUE)');
  const insert = sqlite.prepare('INSERT INTO notes (text) VALUES (?)');
  const texts = () => (sqlite.prepare('SELECT text FROM notes ORDER BY id').all() as { text: string }[]).map((row) => row.text);
  return { group: createGroupCommit(sqlite), insert: (text: string) => () => insert.run(text).lastInsertRowid, texts };
}

describe('group commit', () => {
  it('commits the writes of one event-loop turn together and answers each after the commit', async () => {
    const { group, insert, texts } = setUp();
    const runs = [group.run(insert('a')), group.run(insert('b')), group.run(insert('c'))];
    expect(texts()).toEqual([]); // nothing is written, let alone answered, before the group runs
    expect(await Promise.all(runs)).toEqual([1, 2, 3]);
    expect(texts()).toEqual(['a', 'b', 'c']);
    expect(group.stats()).toEqual({ batches: 1, writes: 3 });
    await group.run(insert('d'));
    expect(group.stats()).toEqual({ batches: 2, writes: 4 });
  });

  it('fails a throwing write alone: its own changes roll back, the others commit', async () => {
    const { group, insert, texts } = setUp();
    const { sqlite } = t.database;
    const failing = () => {
      sqlite.prepare('INSERT INTO notes (text) VALUES (?)').run('half');
      throw new Error('refused');
    };
    const results = await Promise.allSettled([group.run(insert('a')), group.run(failing), group.run(insert('a')), group.run(insert('b'))]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
    expect((results[2] as PromiseRejectedResult).reason).toMatchObject({ code: 'SQLITE_CONSTRAINT_UNIQUE' });
    expect(texts()).toEqual(['a', 'b']);
    expect(sqlite.inTransaction).toBe(false);
  });
});
