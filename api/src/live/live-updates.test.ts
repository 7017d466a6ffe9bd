import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.ts';
import type { LiveListener } from './live-updates.ts';

const t = createTestApp();
afterAll(() => t.close());
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

function listen(userId: string) {
  const pokes: number[] = [];
  let closed = false;
  const listener: LiveListener = { poke: (version) => pokes.push(version), close: () => (closed = true) };
  const stop = t.deps.live.subscribe(userId, listener);
  return { pokes, stop, closed: () => closed };
}

describe('live updates hub', () => {
  it('pokes only the changed user, once per turn however many writes, with the version after them, after the commit', () => {
    const ana = listen('ana');
    const bia = listen('bia');
    t.deps.database.sqlite.transaction(() => {
      t.deps.versions.bump('ana');
      t.deps.versions.bump('ana');
      expect(ana.pokes).toEqual([]); // not before the commit
    })();
    return nextTurn().then(() => {
      expect(ana.pokes).toEqual([t.deps.live.version()]);
      expect(bia.pokes).toEqual([]);
      ana.stop();
      bia.stop();
    });
  });

  it('keeps at most 8 streams per user: a ninth ends the oldest (its browser reconnects if it is still there)', () => {
    const pages = Array.from({ length: 9 }, () => listen('dora'));
    expect(pages.map((p) => p.closed())).toEqual([true, false, false, false, false, false, false, false, false]);
    for (const page of pages) page.stop();
    expect(t.deps.live.connections()).toBe(0);
  });

  it('tells every open page of the user, forgets a page that stopped listening, and ends every stream at shutdown', async () => {
    const phone = listen('carla');
    const laptop = listen('carla');
    phone.stop();
    t.deps.versions.bump('carla');
    await nextTurn();
    expect(phone.pokes).toEqual([]);
    expect(laptop.pokes).toHaveLength(1);
    expect(t.deps.live.connections()).toBe(1);
    t.deps.live.closeAll();
    expect(laptop.closed()).toBe(true);
    laptop.stop();
    expect(t.deps.live.connections()).toBe(0);
  });
});
