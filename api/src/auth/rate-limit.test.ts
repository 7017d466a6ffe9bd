/**
 * The rate limits' counters in the database (ADR 031), on SQLite and, in the suite's second run,
 * on PostgreSQL: windows, rollback with a transaction, sweeping, and hits from two instances.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { openPostgresDatabase } from '../db/client.ts';
import { createRateLimitSweeper, RateLimiter } from './rate-limit.ts';

let t: TestApp | undefined;
afterEach(() => t?.close());

let clock = Date.UTC(2026, 10, 1);
const now = () => clock;
const rows = async () => (await t!.database.sql.all<{ limiter: string; subject: string; hits: number; reset_at: number }>('SELECT limiter, subject, hits, reset_at FROM rate_limits ORDER BY limiter, subject')).map((row) => ({ ...row, hits: Number(row.hits), reset_at: Number(row.reset_at) }));

describe('RateLimiter', () => {
  it('counts a key’s hits in a window opened by its first hit, then starts a new one; keys and limiters apart', async () => {
    t = await createTestApp();
    const start = clock;
    const logins = new RateLimiter(t.database.sql, 'logins', 3, 60_000, now);
    const other = new RateLimiter(t.database.sql, 'other', 3, 60_000, now);
    expect(await logins.retryAfter('ana')).toBe(0);
    expect([await logins.hit('ana'), await logins.hit('ana')]).toEqual([1, 2]);
    clock += 10_000;
    expect(await logins.hit('ana')).toBe(3);
    expect(await logins.retryAfter('ana')).toBe(50_000);
    expect([await logins.retryAfter('bia'), await other.retryAfter('ana')]).toEqual([0, 0]);
    clock = start + 60_000;
    expect(await logins.retryAfter('ana')).toBe(0);
    expect(await logins.hit('ana')).toBe(1);
    expect(await rows()).toEqual([{ limiter: 'logins', subject: 'ana', hits: 1, reset_at: start + 120_000 }]);
    await logins.reset('ana');
    expect(await rows()).toEqual([]);
  });

  it('takes back a hit counted in a transaction that rolls back', async () => {
    t = await createTestApp();
    const sql = t.database.sql;
    const messages = new RateLimiter(sql, 'messages', 2, 60_000, now);
    await messages.hit('gil');
    await expect(
      sql.transaction(async () => {
        await messages.hit('gil');
        expect(await messages.retryAfter('gil')).toBeGreaterThan(0); // the transaction sees its own hit
        throw new Error('push failed');
      }),
    ).rejects.toThrow('push failed');
    expect(await messages.retryAfter('gil')).toBe(0);
    expect((await rows())[0]?.hits).toBe(1);
  });

  it('sweeps ended windows, a bounded batch at a time, and leaves open ones', async () => {
    t = await createTestApp();
    const sql = t.database.sql;
    const start = clock;
    const short = new RateLimiter(sql, 'short', 5, 1_000, now);
    const long = new RateLimiter(sql, 'long', 5, 60_000, now);
    for (let i = 0; i < 3; i++) await short.hit(`k${i}`);
    await long.hit('k0');
    clock = start + 1_000;
    expect(await createRateLimitSweeper(sql, now).sweep()).toBe(3);
    expect(await rows()).toEqual([{ limiter: 'long', subject: 'k0', hits: 1, reset_at: start + 60_000 }]);
  });

  it('loses no hit when two instances count the same key at once', async () => {
    t = await createTestApp();
    const { databaseUrl } = t.deps.config;
    const other = databaseUrl ? openPostgresDatabase(databaseUrl) : null;
    try {
      const a = new RateLimiter(t.database.sql, 'ai-calls', 100, 60_000, now);
      const b = new RateLimiter((other ?? t.database).sql, 'ai-calls', 100, 60_000, now);
      const counts = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? a : b).hit('ana')));
      expect(counts.sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
      expect((await rows())[0]?.hits).toBe(40);
    } finally {
      await other?.close();
    }
  });
});
