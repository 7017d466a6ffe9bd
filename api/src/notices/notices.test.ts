import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, openAnotherInstance, type TestApp } from '../../test/harness.ts';
import { createUser } from '../../test/factories.ts';
import { createNotices, type NewNotice } from './notices.ts';

let t: TestApp;
let clock = Date.parse('2026-12-01T10:30:00Z');
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const notices = (app: TestApp = t) => createNotices(app.database.sql, () => clock);
const aNotice = (userId: string, over: Partial<NewNotice> = {}): NewNotice => ({ userId, kind: 'weighIn', key: '2026-12-01', dueAt: clock, notAfter: null, payload: '{}', ...over });
const MINUTE = 60_000;

describe('notices waiting to be sent (issue 50, ADR 032)', () => {
  it('are made once per person, kind and key, however often their cause is seen', async () => {
    const { user } = await createUser(t.deps);
    expect(await notices().schedule(aNotice(user.id))).toBe(true);
    expect(await notices().schedule(aNotice(user.id, { payload: '{"again":true}' }))).toBe(false);
    expect(await notices().schedule(aNotice(user.id, { key: '2026-12-02' }))).toBe(true);
    const rows = await t.database.sql.all<{ key: string; payload: string }>('SELECT key, payload FROM notices WHERE user_id = ? ORDER BY key', [user.id]);
    expect(rows).toEqual([
      { key: '2026-12-01', payload: '{}' },
      { key: '2026-12-02', payload: '{}' },
    ]);
  });

  it('are claimed when due, oldest first, by one claim at a time until its lease runs out; a sent one never again', async () => {
    clock = Date.parse('2026-12-02T10:30:00Z');
    const { user } = await createUser(t.deps);
    await notices().schedule(aNotice(user.id, { kind: 'message', key: 'm2', dueAt: clock - MINUTE }));
    await notices().schedule(aNotice(user.id, { kind: 'message', key: 'm1', dueAt: clock - 2 * MINUTE }));
    await notices().schedule(aNotice(user.id, { kind: 'message', key: 'later', dueAt: clock + MINUTE }));
    const first = (await notices().claimDue(100, MINUTE)).filter((notice) => notice.userId === user.id);
    expect(first.map((notice) => [notice.key, notice.attempt])).toEqual([
      ['m1', 1],
      ['m2', 1],
    ]);
    expect((await notices().claimDue(100, MINUTE)).filter((notice) => notice.userId === user.id)).toEqual([]);
    await notices().markSent(first[0]!.id);
    clock += 2 * MINUTE; // the lease ran out: m2's instance died; 'later' is due now
    const second = (await notices().claimDue(100, MINUTE)).filter((notice) => notice.userId === user.id);
    expect(second.map((notice) => [notice.key, notice.attempt])).toEqual([
      ['m2', 2],
      ['later', 1],
    ]);
    await notices().retryAt(second[0]!.id, clock + 5 * MINUTE);
    expect((await notices().claimDue(100, MINUTE)).filter((notice) => notice.userId === user.id)).toEqual([]);
  });

  it('skip a reminder found past its usefulness (the server was down), never sending it', async () => {
    clock = Date.parse('2026-12-03T10:30:00Z');
    const { user } = await createUser(t.deps);
    await notices().schedule(aNotice(user.id, { key: 'stale', dueAt: clock - 3 * 60 * MINUTE, notAfter: clock - 60 * MINUTE }));
    await notices().schedule(aNotice(user.id, { key: 'fresh', dueAt: clock - 30 * MINUTE, notAfter: clock + 90 * MINUTE }));
    expect((await notices().claimDue(100, MINUTE)).filter((notice) => notice.userId === user.id).map((notice) => notice.key)).toEqual(['fresh']);
    expect(await t.database.sql.all('SELECT key, skipped FROM notices WHERE user_id = ? AND done_at IS NOT NULL', [user.id])).toEqual([{ key: 'stale', skipped: 1 }]);
  });

  it('are each claimed by one instance when two claim at once', async () => {
    clock = Date.parse('2026-12-04T10:30:00Z');
    const { user } = await createUser(t.deps);
    for (let k = 0; k < 60; k++) await notices().schedule(aNotice(user.id, { kind: 'trackingEvening', key: `k${k}`, dueAt: clock - k }));
    const other = openAnotherInstance(t);
    try {
      const rounds = await Promise.all([0, 1, 2, 3].map((round) => notices(round % 2 === 0 ? t : other).claimDue(20, MINUTE)));
      const claimed = rounds.flat().filter((notice) => notice.userId === user.id).map((notice) => notice.key);
      expect(claimed).toHaveLength(60);
      expect(new Set(claimed).size).toBe(60);
    } finally {
      await other.close();
    }
  });
});
