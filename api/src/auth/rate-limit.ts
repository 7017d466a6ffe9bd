import { DomainError } from '#protocol/errors.ts';
import type { SqlDatabase } from '../db/sql/port.ts';

/** How often (at most) one process sweeps the windows that ended, and how many rows at a time. */
const SWEEP_EVERY_MS = 60_000;
const SWEEP_ROWS = 500;

/**
 * Fixed-window counters in the database (`rate_limits`, ADR 031), so that every instance on it
 * counts the same hits: failures through one instance lock the account on the others too. On
 * SQLite as on PostgreSQL: one code path, and a lock-out outlives a restart.
 *
 * A key's window opens at its first hit and lasts `windowMs`; a hit increments it in one
 * statement (`INSERT … ON CONFLICT DO UPDATE … RETURNING`), so two instances' hits never lose one.
 * Inside a transaction a hit is part of it, and rolls back with it: what never happened is not
 * counted (a message whose push failed). Checking and then counting are two statements, so
 * requests racing on several instances may pass the limit by as many as race, as they could within
 * one process while a password was being checked.
 */
export class RateLimiter {
  constructor(
    private readonly db: SqlDatabase,
    /** The limiter's name, the rows' `limiter`: one per kind of event counted. */
    readonly name: string,
    readonly limit: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
    private readonly sweeper: RateLimitSweeper = createRateLimitSweeper(db, now),
  ) {}

  /** Milliseconds until `key` may try again, or 0 when it is under the limit. */
  async retryAfter(key: string): Promise<number> {
    const window = await this.db.get<{ hits: number; reset_at: number }>('SELECT hits, reset_at FROM rate_limits WHERE limiter = ? AND subject = ?', [this.name, key]);
    const current = this.now();
    if (!window || window.reset_at <= current) return 0;
    return window.hits >= this.limit ? window.reset_at - current : 0;
  }

  /** Counts one event for `key`; returns how many its window now holds. */
  async hit(key: string): Promise<number> {
    const current = this.now();
    const row = await this.db.get<{ hits: number }>(
      `INSERT INTO rate_limits (limiter, subject, hits, reset_at) VALUES (?, ?, 1, ?)
       ON CONFLICT (limiter, subject) DO UPDATE SET
         hits = CASE WHEN rate_limits.reset_at <= ? THEN 1 ELSE rate_limits.hits + 1 END,
         reset_at = CASE WHEN rate_limits.reset_at <= ? THEN excluded.reset_at ELSE rate_limits.reset_at END
       RETURNING hits`,
      [this.name, key, current + this.windowMs, current, current],
    );
    this.sweeper.due();
    return Number(row?.hits ?? 1);
  }

  /** Forgets `key`'s window (a successful login, a new password). */
  async reset(key: string): Promise<void> {
    await this.db.run('DELETE FROM rate_limits WHERE limiter = ? AND subject = ?', [this.name, key]);
  }
}

export interface RateLimitSweeper {
  /** Sweeps ended windows if the last sweep is old enough: after the open transaction commits, in the background. */
  due(): void;
  /** Deletes up to one batch of ended windows now; how many it deleted. */
  sweep(): Promise<number>;
}

/**
 * Deletes ended windows, a bounded batch at a time, at most once a minute per process (any
 * instance's sweep serves all). It runs outside the transaction a hit may be in, so a push never
 * holds the rows it deletes.
 */
export function createRateLimitSweeper(db: SqlDatabase, now: () => number = Date.now): RateLimitSweeper {
  let lastSweep = now();
  let sweeping = false;
  const sweep = async (): Promise<number> => {
    const { changes } = await db.run(
      'DELETE FROM rate_limits WHERE (limiter, subject) IN (SELECT limiter, subject FROM rate_limits WHERE reset_at <= ? LIMIT ?)',
      [now(), SWEEP_ROWS],
    );
    return changes;
  };
  return {
    sweep,
    due() {
      if (sweeping || now() - lastSweep < SWEEP_EVERY_MS) return;
      lastSweep = now();
      db.afterCommit(() => {
        if (sweeping) return;
        sweeping = true;
        // A lost sweep costs nothing: the next one takes those rows.
        sweep()
          .catch(() => 0)
          .finally(() => (sweeping = false));
      });
    },
  };
}

/**
 * Refuses while `key` is over `limiter`'s limit (login, registrations, payouts; AI calls with
 * SPEC §8's quota code instead), saying when to try again.
 */
export async function refuseWhenLimited(limiter: RateLimiter, key: string, code: 'RATE_LIMITED' | 'AI_QUOTA_EXCEEDED' = 'RATE_LIMITED'): Promise<void> {
  const waitMs = await limiter.retryAfter(key);
  if (waitMs > 0) {
    const seconds = Math.ceil(waitMs / 1000);
    throw new DomainError(code, { values: { minutes: Math.ceil(seconds / 60) }, retryAfterSeconds: seconds });
  }
}
