import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MAX_COUNTER, compareHlc, createClock, formatHlc, parseHlc } from './hlc.ts';

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

  it('parses exactly what the regular form with a real instant describes', () => {
    const reference = (value: string) => {
      const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)-([0-9a-f]{6})-([A-Za-z0-9_-]{1,64})$/.exec(value);
      const millis = match ? Date.parse(match[1] as string) : NaN;
      if (!match || !(millis >= 0) || new Date(millis).toISOString() !== match[1]) return null;
      return { millis, counter: parseInt(match[2] as string, 16), node: match[3] };
    };
    const valid = fc
      .tuple(fc.integer({ min: 0, max: 253402300799999 }), fc.integer({ min: 0, max: MAX_COUNTER }), fc.stringMatching(/^[A-Za-z0-9_-]{1,66}$/))
      .map(([millis, counter, node]) => formatHlc({ millis, counter, node }));
    const nearMiss = fc.tuple(valid, fc.nat(), fc.constantFrom(...'09afgAZ-_:.T+ \u00e9')).map(([value, at, char]) => {
      const i = at % value.length;
      return value.slice(0, i) + char + value.slice(i + 1);
    });
    fc.assert(
      fc.property(fc.oneof(valid, nearMiss, fc.string({ maxLength: 40 })), (value) => {
        expect(parseHlc(value)).toEqual(reference(value));
      }),
      { numRuns: 3000 },
    );
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

  it('keeps a timestamp from its past and re-stamps one from its future, in arrival order', () => {
    let wall = 1_800_000_000_000;
    const server = createClock('server', () => wall);
    const past = formatHlc({ millis: wall - 60_000, counter: 3, node: 'slow' });
    expect(server.stamp(past)).toBe(past);
    expect(server.now() > past).toBe(true);

    // A device ten minutes fast, then a day fast: each change gets the server's own time.
    const fast = formatHlc({ millis: wall + 10 * 60_000, counter: 0, node: 'fast' });
    const fasterStill = formatHlc({ millis: wall + 24 * 3_600_000, counter: 0, node: 'fast' });
    const first = server.stamp(fast);
    const second = server.stamp(fasterStill);
    expect(parseHlc(first)?.millis).toBe(wall);
    expect(second > first).toBe(true);
    expect(parseHlc(second)?.millis).toBe(wall);
    // Once the wall clock passes the device's timestamp it is kept as it is.
    wall += 11 * 60_000;
    expect(server.stamp(fast)).toBe(fast);
  });

  it('stamps every sequence of a device’s timestamps in the device’s order, none ahead of the server', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ skew: fc.integer({ min: -86_400_000, max: 86_400_000 }), elapsed: fc.integer({ min: 0, max: 600_000 }) }), { minLength: 1, maxLength: 60 }),
        (steps) => {
          let wall = 1_800_000_000_000;
          const server = createClock('server', () => wall);
          let deviceWall = wall;
          const device = createClock('device', () => deviceWall);
          let previous = '';
          for (const { skew, elapsed } of steps) {
            wall += elapsed;
            deviceWall = wall + skew; // the device's clock is set wrong, then right, then wrong again
            const stored = server.stamp(device.now());
            expect(stored > previous).toBe(true);
            expect(parseHlc(stored)!.millis).toBeLessThanOrEqual(wall);
            previous = stored;
          }
        },
      ),
    );
  });
});
