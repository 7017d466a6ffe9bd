import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

/**
 * The sync versions' unit of work (ARCHITECTURE §3, ADR 031), on the app's own database: a group
 * commit's writes, a push among them, count their versions in memory and store the counter once.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const counter = async () => ((await t.database.sql.get<{ value: number }>('SELECT value FROM sync_counter WHERE id = 1')) as { value: number }).value;

describe('sync versions', () => {
  it('joins a unit of work opened inside another to it: one run of versions, stored at the outer end', async () => {
    const { versions } = t.deps;
    const before = await counter();
    const stamped: number[] = [];
    let storedInside = 0;
    await t.database.sql.transaction(() =>
      versions.inUnitOfWork(async () => {
        stamped.push(await versions.bump('user-a'));
        await versions.inUnitOfWork(async () => {
          stamped.push(await versions.bump('user-b'), await versions.bump('user-b'));
        });
        storedInside = await counter();
        stamped.push(await versions.bump('user-a'));
        expect(await versions.current()).toBe(before + 4);
      }),
    );
    expect(stamped).toEqual([before + 1, before + 2, before + 3, before + 4]);
    expect(storedInside).toBe(before); // the inner unit's end stored nothing: the outer one does
    expect(await counter()).toBe(before + 4);
  });

  it('gives the writes of one group commit consecutive versions and stores the counter they reached', async () => {
    const { versions, groupCommit } = t.deps;
    const before = await counter();
    const writes = ['user-a', 'user-b', 'user-c'].map((userId) => groupCommit.run(() => versions.bump(userId)));
    const { batches } = groupCommit.stats();
    expect(await Promise.all(writes)).toEqual([before + 1, before + 2, before + 3]);
    expect(groupCommit.stats().batches).toBe(batches + 1);
    expect(await counter()).toBe(before + 3);
  });

  it('leaves the counter as it was after a unit that stamped nothing, or rolled back', async () => {
    const { versions } = t.deps;
    const before = await counter();
    await t.database.sql.transaction(() => versions.inUnitOfWork(async () => expect(await versions.current()).toBe(before)));
    await expect(
      t.database.sql.transaction(() =>
        versions.inUnitOfWork(async () => {
          await versions.bump('user-a');
          throw new Error('refused');
        }),
      ),
    ).rejects.toThrow('refused');
    expect(await counter()).toBe(before);
  });
});
