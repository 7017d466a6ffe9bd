import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ClockDriftError, MAX_COUNTER, compareHlc, createClock, formatHlc, isTooFarAhead, parseHlc } from './hlc.ts';

describe('hybrid logical clock', () => {
  it('formats and parses round-trip, and string order is time order', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 253402300799999 }), fc.integer({ min: 0, max: MAX_COUNTER }), (millis, counter) => {
        const hlc = { millis, counter, node: 'dev1' };
        expect(parseHlc(formatHlc(hlc))).toEqual(hlc);
      }),
    );
    expect(compareHlc(formatHlc({ millis: 1000, counter: 5, node: 'a' }), formatHlc({ millis: 1001, counter: 0, node: 'a' }))).toBe(-1);
    expect(compareHlc(formatHlc({ millis: 1000, counter: 16, node: 'a' }), formatHlc({ millis: 1000, counter: 15, node: 'z' }))).toBe(1);
  });

  it('rejects malformed timestamps', () => {
    for (const bad of ['', 'x', '2026-02-30T00:00:00.000Z-000000-a', '2026-01-01T00:00:00.000Z-00000g-a', '2026-01-01T00:00:00.000Z-000000-', `2026-01-01T00:00:00.000Z-000000-${'n'.repeat(65)}`]) {
      expect(parseHlc(bad)).toBeNull();
    }
  });

  it('is strictly monotonic even when the wall clock stands still or goes back', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -5000, max: 5000 }), { minLength: 1, maxLength: 200 }), (steps) => {
        let wall = 1_800_000_000_000;
        const clock = createClock('dev', () => wall);
        let previous = '';
        for (const step of steps) {
          wall += step;
          const next = clock.now();
          expect(next > previous).toBe(true);
          previous = next;
        }
      }),
    );
  });

  it('orders local events after every timestamp received', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 100 })), { maxLength: 100 }), (remotes) => {
        const wall = 1_800_000_000_000;
        const clock = createClock('local', () => wall);
        for (const [offset, counter] of remotes) {
          const remote = formatHlc({ millis: wall + offset, counter, node: 'remote' });
          clock.receive(remote);
          expect(clock.now() > remote).toBe(true);
        }
      }),
    );
  });

  it('restores its state after a reload so timestamps never repeat', () => {
    const wall = 1_800_000_000_000;
    const before = createClock('dev', () => wall);
    before.now();
    const last = before.now();
    const after = createClock('dev', () => wall - 60_000, last); // the wall clock went back a minute
    expect(after.now() > last).toBe(true);
  });

  it('borrows the next millisecond instead of overflowing the counter', () => {
    const wall = 1_800_000_000_000;
    const clock = createClock('dev', () => wall, formatHlc({ millis: wall, counter: MAX_COUNTER, node: 'dev' }));
    const next = parseHlc(clock.now());
    expect(next).toEqual({ millis: wall + 1, counter: 0, node: 'dev' });
  });

  it('refuses a timestamp too far in the future', () => {
    const wall = 1_800_000_000_000;
    const clock = createClock('server', () => wall);
    const far = formatHlc({ millis: wall + 10 * 60_000, counter: 0, node: 'broken' });
    expect(() => clock.receive(far)).toThrow(ClockDriftError);
    expect(isTooFarAhead(far, wall)).toBe(true);
    expect(isTooFarAhead(formatHlc({ millis: wall + 60_000, counter: 0, node: 'ok' }), wall)).toBe(false);
  });
});
