import { DomainError } from '#protocol/errors.ts';
/**
 * Fixed-window counters in memory: enough for the single process this app runs as (ADR 003).
 * Old windows are swept when the map grows, so memory stays bounded under a flood of keys.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Milliseconds until `key` may try again, or 0 when it is under the limit. */
  retryAfter(key: string): number {
    const window = this.windows.get(key);
    if (!window || window.resetAt <= this.now()) return 0;
    return window.count >= this.limit ? window.resetAt - this.now() : 0;
  }

  hit(key: string): void {
    const current = this.now();
    const window = this.windows.get(key);
    if (!window || window.resetAt <= current) {
      if (this.windows.size >= 50_000) this.sweep(current);
      this.windows.set(key, { count: 1, resetAt: current + this.windowMs });
    } else {
      window.count += 1;
    }
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private sweep(current: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= current) this.windows.delete(key);
    if (this.windows.size >= 50_000) this.windows.clear(); // a flood of distinct keys: start over
  }
}

/**
 * Refuses while `key` is over `limiter`'s limit (login, registrations, payouts; AI calls with
 * SPEC §8's quota code instead), saying when to try again.
 */
export function refuseWhenLimited(limiter: RateLimiter, key: string, code: 'RATE_LIMITED' | 'AI_QUOTA_EXCEEDED' = 'RATE_LIMITED'): void {
  const waitMs = limiter.retryAfter(key);
  if (waitMs > 0) {
    const seconds = Math.ceil(waitMs / 1000);
    throw new DomainError(code, { values: { minutes: Math.ceil(seconds / 60) }, retryAfterSeconds: seconds });
  }
}
