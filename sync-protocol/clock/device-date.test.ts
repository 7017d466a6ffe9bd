import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isDeviceDateAhead, latestDeviceDate } from './device-date.ts';

const DAY_MS = 86_400_000;
const utcDate = (millis: number) => new Date(millis).toISOString().slice(0, 10);

describe('a device date ahead of every time zone', () => {
  it.each([
    // At UTC midnight Kiribati (UTC+14) is at 14:00 of the same day; a minute before, at 13:59 of it.
    ['2026-11-28T00:00:00.000Z', '2026-11-29', '2026-11-30'],
    ['2026-11-28T23:59:59.999Z', '2026-11-29', '2026-11-30'],
    ['2026-12-31T12:00:00.000Z', '2027-01-01', '2027-01-02'],
    ['2028-02-28T23:59:00.000Z', '2028-02-29', '2028-03-01'],
  ])('at %s takes %s (Kiribati’s day) and refuses %s', (at, tomorrow, dayAfter) => {
    const now = Date.parse(at);
    expect(latestDeviceDate(now)).toBe(tomorrow);
    expect(isDeviceDateAhead(tomorrow, now)).toBe(false);
    expect(isDeviceDateAhead(dayAfter, now)).toBe(true);
    expect(isDeviceDateAhead('2099-01-05', now)).toBe(true);
  });

  it('takes the UTC date plus one day and everything before it, and refuses from the next day on, at any time of any day', () => {
    // Each day at 00:00, 23:59 and a random moment between.
    const moments = fc.tuple(fc.integer({ min: 0, max: 100_000 }), fc.oneof(fc.constant(0), fc.constant(DAY_MS - 60_000), fc.constant(DAY_MS - 1), fc.integer({ min: 0, max: DAY_MS - 1 })));
    fc.assert(
      fc.property(moments, fc.integer({ min: -3_000, max: 3_000 }), ([day, time], offsetDays) => {
        const now = day * DAY_MS + time;
        const date = utcDate(now + offsetDays * DAY_MS);
        expect(isDeviceDateAhead(date, now)).toBe(offsetDays >= 2);
      }),
    );
  });

  it('agrees with the real zones: no zone’s date is ever ahead', () => {
    const zones = ['Pacific/Kiritimati', 'Pacific/Tongatapu', 'Pacific/Auckland', 'Asia/Tokyo', 'America/Sao_Paulo', 'Pacific/Pago_Pago', 'Etc/GMT+12'];
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2060, 0, 1) }), fc.constantFrom(...zones), (now, timeZone) => {
        const local = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
        expect(isDeviceDateAhead(local, now)).toBe(false);
      }),
    );
  });
});
