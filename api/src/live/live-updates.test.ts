import { afterAll, describe, expect, it } from 'vitest';
import { openPostgresDatabase } from '../db/client.ts';
import { createTestApp } from '../../test/harness.ts';
import { createLiveUpdates, type LiveListener } from './live-updates.ts';

const t = await createTestApp();
afterAll(() => t.close());
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The pokes go out on a turn after the commit, once the version is read: waits for them, at most 2 s. */
const until = async (done: () => boolean) => {
  for (let i = 0; i < 200 && !done(); i++) await wait(10);
};
/** Long enough for a poke on its way to have arrived. */
const settle = () => wait(50);

function listen(userId: string) {
  const pokes: number[] = [];
  let closed = false;
  const listener: LiveListener = { poke: (version) => pokes.push(version), close: () => (closed = true) };
  const stop = t.deps.live.subscribe(userId, listener);
  return { pokes, stop, closed: () => closed };
}

describe('live updates hub', () => {
  it('pokes only the changed user, once per turn however many writes, with the version after them, after the commit', async () => {
    const ana = listen('ana');
    const bia = listen('bia');
    const { sql } = t.deps.database;
    await sql.transaction(async () => {
      await t.deps.versions.bump('ana');
      await settle();
      await t.deps.versions.bump('ana');
      expect(ana.pokes).toEqual([]); // not before the commit, even turns later
    });
    await until(() => ana.pokes.length > 0);
    await settle();
    expect(ana.pokes).toEqual([await t.deps.live.version()]);
    expect(bia.pokes).toEqual([]);
    ana.stop();
    bia.stop();
  });

  it('pokes nobody for a change whose transaction rolls back', async () => {
    const eva = listen('eva');
    const before = await t.deps.live.version();
    await expect(
      t.deps.database.sql.transaction(async () => {
        await t.deps.versions.bump('eva');
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    await settle();
    expect(eva.pokes).toEqual([]);
    expect(await t.deps.live.version()).toBe(before);
    eva.stop();
  });

  it('keeps at most 8 streams per user: a ninth ends the oldest (its browser reconnects if it is still there)', () => {
    const pages = Array.from({ length: 9 }, () => listen('dora'));
    expect(pages.map((p) => p.closed())).toEqual([true, false, false, false, false, false, false, false, false]);
    for (const page of pages) page.stop();
    expect(t.deps.live.connections()).toBe(0);
  });

  it('tells every open page of the user, forgets a page that stopped listening, and ends every stream at shutdown, and any opened after', async () => {
    const phone = listen('carla');
    const laptop = listen('carla');
    phone.stop();
    await t.deps.versions.bump('carla');
    await until(() => laptop.pokes.length > 0);
    await settle();
    expect(phone.pokes).toEqual([]);
    expect(laptop.pokes).toHaveLength(1);
    expect(t.deps.live.connections()).toBe(1);
    t.deps.live.closeAll();
    expect(laptop.closed()).toBe(true);
    laptop.stop();
    expect(t.deps.live.connections()).toBe(0);
    // A page that connects while the server stops (its balancer not told yet) is ended at once too.
    const late = listen('carla');
    expect(late.closed()).toBe(true);
    expect(t.deps.live.connections()).toBe(0);
  });

  it('reaches a page connected to another instance on the same database within 5 s, once per transaction', async () => {
    // Another instance: its own connections to the same PostgreSQL; on SQLite, the one process's port.
    const { databaseUrl } = t.deps.config;
    const other = databaseUrl ? openPostgresDatabase(databaseUrl) : null;
    const elsewhere = createLiveUpdates(other?.sql ?? t.deps.database.sql);
    const pokes: number[] = [];
    const stop = elsewhere.subscribe('gil', { poke: (version) => pokes.push(version), close: () => {} });
    try {
      // The other instance's listening connection is up once it hears a notice sent to it.
      let heard = false;
      const stopProbe = (other?.sql ?? t.deps.database.sql).listen('leve_live', { heard: () => (heard = true), lost: () => {} });
      for (let i = 0; i < 100 && !heard; i++) {
        await t.deps.database.sql.notify('leve_live', 'nobody');
        await wait(20);
      }
      stopProbe();
      expect(heard).toBe(true);
      await t.deps.database.sql.transaction(async () => {
        for (let i = 0; i < 5; i++) await t.deps.versions.bump('gil');
      });
      const started = Date.now();
      await until(() => pokes.length > 0);
      expect(Date.now() - started).toBeLessThan(5_000);
      await settle();
      expect(pokes).toEqual([await t.deps.live.version()]);
    } finally {
      stop();
      await other?.close();
    }
  });
});
