import { describe, expect, it } from 'vitest';
import { clock, justEnded, secondsLeft } from './rest-clock.ts';

describe('the rest clock', () => {
  const endsAt = Date.parse('2026-11-29T10:01:30Z');

  it('counts from the wall clock: right after the screen was off for a minute', () => {
    expect(secondsLeft(endsAt, Date.parse('2026-11-29T10:00:00Z'))).toBe(90);
    expect(secondsLeft(endsAt, Date.parse('2026-11-29T10:01:00.400Z'))).toBe(30);
    expect(secondsLeft(endsAt, Date.parse('2026-11-29T10:05:00Z'))).toBe(0);
  });

  it('sounds once when the end is reached, not on coming back long after it', () => {
    expect(justEnded(endsAt, endsAt - 250, endsAt + 10)).toBe(true);
    expect(justEnded(endsAt, endsAt + 10, endsAt + 260)).toBe(false);
    expect(justEnded(endsAt, endsAt - 60_000, endsAt + 5 * 60_000)).toBe(false);
  });

  it('reads as minutes and seconds', () => {
    expect(clock(90)).toBe('1:30');
    expect(clock(5)).toBe('0:05');
    expect(clock(0)).toBe('0:00');
  });
});
