import { afterEach, describe, expect, it } from 'vitest';
import { createSqliteTestApp, type SqliteTestApp } from '../../test/harness.ts';
import { createGroupCommit } from './group-commit.ts';
import { UniqueViolationError } from './sql/port.ts';

let t: SqliteTestApp;
afterEach(() => t.close());

async function setUp() {
  t = await createSqliteTestApp();
  const db = t.database.sql;
  await db.run('CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL UNIQUE)');
  const texts = async () => (await db.all<{ text: string }>('SELECT text FROM notes ORDER BY id')).map((row) => row.text);
  const insert = (text: string) => async () => (await db.get<{ id: number }>('INSERT INTO notes (text) VALUES (?) RETURNING id', [text]))?.id;
  return { db, group: createGroupCommit(db), insert, texts };
}

describe('group commit', () => {
  it('commits the writes of one event-loop turn together and answers each after the commit', async () => {
    const { group, insert, texts } = await setUp();
    const runs = [group.run(insert('a')), group.run(insert('b')), group.run(insert('c'))];
    expect(await texts()).toEqual([]); // nothing is written, let alone answered, before the group runs
    expect(await Promise.all(runs)).toEqual([1, 2, 3]);
    expect(await texts()).toEqual(['a', 'b', 'c']);
    expect(group.stats()).toEqual({ batches: 1, writes: 3 });
    await group.run(insert('d'));
    expect(group.stats()).toEqual({ batches: 2, writes: 4 });
  });

  it('runs one group at a time: the writes that arrive while a group commits go together in the next', async () => {
    const { group, insert, texts } = await setUp();
    let open = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    const first = group.run(async () => {
      await gate; // the first group is still being committed while the others arrive, a turn apart
      return insert('a')();
    });
    await turn();
    const later = [group.run(insert('b'))];
    await turn();
    later.push(group.run(insert('c')));
    await turn();
    later.push(group.run(insert('d')));
    open();
    expect(await Promise.all([first, ...later])).toEqual([1, 2, 3, 4]);
    expect(await texts()).toEqual(['a', 'b', 'c', 'd']);
    expect(group.stats()).toEqual({ batches: 2, writes: 4 });
  });

  it('takes in the writes that arrive while its unit of work waits to begin (another instance holding the sync counter)', async () => {
    const { db, insert, texts } = await setUp();
    let open = () => {};
    const counterFree = new Promise<void>((resolve) => (open = resolve));
    const group = createGroupCommit(db, async (work) => {
      await counterFree;
      return work();
    });
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    const runs = [group.run(insert('a'))];
    await turn(); // the group has begun and waits
    runs.push(group.run(insert('b')));
    await turn();
    runs.push(group.run(insert('c')));
    open();
    expect(await Promise.all(runs)).toEqual([1, 2, 3]);
    expect(await texts()).toEqual(['a', 'b', 'c']);
    expect(group.stats()).toEqual({ batches: 1, writes: 3 });
  });

  it('answers every waiting write with the error when its group cannot begin, and runs the next group', async () => {
    const { db, insert, texts } = await setUp();
    let unreachable = true;
    const group = createGroupCommit(db, async (work) => {
      if (unreachable) throw new Error('database unreachable');
      return work();
    });
    const results = await Promise.allSettled([group.run(insert('a')), group.run(insert('b'))]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    unreachable = false;
    expect(await group.run(insert('c'))).toBe(1);
    expect(await texts()).toEqual(['c']);
  });

  it('fails a throwing write alone: its own changes roll back, the others commit', async () => {
    const { db, group, insert, texts } = await setUp();
    const failing = async () => {
      await db.run('INSERT INTO notes (text) VALUES (?)', ['half']);
      throw new Error('refused');
    };
    const results = await Promise.allSettled([group.run(insert('a')), group.run(failing), group.run(insert('a')), group.run(insert('b'))]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
    expect((results[2] as PromiseRejectedResult).reason).toBeInstanceOf(UniqueViolationError);
    expect(await texts()).toEqual(['a', 'b']);
    expect(t.database.sqlite.inTransaction).toBe(false);
  });
});
